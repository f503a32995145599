import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { paywallExempt } from '../lib/status.ts';

/**
 * spec 4 demo_expired: once the trial is over, every business page sits behind a modal that cannot be
 * dismissed, except the subscription, invoices and billing pages and the account's profile.
 */
export function PaywallGate() {
  const { t } = useTranslation('subscription');
  const { pathname } = useLocation();
  const user = useCurrentUser().data;
  const blocked = user?.status_subscription === 'demo_expired' && !paywallExempt(pathname);
  return (
    <>
      <Outlet />
      <Modal
        opened={blocked}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        radius="lg"
        overlayProps={{ blur: 3, backgroundOpacity: 0.55 }}
        title={
          <Text fw={700} fz="lg" component="span">
            {t('paywall.title')}
          </Text>
        }
      >
        <Stack gap="md" align="center" ta="center" p="sm" data-testid="paywall">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t('paywall.body')}
          </Text>
          <Button component={Link} to={pathTo('pageSubscription')} size="md" fullWidth>
            {t('actions.choosePlan')}
          </Button>
          <Button component={Link} to={pathTo('Logout')} variant="subtle" color="gray" size="sm">
            {t('paywall.logout')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
