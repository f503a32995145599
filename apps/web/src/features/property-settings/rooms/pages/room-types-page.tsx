import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type RoomTypeBody, type RoomTypeItem, roomTypeBody } from '@posada/contracts/property-rooms';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardListItem } from '../../../../components/card-list.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../../components/form-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { roomsApi, roomsKeys, roomTypesQuery } from '../api/rooms-api.ts';
import { confirmDelete } from '../components/confirm-delete.tsx';
import { ListState } from '../components/list-state.tsx';
import { RoomsPageFrame } from '../components/rooms-page-frame.tsx';

const EMPTY: RoomTypeBody = { name: '', adults: 2, children: 0, infants: 0 };

function RoomTypeModal({
  propertyId,
  editing,
  onClose,
}: {
  propertyId: string;
  /** null: a new type. */
  editing: RoomTypeItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['rooms', 'common']);
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RoomTypeBody, unknown, RoomTypeBody>({
    resolver: contractResolver(roomTypeBody, t),
    defaultValues: editing
      ? { name: editing.name, adults: editing.adults, children: editing.children, infants: editing.infants }
      : EMPTY,
  });
  const save = useMutation({
    mutationFn: (body: RoomTypeBody) =>
      editing
        ? roomsApi.updateRoomType(propertyId, editing.id, body)
        : roomsApi.createRoomType(propertyId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: roomsKeys.roomTypes(propertyId) }),
        queryClient.invalidateQueries({ queryKey: roomsKeys.rooms(propertyId) }),
      ]);
      notify.success(editing ? t('roomTypes.updated') : t('roomTypes.created'));
      onClose();
    },
    onError: (error) => {
      const message = applyServerErrors(
        error,
        form.setError,
        ['name', 'adults', 'children', 'infants'],
        t('roomTypes.saveError'),
      );
      setAlert(message);
      notify.error(message ?? t('roomTypes.saveError'));
    },
  });
  const { errors } = form.formState;
  const number = (field: 'adults' | 'children' | 'infants', min: number) => (
    <NumberInput
      label={t(`roomTypes.fields.${field}`)}
      min={min}
      max={20}
      allowDecimal={false}
      allowNegative={false}
      value={form.watch(field)}
      onChange={(value) =>
        form.setValue(field, typeof value === 'number' ? value : Number(value) || 0, { shouldDirty: true })
      }
      error={errors[field]?.message}
      style={{ flex: 1, minWidth: 90 }}
    />
  );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        setAlert(null);
        save.mutate(body);
      })}
    >
      <Stack gap="md">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextInput
          label={t('roomTypes.fields.name')}
          placeholder={t('roomTypes.fields.namePlaceholder')}
          required
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Text size="sm" fw={500}>
          {t('roomTypes.occupancy')}
        </Text>
        <Group gap="sm" grow wrap="wrap" mt={-8}>
          {number('adults', 1)}
          {number('children', 0)}
          {number('infants', 0)}
        </Group>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? t('common:actions.save') : t('roomTypes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Occupancy({ type }: { type: RoomTypeItem }) {
  const { t } = useTranslation('rooms');
  return (
    <Text size="sm">
      {t('roomTypes.occupancySummary', {
        adults: type.adults,
        children: type.children,
        infants: type.infants,
      })}
    </Text>
  );
}

/** roomTypes: the property's room types (name and occupancy), added and edited in a modal. */
export function RoomTypesPage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.room-types.title')} · ${settings.nombre}`);
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const list = useQuery(roomTypesQuery(propertyId));
  const [modal, setModal] = useState<{ editing: RoomTypeItem | null } | null>(null);
  const remove = useMutation({
    mutationFn: (type: RoomTypeItem) => roomsApi.deleteRoomType(propertyId, type.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roomsKeys.roomTypes(propertyId) });
      notify.success(t('roomTypes.deleted'));
    },
    onError: (error) => notify.error(error.message || t('roomTypes.deleteError')),
  });
  const askDelete = (type: RoomTypeItem) =>
    confirmDelete({
      title: t('roomTypes.deleteTitle', { name: type.name }),
      body:
        type.rooms_count > 0
          ? t('roomTypes.deleteBodyInUse', { count: type.rooms_count })
          : t('roomTypes.deleteBody'),
      confirm: t('roomTypes.delete'),
      onConfirm: () => remove.mutate(type),
    });

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal({ editing: null })}>
      {t('roomTypes.add')}
    </Button>
  );
  const actions = (type: RoomTypeItem) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('roomTypes.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('roomTypes.editNamed', { name: type.name })}
          onClick={() => setModal({ editing: type })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('roomTypes.delete')} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('roomTypes.deleteNamed', { name: type.name })}
          onClick={() => askDelete(type)}
          loading={remove.isPending && remove.variables?.id === type.id}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const body = (
    <ListState
      query={list}
      loadError={t('roomTypes.loadError')}
      empty={{
        icon: <IconCategory size={28} aria-hidden />,
        title: t('roomTypes.emptyTitle'),
        description: t('roomTypes.emptyHint'),
        action: addButton,
      }}
      label={t('settings:pages.room-types.title')}
      cards={(items) =>
        items.map((type, index) => (
          <CardListItem key={type.id} divided={index > 0}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{type.name}</Text>
              {actions(type)}
            </Group>
            <Occupancy type={type} />
            <Text size="xs" c="dimmed">
              {t('roomTypes.roomsCount', { count: type.rooms_count })}
            </Text>
          </CardListItem>
        ))
      }
      table={(items) => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roomTypes.fields.name')}</Table.Th>
              <Table.Th>{t('roomTypes.fields.adults')}</Table.Th>
              <Table.Th>{t('roomTypes.fields.children')}</Table.Th>
              <Table.Th>{t('roomTypes.fields.infants')}</Table.Th>
              <Table.Th>{t('roomTypes.rooms')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('roomTypes.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((type) => (
              <Table.Tr key={type.id}>
                <Table.Td fw={600}>{type.name}</Table.Td>
                <Table.Td>{type.adults}</Table.Td>
                <Table.Td>{type.children}</Table.Td>
                <Table.Td>{type.infants}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray" tt="none">
                    {t('roomTypes.roomsCount', { count: type.rooms_count })}
                  </Badge>
                </Table.Td>
                <Table.Td>{actions(type)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </>
      )}
    />
  );

  return (
    <RoomsPageFrame page="room-types" actions={list.data?.items.length ? addButton : undefined}>
      {body}
      <Modal
        opened={modal !== null}
        onClose={() => setModal(null)}
        title={
          modal?.editing ? t('roomTypes.editTitle', { name: modal.editing.name }) : t('roomTypes.newTitle')
        }
        centered
        fullScreen={isMobile}
      >
        {modal ? (
          <RoomTypeModal propertyId={propertyId} editing={modal.editing} onClose={() => setModal(null)} />
        ) : null}
      </Modal>
    </RoomsPageFrame>
  );
}
