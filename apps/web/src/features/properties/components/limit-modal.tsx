import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { limitTargetRoute } from '../lib/limit.ts';

/**
 * spec 5: 'Límite de alojamientos alcanzado'. The button opens pageSubscription (demo accounts) or
 * updateSubscription (the others).
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
  const route = limitTargetRoute(user);
  const href = pathTo(route);
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
              {t(route === 'pageSubscription' ? 'limit.hintDemo' : 'limit.hintPlan')}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
          <Button component={Link} to={href}>
            {t(route === 'pageSubscription' ? 'limit.choosePlan' : 'limit.upgrade')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
