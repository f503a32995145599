import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.ts';
import { toMinorUnits } from '../../../../lib/money.ts';
import { notify } from '../../../../lib/notify.ts';
import { calendarApi, useCalendarMutation } from '../../calendars/api/calendar-api.ts';
import { Sheet } from '../../calendars/components/sheet.tsx';
import { addDays } from '../../calendars/lib/dates.ts';
import { dayFormatters } from '../../calendars/lib/format.ts';
import { type CalendarProperty, sortedRoomTypes } from '../../calendars/lib/grid-rows.ts';
import { bulkBody, nightRuns, runNights, type StopSellChoice, WEEK } from '../lib/bulk.ts';

export interface BulkEditState {
  typeIds: string[];
  /** First and last night (both included). */
  first: string | null;
  last: string | null;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * Bulk edit of availabilityPrices: for some room types and a range of nights (optionally only some
 * weekdays), the price, minimum stay and stop-sell → PUT /api/night-prices per type and run of nights.
 */
export function BulkEditModal({
  property,
  state,
  today,
  onClose,
}: {
  property: CalendarProperty | null;
  state: BulkEditState | null;
  today: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const formats = dayFormatters(language);
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [nights, setNights] = useState<DatesRangeValue<string>>([null, null]);
  const [weekdays, setWeekdays] = useState<string[]>(WEEK.map(String));
  const [price, setPrice] = useState<number | string>('');
  const [minStay, setMinStay] = useState<number | string>('');
  const [stopSell, setStopSell] = useState<StopSellChoice>('keep');
  const [error, setError] = useState<string | null>(null);
  const save = useCalendarMutation(calendarApi.setNightPrices);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!state) return;
    setTypeIds(state.typeIds);
    setNights([state.first, state.last]);
    setWeekdays(WEEK.map(String));
    setPrice('');
    setMinStay('');
    setStopSell('keep');
    setError(null);
  }, [state]);

  const [first, last] = nights;
  const runs = useMemo(
    () => (first && last ? nightRuns(first, last, new Set(weekdays.map(Number))) : []),
    [first, last, weekdays],
  );
  const count = runNights(runs);
  const currency = property?.currency ?? 'EUR';
  // Weekday names from a known week: 6 June 2027 is a Sunday.
  const weekdayName = (d: number) => formats.weekday(addDays('2027-06-06', d === 0 ? 0 : d));

  const submit = async () => {
    if (!property) return;
    if (typeIds.length === 0) return setError(t('availability.noTypes'));
    if (!first || !last || runs.length === 0) return setError(t('availability.noNights'));
    const body = bulkBody({
      price: toMinorUnits(price, currency),
      minStay: minStay === '' ? null : Number(minStay),
      stopSell,
    });
    if (!body) return setError(t('availability.nothing'));
    if (body.price !== null && (!Number.isFinite(body.price) || body.price < 0))
      return setError(t('price.negative'));
    if (
      body.min_stay !== null &&
      (!Number.isInteger(body.min_stay) || body.min_stay < 1 || body.min_stay > 365)
    ) {
      return setError(t('price.minStayRange'));
    }
    setError(null);
    setBusy(true);
    try {
      for (const typeId of typeIds) {
        for (const run of runs) {
          await save.mutateAsync({
            property_id: property.id,
            room_type_id: typeId,
            start_date: run.start,
            end_date: run.end,
            ...body,
          });
        }
      }
      notify.success(t('availability.saved', { types: typeIds.length, count }));
      onClose();
    } catch (e) {
      const message = t('errors.prices', { msg: messageOf(e) });
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet opened={Boolean(state)} onClose={onClose} title={t('availability.editTitle')} size={520}>
      {property && state ? (
        <Stack gap="md">
          <Checkbox.Group label={t('availability.types')} value={typeIds} onChange={setTypeIds}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
              {sortedRoomTypes(property).map((rt) => (
                <Checkbox key={rt.id} value={rt.id} label={rt.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label={t('price.nights')}
            description={t('price.nightsHint')}
            value={nights}
            onChange={setNights}
            minDate={today}
            valueFormat="D MMM YYYY"
            required
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('availability.weekdays')}
            </Text>
            <Chip.Group multiple value={weekdays} onChange={setWeekdays}>
              <Group gap={6}>
                {WEEK.map((d) => (
                  <Chip key={d} value={String(d)} size="xs" radius="sm" tt="capitalize">
                    {weekdayName(d)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
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
            />
            <NumberInput
              label={t('price.minStay')}
              placeholder={t('price.keep')}
              value={minStay}
              onChange={setMinStay}
              min={1}
              max={365}
              allowDecimal={false}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('availability.stopSell')}
            </Text>
            <SegmentedControl
              value={stopSell}
              onChange={(v) => setStopSell(v as StopSellChoice)}
              data={[
                { value: 'keep', label: t('availability.keep') },
                { value: 'open', label: t('availability.open') },
                { value: 'close', label: t('availability.close') },
              ]}
              fullWidth
            />
          </Stack>
          {first && last ? (
            <Text size="sm" c="dimmed" data-testid="bulk-summary">
              {t('availability.summary', { count, types: typeIds.length })}
            </Text>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              {t('availability.apply')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Sheet>
  );
}
