import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Room, RoomStatus, RoomsData } from '@posada/contracts/property-rooms';
import { IconBedFlat, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { pathTo } from '../../../../config/routes.ts';
import { notify } from '../../../../lib/notify.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { roomsApi, roomsKeys, roomsQuery } from '../api/rooms-api.ts';
import { LoadError, PanelSkeleton, RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import { roomStatuses, roomsByType, statusColor, statusCounts } from '../lib/room-status.ts';

function RoomStatusCard({
  room,
  onChange,
  busy,
}: {
  room: Room;
  onChange: (status: RoomStatus) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('rooms');
  const inMaintenance = room.status === 'maintenance';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="room-status"
      data-room={room.name}
      style={{
        borderColor: inMaintenance ? 'var(--mantine-color-red-5)' : undefined,
        background: inMaintenance ? 'var(--mantine-color-red-light)' : undefined,
      }}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} truncate>
            {room.name}
          </Text>
          <Badge color={statusColor[room.status]} variant={inMaintenance ? 'filled' : 'light'} tt="none">
            {t(`status.${room.status}`)}
          </Badge>
        </Group>
        <Select
          size="xs"
          aria-label={t('maintenance.statusOf', { name: room.name })}
          data={roomStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          value={room.status}
          onChange={(value) => value && value !== room.status && onChange(value as RoomStatus)}
          allowDeselect={false}
          disabled={busy}
        />
      </Stack>
    </Paper>
  );
}

/** maintenance: every room's state (spec 4), grouped by type; a room can be put in maintenance here. */
export function MaintenancePage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.maintenance.title')} · ${settings.nombre}`);
  const queryClient = useQueryClient();
  const query = useQuery(roomsQuery(propertyId));
  const change = useMutation({
    mutationFn: ({ room, status }: { room: Room; status: RoomStatus }) =>
      roomsApi.setRoomStatus(propertyId, room.id, status),
    onSuccess: (saved, { room, status }) => {
      queryClient.setQueryData<RoomsData>(roomsKeys.rooms(propertyId), (current) =>
        current
          ? {
              ...current,
              rooms: current.rooms.map((r) => (r.id === room.id ? { ...r, ...saved, status } : r)),
            }
          : current,
      );
      notify.success(t('maintenance.changed', { name: room.name, status: t(`status.${status}`) }));
    },
    onError: (error) => notify.error(error.message || t('maintenance.changeError')),
  });

  let body: React.ReactNode;
  if (query.isPending) body = <PanelSkeleton rows={6} />;
  else if (query.isError)
    body = (
      <LoadError
        message={t('rooms.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  else if (query.data.rooms.length === 0)
    body = (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconBedFlat size={28} aria-hidden />}
          title={t('maintenance.emptyTitle')}
          description={t('maintenance.emptyHint')}
          action={
            <Button
              component={Link}
              to={pathTo('roomManagement', { propertyId })}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('maintenance.goToRooms')}
            </Button>
          }
        />
      </Paper>
    );
  else {
    const counts = statusCounts(query.data.rooms);
    body = (
      <Stack gap="lg">
        <Group gap="xs" role="status" aria-label={t('maintenance.summary')}>
          {roomStatuses.map((status) => (
            <Badge key={status} color={statusColor[status]} variant="light" size="lg" tt="none">
              {t(`status.${status}`)}: {counts[status]}
            </Badge>
          ))}
        </Group>
        {roomsByType(query.data.room_types, query.data.rooms).map(({ type, rooms }) => (
          <Stack key={type.id} gap="xs" component="section" aria-labelledby={`type-${type.id}`}>
            <Group gap="xs">
              <Title order={2} fz="h5" id={`type-${type.id}`}>
                {type.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t('roomTypes.roomsCount', { count: rooms.length })}
              </Text>
            </Group>
            <SimpleGrid
              cols={{ base: 2, xs: 3, md: 4 }}
              spacing="xs"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {rooms.map((room) => (
                <RoomStatusCard
                  key={room.id}
                  room={room}
                  busy={change.isPending && change.variables?.room.id === room.id}
                  onChange={(status) => change.mutate({ room, status })}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <RoomsPageFrame page="maintenance">
      <Alert variant="light" color="blue" radius="md" icon={<IconInfoCircle size={20} aria-hidden />}>
        {t('maintenance.explain')}
      </Alert>
      {body}
    </RoomsPageFrame>
  );
}
