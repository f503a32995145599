import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { icalExportQuery, propertyRoomsQuery, type Unit, useRotateExport } from '../api/channels-api.ts';
import { CopyUrlField } from './copy-url-field.tsx';

/** One unit's export feed: copy it, or regenerate it after a confirmation (the old URL stops working). */
function ExportLink({ unit, name }: { unit: Unit; name: string }) {
  const { t } = useTranslation('channels');
  const feed = useQuery(icalExportQuery(unit));
  const rotate = useRotateExport();
  if (feed.isPending) return <Skeleton h={60} radius="md" aria-busy="true" />;
  if (feed.isError)
    return (
      <LoadError
        title={t('export.loadError')}
        onRetry={() => void feed.refetch()}
        retrying={feed.isRefetching}
      />
    );
  const askRotate = () =>
    modals.openConfirmModal({
      title: t('export.regenerateTitle'),
      centered: true,
      children: <Text size="sm">{t('export.regenerateBody')}</Text>,
      labels: { confirm: t('export.regenerateConfirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        rotate.mutate(unit, {
          onSuccess: () => notify.success(t('export.regenerated')),
          onError: () => notify.error(t('export.regenerateFailed')),
        }),
    });
  return (
    <CopyUrlField
      label={t('export.label', { unit: name })}
      url={feed.data.url}
      actions={
        <Button
          variant="default"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={rotate.isPending}
          onClick={askRotate}
        >
          {t('export.regenerate')}
        </Button>
      }
    />
  );
}

/** The property's own export feed, or one per room for a hotel. */
export function ExportLinks({
  propertyId,
  propertyName,
  byRoom,
}: {
  propertyId: string;
  propertyName: string;
  byRoom: boolean;
}) {
  const { t } = useTranslation('channels');
  const rooms = useQuery({ ...propertyRoomsQuery(propertyId), enabled: byRoom });
  let body: React.ReactNode;
  if (!byRoom) {
    body = <ExportLink unit={{ propertyId, roomId: null }} name={propertyName} />;
  } else if (rooms.isPending) {
    body = <Skeleton h={60} radius="md" aria-busy="true" />;
  } else if (rooms.isError) {
    body = (
      <LoadError
        title={t('ota.unit.roomsError')}
        onRetry={() => void rooms.refetch()}
        retrying={rooms.isRefetching}
      />
    );
  } else if (rooms.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('export.noRooms')}
      </Text>
    );
  } else {
    body = rooms.data.map((room) => (
      <ExportLink key={room.id} unit={{ propertyId, roomId: room.id }} name={room.name} />
    ));
  }
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="channels-export"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="channels-export">
            {t('export.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('export.hint')}
          </Text>
        </div>
        {body}
        <Text size="xs" c="dimmed">
          {t('export.perConnection')}
        </Text>
      </Stack>
    </Paper>
  );
}
