import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resolveRoutePath } from '../../../config/contract-routes.ts';
import { supportEmail } from '../../../config/support.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';

/**
 * spec 6: channel connection needs an active plan. The button opens pageSubscription (trial accounts)
 * or updateSubscription once those screens exist; until then, the way to support.
 */
export function ChannelsPlanPrompt() {
  const { t } = useTranslation('channels');
  const status = useCurrentUser().data?.status_subscription ?? null;
  const href = resolveRoutePath(status === 'subscribed' ? 'updateSubscription' : 'pageSubscription');
  return (
    <Alert
      color="grape"
      variant="light"
      radius="lg"
      icon={<IconCrown size={20} aria-hidden />}
      title={t('plan.title')}
      data-testid="channels-plan-prompt"
    >
      <Text size="sm">{t('plan.body')}</Text>
      {href ? (
        <Button component={Link} to={href} mt="sm" size="xs" color="grape">
          {t('plan.cta')}
        </Button>
      ) : (
        <Text size="sm" mt="xs">
          {t('plan.contact')}{' '}
          <Anchor href={`mailto:${supportEmail}`} fw={600}>
            {supportEmail}
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
