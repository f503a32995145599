import { Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeyPrefix, reservationsKeys } from '../../../../lib/api/bookings-keys.ts';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notify.ts';
import { bookingActions, calendarQuery } from '../api/calendar-api.ts';
import { freeRoomsFor, isHotelProperty } from '../lib/grid-rows.ts';

/** Change room (hotel calendar): one of the booking's rooms to a room free for the whole stay. */
export function ChangeRoom({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const { t } = useTranslation(['calendar', 'common']);
  const queryClient = useQueryClient();
  const [from, setFrom] = useState<string | null>(booking.rooms[0]?.id ?? null);
  const [to, setTo] = useState<string | null>(null);
  const calendar = useQuery(
    calendarQuery({ from: booking.start_date, to: booking.end_date, property_ids: booking.property_id }),
  );
  const property = calendar.data?.properties.find((p) => p.id === booking.property_id);
  const free = property && isHotelProperty(property) ? freeRoomsFor(property, booking) : [];
  const typeName = new Map(property?.room_types.map((rt) => [rt.id, rt.name]) ?? []);
  const move = useMutation({
    mutationFn: ({ fromId, toId }: { fromId: string; toId: string }) =>
      bookingActions.changeRoom(booking.id, fromId, toId),
  });

  const submit = async () => {
    if (!from || !to) return;
    const target = free.find((r) => r.id === to);
    try {
      const updated = await move.mutateAsync({ fromId: from, toId: to });
      if (updated && typeof updated === 'object' && 'id' in updated) {
        queryClient.setQueryData(reservationsKeys.one(booking.id), updated);
      }
      notify.success(t('changeRoom.done', { room: target?.name ?? '' }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeyPrefix }),
      ]);
      onDone();
    } catch (e) {
      notify.error(t('errors.request', { msg: e instanceof ApiError ? e.message : String(e) }));
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="change-room">
      <Stack gap="sm">
        <Text fw={650} size="sm">
          {t('changeRoom.title')}
        </Text>
        {booking.rooms.length > 1 ? (
          <Select
            label={t('changeRoom.from')}
            data={booking.rooms.map((r) => ({ value: r.id, label: r.name }))}
            value={from}
            onChange={setFrom}
            allowDeselect={false}
          />
        ) : null}
        {calendar.isPending ? (
          <Skeleton h={36} />
        ) : free.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('changeRoom.none')}
          </Text>
        ) : (
          <Select
            label={t('changeRoom.to')}
            placeholder={t('changeRoom.placeholder')}
            data={free.map((r) => ({
              value: r.id,
              label:
                r.room_type_id && typeName.get(r.room_type_id)
                  ? `${r.name} · ${typeName.get(r.room_type_id)}`
                  : r.name,
            }))}
            value={to}
            onChange={setTo}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={move.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button size="xs" onClick={() => void submit()} disabled={!from || !to} loading={move.isPending}>
            {t('changeRoom.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
