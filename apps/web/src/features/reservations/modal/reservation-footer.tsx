import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The form's sticky footer: the total and the cancel and save buttons. */
export function ReservationFooter({
  mode,
  nights,
  total,
  saving,
  onCancel,
}: {
  mode: 'create' | 'edit';
  nights: number;
  /** The total, already formatted in the booking's currency. */
  total: string;
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['reservations', 'common']);
  return (
    <Paper
      withBorder
      radius={0}
      p="md"
      style={{
        position: 'sticky',
        bottom: 0,
        marginInline: 'calc(var(--mantine-spacing-md) * -1)',
        marginBottom: 'calc(var(--mantine-spacing-md) * -1)',
        borderInline: 0,
        borderBottom: 0,
        zIndex: 2,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('form.total')}
            {nights > 0 ? ` · ${t('form.nights', { count: nights })}` : ''}
          </Text>
          <Text fw={700} fz="xl" data-testid="reservation-total" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
            {total}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {mode === 'edit' ? t('form.saveChanges') : t('form.create')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
