import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCoins, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.ts';
import { moneyFormatter, toMinorUnits } from '../../../../lib/money.ts';
import { notify } from '../../../../lib/notify.ts';
import { calendarApi, useCalendarMutation } from '../api/calendar-api.ts';
import { addDays, nightsBetween } from '../lib/dates.ts';
import { dayFormatters } from '../lib/format.ts';
import { nightMap, sortedRoomTypes } from '../lib/grid-rows.ts';
import { type DayRange, nightsOf } from '../lib/selection.ts';
import type { CalendarTarget } from '../lib/target.ts';
import { Sheet } from './sheet.tsx';

export interface PriceState {
  target: CalendarTarget;
  range: DayRange | null;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * spec 2.4 price modal (spec 3 Price range): price per night and minimum stay for a range of nights of a
 * property, or of a hotel room type → PUT /api/night-prices. An empty field keeps each night's value.
 */
export function PriceModal({
  state,
  onClose,
  onSaved,
}: {
  state: PriceState | null;
  onClose: () => void;
  /** After a save, so the page can turn prices on and show the new figures. */
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const formats = dayFormatters(language);
  const [nights, setNights] = useState<DatesRangeValue<string>>([null, null]);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const [minStay, setMinStay] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const save = useCalendarMutation(calendarApi.setNightPrices);

  useEffect(() => {
    if (!state) return;
    const n = state.range ? nightsOf(state.range) : null;
    setNights(n ? [n.first, n.last] : [null, null]);
    setTypeId(state.target.roomType?.id ?? state.target.property.room_types[0]?.id ?? null);
    setPrice('');
    setMinStay('');
    setError(null);
  }, [state]);

  const property = state?.target.property;
  const isHotel = Boolean(property && property.room_types.length > 0);
  const currency = property?.currency ?? 'EUR';
  const money = moneyFormatter(currency, language, 'calendar');
  const [first, last] = nights;
  const count = first && last ? nightsBetween(first, last) + 1 : 0;

  // What the chosen nights cost now: "Ahora: 95 € – 120 €, estancia mínima 2".
  const current = useMemo(() => {
    if (!property || !first || !last) return null;
    const source = isHotel
      ? nightMap(property.room_types.find((rt) => rt.id === typeId)?.nights ?? [])
      : (state?.target.nights ?? new Map());
    const prices: number[] = [];
    const stays: number[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) {
      const n = source.get(d);
      if (!n) continue;
      if (n.price != null) prices.push(n.price);
      stays.push(n.min_stay);
    }
    if (prices.length === 0 && stays.length === 0) return null;
    return {
      low: prices.length ? Math.min(...prices) : null,
      high: prices.length ? Math.max(...prices) : null,
      minStay: stays.length ? Math.max(...stays) : null,
    };
  }, [property, isHotel, typeId, first, last, state]);

  const submit = async () => {
    if (!state || !property) return;
    if (!first || !last) return setError(t('problem.invalid_range'));
    const priceValue = toMinorUnits(price, currency);
    const minStayValue = minStay === '' ? null : Number(minStay);
    if (priceValue === null && minStayValue === null) return setError(t('price.nothing'));
    if (priceValue !== null && (!Number.isFinite(priceValue) || priceValue < 0)) {
      return setError(t('price.negative'));
    }
    if (
      minStayValue !== null &&
      (!Number.isInteger(minStayValue) || minStayValue < 1 || minStayValue > 365)
    ) {
      return setError(t('price.minStayRange'));
    }
    setError(null);
    try {
      await save.mutateAsync({
        property_id: property.id,
        room_type_id: isHotel ? typeId : null,
        start_date: first,
        end_date: addDays(last, 1),
        price: priceValue,
        min_stay: minStayValue,
      });
      notify.success(t('price.saved', { count }));
      onSaved?.();
      onClose();
    } catch (e) {
      const message = t('errors.prices', { msg: messageOf(e) });
      setError(message);
      notify.error(message);
    }
  };

  return (
    <Sheet opened={Boolean(state)} onClose={onClose} title={t('price.title')} size={480}>
      {state && property ? (
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconCoins size={18} color="var(--mantine-color-orange-6)" />
            <Text fw={650}>{property.nombre}</Text>
          </Group>
          {isHotel ? (
            <Select
              label={t('price.roomType')}
              data={sortedRoomTypes(property).map((rt) => ({ value: rt.id, label: rt.name }))}
              value={typeId}
              onChange={setTypeId}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label={t('price.nights')}
            description={t('price.nightsHint')}
            value={nights}
            onChange={setNights}
            valueFormat="D MMM YYYY"
            required
          />
          {current ? (
            <Text size="sm" c="dimmed" data-testid="price-current">
              {t('price.current', {
                price:
                  current.low === null
                    ? t('price.noPrice')
                    : current.low === current.high
                      ? money(current.low)
                      : `${money(current.low)} – ${money(current.high ?? current.low)}`,
                count: current.minStay ?? 1,
              })}
            </Text>
          ) : null}
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('price.price', { currency })}
              placeholder={t('price.keep')}
              value={price}
              onChange={setPrice}
              min={0}
              decimalScale={currency === 'COP' ? 0 : 2}
              thousandSeparator={language.startsWith('en') ? ',' : '.'}
              decimalSeparator={language.startsWith('en') ? '.' : ','}
              hideControls
              inputMode="decimal"
              data-autofocus
            />
            <NumberInput
              label={t('price.minStay')}
              placeholder={t('price.keep')}
              value={minStay}
              onChange={setMinStay}
              min={1}
              max={365}
              allowDecimal={false}
              suffix={
                minStay === '' ? undefined : ` ${t('price.nightsSuffix', { count: Number(minStay) || 1 })}`
              }
            />
          </SimpleGrid>
          {count > 0 && first && last ? (
            <Text size="sm" c="dimmed">
              {t('price.summary', { count, first: formats.short(first), last: formats.short(last) })}
            </Text>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending}>
              {t('price.submit')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Sheet>
  );
}
