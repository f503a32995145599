import { Alert, Select, Stack, Text } from '@mantine/core';
import type { PropertySummary } from '@posada/contracts/users';
import { isHotelType } from '@posada/domain/property-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { propertyRoomsQuery, type Unit } from '../api/channels-api.ts';

export interface UnitErrors {
  property?: string | null;
  room?: string | null;
}

/** A hotel or camping sells room by room: its units are its rooms. */
export const sellsByRoom = (property: PropertySummary | undefined) =>
  property ? isHotelType(property.tipo_propiedad) : false;

/** Step 1 of ChannelConnectOta: the property, and the room of a hotel. */
export function UnitPicker({
  properties,
  value,
  onChange,
  errors,
}: {
  properties: PropertySummary[];
  value: Unit;
  onChange: (unit: Unit) => void;
  errors: UnitErrors;
}) {
  const { t } = useTranslation('channels');
  const property = properties.find((p) => p.id === value.propertyId);
  const byRoom = sellsByRoom(property);
  const rooms = useQuery({ ...propertyRoomsQuery(value.propertyId), enabled: byRoom });
  return (
    <Stack gap="md">
      <Select
        label={t('ota.unit.property')}
        placeholder={t('ota.unit.propertyPlaceholder')}
        data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
        value={value.propertyId || null}
        onChange={(id) => onChange({ propertyId: id ?? '', roomId: null })}
        error={errors.property}
        allowDeselect={false}
        searchable={properties.length > 6}
        comboboxProps={{ withinPortal: true }}
        required
      />
      {byRoom ? (
        rooms.isError ? (
          <Alert color="red" variant="light" radius="md" role="alert">
            {t('ota.unit.roomsError')}
          </Alert>
        ) : rooms.data && rooms.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ota.unit.noRooms')}
          </Text>
        ) : (
          <Select
            label={t('ota.unit.room')}
            placeholder={t('ota.unit.roomPlaceholder')}
            data={(rooms.data ?? []).map((room) => ({ value: room.id, label: room.name }))}
            value={value.roomId}
            onChange={(roomId) => onChange({ ...value, roomId })}
            error={errors.room}
            disabled={rooms.isPending}
            allowDeselect={false}
            searchable={(rooms.data?.length ?? 0) > 8}
            comboboxProps={{ withinPortal: true }}
            required
          />
        )
      ) : null}
    </Stack>
  );
}
