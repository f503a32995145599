import { Anchor, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { IconBuildingCommunity, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resolveRoutePath } from '../../../config/contract-routes.ts';
import { supportEmail } from '../../../config/support.ts';
import { limitTarget } from '../lib/limit.ts';

/**
 * spec 5: 'Límite de alojamientos alcanzado'. The button opens pageSubscription (demo accounts) or
 * updateSubscription (the others) once those screens exist; until then, the way to support.
 */
export function LimitModal({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: Pick<User, 'status_subscription' | 'quantity' | 'properties'>;
}) {
  const { t } = useTranslation(['properties', 'common']);
  const target = limitTarget(user);
  const href = target.built ? resolveRoutePath(target.route) : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg" component="span">
          {t('limit.title')}
        </Text>
      }
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="orange">
            <IconBuildingCommunity size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={6}>
            <Text>{t('limit.body', { used: user.properties.length, max: user.quantity })}</Text>
            <Text size="sm" c="dimmed">
              {t(target.route === 'pageSubscription' ? 'limit.hintDemo' : 'limit.hintPlan')}
            </Text>
          </Stack>
        </Group>
        {href ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
            <Button component={Link} to={href}>
              {t(target.route === 'pageSubscription' ? 'limit.choosePlan' : 'limit.upgrade')}
            </Button>
          </Group>
        ) : (
          <Stack gap="sm">
            <Group
              gap={8}
              wrap="nowrap"
              p="sm"
              style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
            >
              <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">
                {t('limit.contactSupport')}{' '}
                <Anchor href={`mailto:${supportEmail}`} fw={600}>
                  {supportEmail}
                </Anchor>
              </Text>
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
