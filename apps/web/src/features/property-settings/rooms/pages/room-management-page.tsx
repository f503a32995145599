import { Alert, Badge, Button, Grid, Group, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { RoomsData } from '@posada/contracts/property-rooms';
import {
  IconAlertTriangle,
  IconBedFlat,
  IconCategory,
  IconDeviceFloppy,
  IconPlus,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../../../components/confirm-delete.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { pathTo } from '../../../../config/routes.ts';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notify.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { useUnsavedGuard } from '../../components/use-unsaved-guard.ts';
import { roomsApi, roomsKeys, roomsQuery } from '../api/rooms-api.ts';
import { RangeHelper, RoomRowEditor } from '../components/room-row-editor.tsx';
import { LoadError, PanelSkeleton, RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import {
  emptyRow,
  type RoomRow,
  type RowErrors,
  rowErrorsFromApi,
  rowsChanged,
  rowsFromRooms,
  toSaveBody,
  validateRows,
} from '../lib/room-rows.ts';

function RoomsEditor({ propertyId, data }: { propertyId: string; data: RoomsData }) {
  const { t } = useTranslation(['rooms', 'common']);
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<RoomRow[]>(() => rowsFromRooms(data.rooms));
  const [errors, setErrors] = useState<RowErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [limit, setLimit] = useState<string | null>(null);
  const dirty = rowsChanged(rows, data.rooms);
  useUnsavedGuard(dirty);
  const types = useMemo(
    () => data.room_types.map((type) => ({ value: type.id, label: type.name })),
    [data.room_types],
  );
  const defaultType = types[0]?.value ?? '';

  // After a save, the rows start again from what the server kept.
  useEffect(() => {
    setRows(rowsFromRooms(data.rooms));
  }, [data.rooms]);

  const save = useMutation({
    mutationFn: () => roomsApi.saveRooms(propertyId, toSaveBody(rows)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(roomsKeys.rooms(propertyId), saved);
      await queryClient.invalidateQueries({ queryKey: roomsKeys.roomTypes(propertyId) });
      setErrors({});
      setAlert(null);
      notify.success(t('rooms.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'rooms.limit_reached') {
        setLimit((error.errors.rooms ?? []).join(' ') || t('rooms.limitBody', { count: data.room_quantity }));
        notify.error(error.message);
        return;
      }
      const fromApi =
        error instanceof ApiError ? rowErrorsFromApi(error.errors, rows) : { rows: {}, other: [] };
      setErrors(fromApi.rows);
      const text =
        fromApi.other.join(' ') || (Object.keys(fromApi.rows).length ? t('rooms.fixRows') : error.message);
      setAlert(text || t('rooms.saveError'));
      notify.error(t('rooms.saveError'));
    },
  });

  const update = (key: string, patch: Partial<RoomRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const remove = (row: RoomRow) => {
    const drop = () => setRows((current) => current.filter((r) => r.key !== row.key));
    if (!row.id && !row.name.trim()) return drop();
    confirmDelete({
      title: t('rooms.removeTitle', {
        name: row.name.trim() || t('rooms.rowNumber', { n: rows.indexOf(row) + 1 }),
      }),
      body: row.id ? t('rooms.removeBodySaved') : t('rooms.removeBodyNew'),
      confirm: t('rooms.remove'),
      onConfirm: drop,
    });
  };
  const submit = () => {
    const found = validateRows(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(t('rooms.fixRows'));
      notify.error(t('rooms.saveError'));
      return;
    }
    if (rows.length > data.room_quantity) {
      setLimit(t('rooms.limitBody', { count: data.room_quantity }));
      return;
    }
    setAlert(null);
    save.mutate();
  };

  if (types.length === 0)
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconCategory size={28} aria-hidden />}
          title={t('rooms.noTypesTitle')}
          description={t('rooms.noTypesHint')}
          action={
            <Button
              component={Link}
              to={pathTo('roomTypes', { propertyId })}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('rooms.goToTypes')}
            </Button>
          }
        />
      </Paper>
    );

  const over = rows.length > data.room_quantity;
  return (
    <Stack gap="md">
      {alert ? (
        <Alert
          color="red"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('rooms.saveError')}
          role="alert"
        >
          {alert}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Badge variant="light" color={over ? 'red' : 'gray'} size="lg" tt="none" role="status">
          {t('rooms.countOfLimit', { used: rows.length, limit: data.room_quantity })}
        </Badge>
        <Group gap="sm">
          <RangeHelper
            types={types}
            rows={rows}
            onAdd={(typeId, names) =>
              setRows((current) => [...current, ...names.map((name) => emptyRow(typeId, name))])
            }
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() =>
              setRows((current) => [...current, emptyRow(current.at(-1)?.room_type_id ?? defaultType)])
            }
          >
            {t('rooms.addRoom')}
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconBedFlat size={28} aria-hidden />}
            title={t('rooms.emptyTitle')}
            description={t('rooms.emptyHint')}
          />
        </Paper>
      ) : (
        <>
          {!isMobile ? (
            <Grid gutter="xs" px="sm" aria-hidden>
              {(['type', 'name', 'code', 'accessKey'] as const).map((field) => (
                <Grid.Col key={field} span={field === 'type' ? 4 : field === 'name' ? 3 : 2}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {t(`rooms.fields.${field}`)}
                  </Text>
                </Grid.Col>
              ))}
            </Grid>
          ) : null}
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('rooms.listLabel')}
          >
            {rows.map((row, index) => (
              <RoomRowEditor
                key={row.key}
                row={row}
                index={index}
                types={types}
                errors={errors[row.key]}
                showLabels={isMobile}
                onChange={(patch) => update(row.key, patch)}
                onRemove={() => remove(row)}
              />
            ))}
          </Stack>
        </>
      )}
      <Paper
        withBorder
        radius="lg"
        p="sm"
        me={64}
        style={{ position: 'sticky', bottom: 12, zIndex: 5, boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <Group justify="space-between" gap="sm">
          {dirty ? (
            <Badge variant="dot" color="orange" tt="none" size="lg" role="status">
              {t('rooms.unsaved')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('rooms.allSaved')}
            </Text>
          )}
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!dirty}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('rooms.saveAll')}
          </Button>
        </Group>
      </Paper>
      <Modal
        opened={limit !== null}
        onClose={() => setLimit(null)}
        centered
        title={
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="orange" variant="light" radius="xl">
              <IconAlertTriangle size={18} aria-hidden />
            </ThemeIcon>
            <Text fw={700}>{t('rooms.limitTitle')}</Text>
          </Group>
        }
      >
        <Stack gap="md">
          <Text size="sm">{limit}</Text>
          <Text size="sm" c="dimmed">
            {t('rooms.limitUpgrade')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setLimit(null)}>{t('rooms.limitOk')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** roomManagement and Habitaciones: every room of the property, edited together and saved at once. */
export function RoomManagementPage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.room-management.title')} · ${settings.nombre}`);
  const query = useQuery(roomsQuery(propertyId));
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
  else body = <RoomsEditor propertyId={propertyId} data={query.data} />;
  return <RoomsPageFrame page="room-management">{body}</RoomsPageFrame>;
}
