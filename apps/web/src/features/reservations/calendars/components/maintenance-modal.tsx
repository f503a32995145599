import { Alert, Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { RoomStatus } from '@posada/contracts/property-rooms';
import { IconCircleCheck, IconInfoCircle, IconLock, IconTool } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notify.ts';
import { calendarApi, useCalendarMutation } from '../api/calendar-api.ts';
import type { CalendarProperty, CalendarRoomType, CalendarUnit } from '../lib/grid-rows.ts';
import { Sheet } from './sheet.tsx';

export interface MaintenanceState {
  property: CalendarProperty;
  room: CalendarUnit;
  roomType: CalendarRoomType | null;
}

const statusColor: Record<RoomStatus, string> = {
  available: 'teal',
  occupied: 'blue',
  cleaning: 'yellow',
  maintenance: 'red',
};

/**
 * spec 2.4 maintenance modal (hotel calendar): put a room in maintenance or make it available again,
 * through the rooms API (PATCH /api/properties/{id}/rooms/{roomId}/status). A room in maintenance cannot
 * be sold and shows red on the calendar; its existing bookings are kept (spec 4).
 */
export function MaintenanceModal({
  state,
  today,
  onClose,
  onBlockDates,
}: {
  state: MaintenanceState | null;
  today: string;
  onClose: () => void;
  onBlockDates: (state: MaintenanceState) => void;
}) {
  const { t } = useTranslation(['calendar', 'common']);
  const [choice, setChoice] = useState<'available' | 'maintenance'>('available');
  const save = useCalendarMutation(({ status }: { status: RoomStatus }) =>
    calendarApi.setRoomStatus(state?.property.id ?? '', state?.room.id ?? '', status),
  );

  useEffect(() => {
    if (state) setChoice(state.room.status === 'maintenance' ? 'maintenance' : 'available');
  }, [state]);

  const room = state?.room;
  const upcoming = room
    ? room.bookings.filter((b) => b.status !== 'cancelled' && b.end_date > today).length
    : 0;
  const unchanged = !room || (choice === 'maintenance') === (room.status === 'maintenance');

  const submit = async () => {
    if (!state || !room) return;
    try {
      await save.mutateAsync({ status: choice });
      notify.success(
        choice === 'maintenance'
          ? t('maintenance.onDone', { room: room.name })
          : t('maintenance.offDone', { room: room.name }),
      );
      onClose();
    } catch (e) {
      notify.error(t('errors.request', { msg: e instanceof ApiError ? e.message : String(e) }));
    }
  };

  return (
    <Sheet opened={Boolean(state)} onClose={onClose} title={t('maintenance.title')} size={460}>
      {state && room ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={700} fz="lg">
                {t('maintenance.room', { room: room.name })}
              </Text>
              {state.roomType ? (
                <Text size="sm" c="dimmed">
                  {state.roomType.name}
                </Text>
              ) : null}
            </Stack>
            <Badge
              color={statusColor[room.status]}
              variant={room.status === 'maintenance' ? 'filled' : 'light'}
              tt="none"
            >
              {t(`roomStatus.${room.status}`)}
            </Badge>
          </Group>
          <Radio.Group
            value={choice}
            onChange={(v) => setChoice(v as 'available' | 'maintenance')}
            label={t('maintenance.status')}
          >
            <Stack gap="xs" mt={6}>
              <Radio.Card value="available" radius="md" p="sm" withBorder>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" />
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {t('maintenance.available')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('maintenance.availableHint')}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
              <Radio.Card value="maintenance" radius="md" p="sm" withBorder>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator color="red" />
                  <IconTool size={20} color="var(--mantine-color-red-7)" />
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {t('maintenance.maintenance')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('maintenance.maintenanceHint')}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            </Stack>
          </Radio.Group>
          {choice === 'maintenance' && upcoming > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('maintenance.keepsBookings', { count: upcoming })}
            </Alert>
          ) : null}
          <Group justify="space-between" mt="xs">
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLock size={16} />}
              onClick={() => onBlockDates(state)}
            >
              {t('maintenance.blockDates')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                color={choice === 'maintenance' ? 'red' : undefined}
                onClick={() => void submit()}
                loading={save.isPending}
                disabled={unchanged}
              >
                {t('maintenance.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Sheet>
  );
}
