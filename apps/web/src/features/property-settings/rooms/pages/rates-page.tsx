import { Badge, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Currency } from '@posada/contracts/properties';
import { type Rate, type RateBody, type RoomTypeItem, rateBody } from '@posada/contracts/property-rooms';
import { IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardListItem } from '../../../../components/card-list.tsx';
import { CrudModalForm, useCrudList } from '../../../../components/crud-list.tsx';
import { contractResolver } from '../../../../components/form-errors.ts';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { countryMoney } from '../../../../lib/money.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { ratesQuery, roomsApi, roomsKeys, roomTypesQuery } from '../api/rooms-api.ts';
import { ListState } from '../components/list-state.tsx';
import { RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import { roomsCrudTexts } from '../lib/crud-texts.ts';

const WHOLE = '__all__';

function RateModal({
  propertyId,
  currency,
  types,
  editing,
  onClose,
}: {
  propertyId: string;
  currency: Currency;
  types: RoomTypeItem[];
  editing: Rate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['rooms', 'common']);
  const form = useForm<RateBody, unknown, RateBody>({
    resolver: contractResolver(rateBody, t),
    defaultValues: editing
      ? {
          name: editing.name,
          occupancy: editing.occupancy,
          price: editing.price,
          currency,
          room_type_id: editing.room_type_id,
        }
      : { name: '', occupancy: 2, price: undefined as unknown as number, currency, room_type_id: null },
  });
  const { errors } = form.formState;
  return (
    <CrudModalForm
      form={form}
      fields={['name', 'occupancy', 'price', 'room_type_id']}
      save={(body) => {
        const withCurrency = { ...body, currency };
        return editing
          ? roomsApi.updateRate(propertyId, editing.id, withCurrency)
          : roomsApi.createRate(propertyId, withCurrency);
      }}
      invalidate={[roomsKeys.rates(propertyId)]}
      texts={{
        created: t('rates.created'),
        updated: t('rates.updated'),
        saveError: t('rates.saveError'),
        add: t('rates.add'),
      }}
      editing={editing !== null}
      onClose={onClose}
    >
      <TextInput
        label={t('rates.fields.name')}
        placeholder={t('rates.fields.namePlaceholder')}
        required
        data-autofocus
        {...form.register('name')}
        error={errors.name?.message}
      />
      <Controller
        control={form.control}
        name="occupancy"
        render={({ field }) => (
          <NumberInput
            label={t('rates.fields.occupancy')}
            description={t('rates.fields.occupancyHint')}
            min={1}
            max={50}
            allowDecimal={false}
            allowNegative={false}
            required
            value={field.value ?? ''}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
            error={errors.occupancy?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="price"
        render={({ field }) => (
          <MoneyInput
            label={t('rates.fields.price')}
            description={t('rates.fields.priceHint', { currency })}
            required
            currency={currency}
            value={typeof field.value === 'number' ? field.value : null}
            onChange={(minor) => field.onChange(minor ?? undefined)}
            error={errors.price?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="room_type_id"
        render={({ field }) => (
          <Select
            label={t('rates.fields.roomType')}
            description={t('rates.fields.roomTypeHint')}
            data={[
              { value: WHOLE, label: t('rates.allTypes') },
              ...types.map((type) => ({ value: type.id, label: type.name })),
            ]}
            value={field.value ?? WHOLE}
            onChange={(value) => field.onChange(value === WHOLE || !value ? null : value)}
            allowDeselect={false}
            error={errors.room_type_id?.message}
          />
        )}
      />
    </CrudModalForm>
  );
}

/** Rates: the property's rates (name, occupancy, price with taxes included, optional room type). */
export function RatesPage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.rates.title')} · ${settings.nombre}`);
  const rates = useQuery(ratesQuery(propertyId));
  const types = useQuery(roomTypesQuery(propertyId));
  const typeList = types.data?.items ?? [];
  const typeName = (id: string | null) =>
    id ? (typeList.find((type) => type.id === id)?.name ?? '—') : t('rates.allTypes');
  const { addButton, cardHeader, table, renderModal } = useCrudList<Rate>({
    remove: (rate) => roomsApi.deleteRate(propertyId, rate.id),
    invalidate: roomsKeys.rates(propertyId),
    texts: roomsCrudTexts(t, 'rates', () => t('rates.deleteBody')),
  });
  const price = (rate: Rate) => (
    <Text fw={600} size="sm" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {countryMoney(rate.price, rate.currency)}
    </Text>
  );

  const body = (
    <ListState
      query={rates}
      loadError={t('rates.loadError')}
      empty={{
        icon: <IconReceipt2 size={28} aria-hidden />,
        title: t('rates.emptyTitle'),
        description: t('rates.emptyHint'),
        action: addButton,
      }}
      label={t('settings:pages.rates.title')}
      cards={(items) =>
        items.map((rate, index) => (
          <CardListItem key={rate.id} divided={index > 0}>
            {cardHeader(rate)}
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('rates.occupancyValue', { count: rate.occupancy })} · {typeName(rate.room_type_id)}
              </Text>
              {price(rate)}
            </Group>
          </CardListItem>
        ))
      }
      table={(items) =>
        table(items, {
          name: t('rates.fields.name'),
          columns: [
            {
              header: t('rates.fields.occupancy'),
              cell: (rate) => t('rates.occupancyValue', { count: rate.occupancy }),
            },
            {
              header: t('rates.fields.roomType'),
              cell: (rate) => (
                <Badge variant="light" color={rate.room_type_id ? 'posada' : 'gray'} tt="none">
                  {typeName(rate.room_type_id)}
                </Badge>
              ),
            },
            { header: t('rates.priceColumn'), cell: price },
          ],
          actionsLabel: t('roomTypes.actions'),
        })
      }
    />
  );

  return (
    <RoomsPageFrame page="rates" actions={rates.data?.items.length ? addButton : undefined}>
      <Text size="sm" c="dimmed">
        {t('rates.taxesNote', { currency: settings.currency })}
      </Text>
      {body}
      {renderModal((editing, close) => (
        <RateModal
          propertyId={propertyId}
          currency={settings.currency}
          types={typeList}
          editing={editing}
          onClose={close}
        />
      ))}
    </RoomsPageFrame>
  );
}
