import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { IconInfoCircle, IconLock, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notify.ts';
import { type ClosedDatesInput, calendarApi, useCalendarMutation } from '../api/calendar-api.ts';
import { addDays, nightsBetween } from '../lib/dates.ts';
import { dayFormatters } from '../lib/format.ts';
import { type CalendarClosed, isHotelProperty } from '../lib/grid-rows.ts';
import { type DayRange, nightsOf } from '../lib/selection.ts';
import type { CalendarTarget } from '../lib/target.ts';
import { Sheet } from './sheet.tsx';

export interface CloseDatesState {
  target: CalendarTarget;
  /** Editing an existing closure; otherwise a new one over `range`. */
  closed?: CalendarClosed;
  range?: DayRange;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * spec 2.4 close-dates modal: block nights of a property (apartment, villa) or of one hotel room, edit
 * a closure's nights or reason, or delete it (after confirmation). The nights are shown first to last;
 * the API stores them as [start, end).
 */
export function CloseDatesModal({
  state,
  today,
  onClose,
}: {
  state: CloseDatesState | null;
  today: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const formats = dayFormatters(language);
  const [nights, setNights] = useState<DatesRangeValue<string>>([null, null]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!state) return;
    setError(null);
    if (state.closed) {
      setNights([state.closed.start_date, addDays(state.closed.end_date, -1)]);
      setReason(state.closed.reason);
    } else if (state.range) {
      const n = nightsOf(state.range);
      setNights([n.first, n.last]);
      setReason('');
    } else {
      setNights([null, null]);
      setReason('');
    }
  }, [state]);

  const create = useCalendarMutation(calendarApi.closeDates);
  const update = useCalendarMutation(({ id, body }: { id: string; body: ClosedDatesInput }) =>
    calendarApi.updateClosedDates(id, body),
  );
  const remove = useCalendarMutation(calendarApi.deleteClosedDates);
  const busy = create.isPending || update.isPending || remove.isPending;

  const editing = Boolean(state?.closed);
  const [first, last] = nights;
  const count = first && last ? nightsBetween(first, last) + 1 : 0;

  const submit = async () => {
    if (!state || !first || !last) {
      setError(t('problem.invalid_range'));
      return;
    }
    const body: ClosedDatesInput = {
      property_id: state.target.property.id,
      room_id: isHotelProperty(state.target.property) ? (state.target.unit?.id ?? null) : null,
      start_date: first,
      end_date: addDays(last, 1),
      reason: reason.trim(),
    };
    setError(null);
    try {
      if (state.closed) {
        await update.mutateAsync({ id: state.closed.id, body });
        notify.success(t('closeDates.updated'));
      } else {
        await create.mutateAsync(body);
        notify.success(t('closeDates.created', { count }));
      }
      onClose();
    } catch (e) {
      const title = state.closed ? t('errors.updateClosed') : t('errors.closeDates');
      setError(messageOf(e));
      notify.error(messageOf(e), title);
    }
  };

  const confirmDelete = () => {
    const closed = state?.closed;
    if (!closed) return;
    modals.openConfirmModal({
      title: t('closeDates.deleteTitle'),
      children: (
        <Text size="sm">
          {t('closeDates.deleteBody', {
            range: formats.range(closed.start_date, addDays(closed.end_date, -1)),
            name: state.target.label,
          })}
        </Text>
      ),
      labels: { confirm: t('closeDates.delete'), cancel: t('common:actions.back') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(closed.id);
          notify.success(t('closeDates.deleted'));
          onClose();
        } catch (e) {
          notify.error(messageOf(e), t('errors.deleteClosed'));
        }
      },
    });
  };

  return (
    <Sheet
      opened={Boolean(state)}
      onClose={onClose}
      title={editing ? t('closeDates.editTitle') : t('closeDates.title')}
      size={460}
    >
      {state ? (
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconLock size={18} color="var(--mantine-color-gray-6)" />
            <Text fw={650}>{state.target.label}</Text>
          </Group>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label={t('closeDates.nights')}
            description={t('closeDates.nightsHint')}
            value={nights}
            onChange={setNights}
            minDate={editing ? undefined : today}
            valueFormat="D MMM YYYY"
            numberOfColumns={1}
            popoverProps={{ withinPortal: true }}
            required
          />
          {first && last ? (
            <Text size="sm" c="dimmed" data-testid="close-dates-summary">
              {t('closeDates.summary', {
                count,
                first: formats.short(first),
                last: formats.short(last),
                reopen: formats.short(addDays(last, 1)),
              })}
            </Text>
          ) : null}
          <TextInput
            label={t('closeDates.reason')}
            placeholder={t('closeDates.reasonPlaceholder')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify={editing ? 'space-between' : 'flex-end'} mt="xs">
            {editing ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                disabled={busy}
              >
                {t('closeDates.delete')}
              </Button>
            ) : null}
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void submit()} loading={create.isPending || update.isPending}>
                {editing ? t('closeDates.save') : t('closeDates.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Sheet>
  );
}
