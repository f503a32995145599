import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { resolveRoutePath } from '../config/contract-routes.ts';
import { supportEmail } from '../config/support.ts';
import { useCurrentUser } from '../lib/use-session.ts';

/**
 * spec 6: a feature that needs an active plan (channels, web booking). The button opens pageSubscription
 * (trial accounts) or updateSubscription once those screens exist; until then, the way to support.
 */
export function PlanUpgradePrompt({
  texts,
  testId,
}: {
  texts: { title: string; body: string; cta: string; contact: string };
  testId: string;
}) {
  const status = useCurrentUser().data?.status_subscription ?? null;
  const href = resolveRoutePath(status === 'subscribed' ? 'updateSubscription' : 'pageSubscription');
  return (
    <Alert
      color="grape"
      variant="light"
      radius="lg"
      icon={<IconCrown size={20} aria-hidden />}
      title={texts.title}
      data-testid={testId}
    >
      <Text size="sm">{texts.body}</Text>
      {href ? (
        <Button component={Link} to={href} mt="sm" size="xs" color="grape">
          {texts.cta}
        </Button>
      ) : (
        <Text size="sm" mt="xs">
          {texts.contact}{' '}
          <Anchor href={`mailto:${supportEmail}`} fw={600}>
            {supportEmail}
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
