import { Alert, Button, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo } from '../config/routes.ts';
import { useCurrentUser } from '../lib/use-session.ts';

/**
 * spec 6: a feature that needs an active plan (channels, web booking). The button opens pageSubscription
 * (trial accounts) or updateSubscription (subscribed ones).
 */
export function PlanUpgradePrompt({
  texts,
  testId,
}: {
  texts: { title: string; body: string; cta: string };
  testId: string;
}) {
  const status = useCurrentUser().data?.status_subscription ?? null;
  const href = pathTo(status === 'subscribed' ? 'updateSubscription' : 'pageSubscription');
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
      <Button component={Link} to={href} mt="sm" size="xs" color="grape">
        {texts.cta}
      </Button>
    </Alert>
  );
}
