import { Badge, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type RoomTypeBody, type RoomTypeItem, roomTypeBody } from '@posada/contracts/property-rooms';
import { IconCategory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardListItem } from '../../../../components/card-list.tsx';
import { CrudModalForm, useCrudList } from '../../../../components/crud-list.tsx';
import { contractResolver } from '../../../../components/form-errors.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { roomsApi, roomsKeys, roomTypesQuery } from '../api/rooms-api.ts';
import { ListState } from '../components/list-state.tsx';
import { RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import { roomsCrudTexts } from '../lib/crud-texts.ts';

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
  const form = useForm<RoomTypeBody, unknown, RoomTypeBody>({
    resolver: contractResolver(roomTypeBody, t),
    defaultValues: editing
      ? { name: editing.name, adults: editing.adults, children: editing.children, infants: editing.infants }
      : EMPTY,
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
    <CrudModalForm
      form={form}
      fields={['name', 'adults', 'children', 'infants']}
      save={(body) =>
        editing
          ? roomsApi.updateRoomType(propertyId, editing.id, body)
          : roomsApi.createRoomType(propertyId, body)
      }
      invalidate={[roomsKeys.roomTypes(propertyId), roomsKeys.rooms(propertyId)]}
      texts={{
        created: t('roomTypes.created'),
        updated: t('roomTypes.updated'),
        saveError: t('roomTypes.saveError'),
        add: t('roomTypes.add'),
      }}
      editing={editing !== null}
      onClose={onClose}
    >
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
    </CrudModalForm>
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
  const list = useQuery(roomTypesQuery(propertyId));
  const { addButton, cardHeader, table, renderModal } = useCrudList<RoomTypeItem>({
    remove: (type) => roomsApi.deleteRoomType(propertyId, type.id),
    invalidate: roomsKeys.roomTypes(propertyId),
    texts: roomsCrudTexts(t, 'roomTypes', (type) =>
      type.rooms_count > 0
        ? t('roomTypes.deleteBodyInUse', { count: type.rooms_count })
        : t('roomTypes.deleteBody'),
    ),
  });

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
            {cardHeader(type)}
            <Occupancy type={type} />
            <Text size="xs" c="dimmed">
              {t('roomTypes.roomsCount', { count: type.rooms_count })}
            </Text>
          </CardListItem>
        ))
      }
      table={(items) =>
        table(items, {
          name: t('roomTypes.fields.name'),
          columns: [
            { header: t('roomTypes.fields.adults'), cell: (type) => type.adults },
            { header: t('roomTypes.fields.children'), cell: (type) => type.children },
            { header: t('roomTypes.fields.infants'), cell: (type) => type.infants },
            {
              header: t('roomTypes.rooms'),
              cell: (type) => (
                <Badge variant="light" color="gray" tt="none">
                  {t('roomTypes.roomsCount', { count: type.rooms_count })}
                </Badge>
              ),
            },
          ],
          actionsLabel: t('roomTypes.actions'),
        })
      }
    />
  );

  return (
    <RoomsPageFrame page="room-types" actions={list.data?.items.length ? addButton : undefined}>
      {body}
      {renderModal((editing, close) => (
        <RoomTypeModal propertyId={propertyId} editing={editing} onClose={close} />
      ))}
    </RoomsPageFrame>
  );
}
