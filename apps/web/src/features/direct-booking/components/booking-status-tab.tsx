import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { DirectBookingSettings, WebUnit } from '@posada/contracts/direct-booking';
import { IconBuildingCommunity, IconWorldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetUnitActive, useUpdateSettingsNow } from '../api/direct-booking-api.ts';
import { notifyFailure } from '../lib/error-toast.ts';
import { groupUnitsByProperty } from '../lib/units.ts';

/**
 * Tab 1: the switch for all (enable_web_reservations); while it is off, that state and a way to turn it on;
 * while it is on, one switch per unit on sale.
 */
export function BookingStatusTab({ settings, locked }: { settings: DirectBookingSettings; locked: boolean }) {
  const { t } = useTranslation('direct-booking');
  const updateNow = useUpdateSettingsNow();
  const setUnit = useSetUnitActive();

  const toggleAll = (enabled: boolean) =>
    updateNow.mutate(
      { enable_web_reservations: enabled },
      {
        onSuccess: () => notify.success(t(enabled ? 'status.allOn' : 'status.allOff')),
        onError: (error) => notifyFailure(t('errors.webBooking'), error),
      },
    );
  const toggleUnit = (unit: WebUnit, active: boolean) =>
    setUnit.mutate(
      { unitId: unit.id, active },
      {
        onSuccess: () => notify.success(t(active ? 'status.unitOn' : 'status.unitOff', { name: unit.name })),
        onError: (error) => notifyFailure(t('errors.webBooking'), error),
      },
    );

  const groups = groupUnitsByProperty(settings.units);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} id="web-all-label">
              {t('status.allTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('status.allHint')}
            </Text>
          </Stack>
          <Switch
            size="lg"
            checked={settings.enable_web_reservations}
            onChange={(e) => toggleAll(e.currentTarget.checked)}
            disabled={locked}
            aria-labelledby="web-all-label"
            data-testid="web-booking-all"
            onLabel={t('status.on')}
            offLabel={t('status.off')}
          />
        </Group>
      </Paper>

      {!settings.enable_web_reservations ? (
        // One state (issue 27): with the web off nothing is on sale, whatever each unit's own switch says.
        <Paper withBorder radius="lg" data-testid="web-booking-off">
          <EmptyState
            icon={<IconWorldOff size={28} aria-hidden />}
            title={t('status.offTitle')}
            description={t('status.offHint')}
            action={
              <Button onClick={() => toggleAll(true)} disabled={locked} loading={updateNow.isPending}>
                {t('status.turnOn')}
              </Button>
            }
          />
        </Paper>
      ) : groups.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconBuildingCommunity size={28} aria-hidden />}
            title={t('status.noUnits')}
            description={t('status.noUnitsHint')}
            action={
              <Button component={Link} to={pathTo('createPropiedad')}>
                {t('status.createProperty')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <Stack gap="md">
          <Text fw={700}>{t('status.unitsTitle')}</Text>
          {groups.map((group) => (
            <Paper
              key={group.property_id}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              data-testid="web-booking-property"
            >
              <Stack gap="sm">
                {group.units.length > 1 || group.units[0]?.kind === 'room_type' ? (
                  <Text fw={700}>{group.property_name}</Text>
                ) : null}
                {group.units.map((unit) => (
                  <Group key={unit.id} justify="space-between" wrap="nowrap" gap="md">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={unit.kind === 'property' ? 700 : 500} truncate="end">
                        {unit.name}
                      </Text>
                      <Group gap={6}>
                        <Badge
                          size="sm"
                          variant="light"
                          color={unit.web_reservation_active ? 'teal' : 'gray'}
                          tt="none"
                        >
                          {t(unit.web_reservation_active ? 'status.onSale' : 'status.notOnSale')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {t(unit.kind === 'room_type' ? 'status.roomType' : 'status.wholeProperty')}
                        </Text>
                      </Group>
                    </Stack>
                    <Switch
                      checked={unit.web_reservation_active}
                      onChange={(e) => toggleUnit(unit, e.currentTarget.checked)}
                      disabled={locked}
                      aria-label={t('status.unitLabel', { name: unit.name })}
                      data-testid={`web-booking-unit-${unit.id}`}
                    />
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
