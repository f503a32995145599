import { Box, Button, Collapse, Group, Indicator, Select, Stack, TextInput, useMatches } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import type { PropertySummary } from '@posada/contracts/users';
import { addDays, bookingChannels, bookingStatuses, paymentStatuses } from '@posada/domain/booking-rules';
import {
  IconAdjustmentsHorizontal,
  IconCalendar,
  IconFilterOff,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDay } from '../../../lib/intl.ts';
import { activeFilterCount, type ListState } from '../lib/list-params.ts';

const SORTS = ['-created_at', 'created_at', 'start_date', '-start_date'] as const;

/**
 * Reservas search (debounced), filters (status, payment, channel, stay dates, property) and sort. On phones
 * the filters fold under one button that shows how many are on.
 */
export function ReservasFilters({
  state,
  properties,
  isMobile,
  onChange,
  onClear,
}: {
  state: ListState;
  properties: PropertySummary[];
  isMobile: boolean;
  onChange: (change: Partial<ListState>) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const [search, setSearch] = useState(state.search ?? '');
  const [open, { toggle }] = useDisclosure(false);
  const sendSearch = useDebouncedCallback(
    (value: string) => onChange({ search: value.trim() || undefined }),
    350,
  );
  // Back and forward in the browser change the URL: follow it.
  useEffect(() => setSearch(state.search ?? ''), [state.search]);
  const active = activeFilterCount(state);
  // The picker's own value while the second date is not yet picked.
  const applied: [string | null, string | null] = [
    state.from ?? null,
    state.to ? addDays(state.to, -1) : null,
  ];
  const [range, setRange] = useState(applied);
  const appliedKey = applied.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL's range only when it changes
  useEffect(() => setRange(applied), [appliedKey]);

  const searchInput = (
    <TextInput
      aria-label={t('filters.search')}
      placeholder={isMobile ? t('filters.search') : t('filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(e) => {
        setSearch(e.currentTarget.value);
        sendSearch(e.currentTarget.value);
      }}
      rightSection={
        search ? (
          <IconX
            size={16}
            role="button"
            aria-label={t('filters.clearSearch')}
            style={{ cursor: 'pointer' }}
            onClick={() => {
              setSearch('');
              onChange({ search: undefined });
            }}
          />
        ) : null
      }
      style={{ flex: 1, minWidth: isMobile ? 0 : 220 }}
      type="search"
    />
  );

  const option = (prefix: string) => (value: string) => ({ value, label: t(`${prefix}.${value}`) });
  const filters = (
    <>
      <Select
        label={t('filters.status')}
        placeholder={t('filters.any')}
        data={bookingStatuses.map(option('status'))}
        value={state.status ?? null}
        onChange={(value) => onChange({ status: (value ?? undefined) as ListState['status'] })}
        clearable
      />
      <Select
        label={t('filters.payment')}
        placeholder={t('filters.any')}
        data={paymentStatuses.map(option('payment'))}
        value={state.payment_status ?? null}
        onChange={(value) =>
          onChange({ payment_status: (value ?? undefined) as ListState['payment_status'] })
        }
        clearable
      />
      <Select
        label={t('filters.channel')}
        placeholder={t('filters.any')}
        data={bookingChannels.map(option('channel'))}
        value={state.channel ?? null}
        onChange={(value) => onChange({ channel: (value ?? undefined) as ListState['channel'] })}
        clearable
      />
      {properties.length > 1 ? (
        <Select
          label={t('filters.property')}
          placeholder={t('filters.allProperties')}
          data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
          value={state.property_id ?? null}
          onChange={(value) => onChange({ property_id: value ?? undefined })}
          clearable
          searchable={properties.length > 6}
        />
      ) : null}
      <DatePickerInput
        type="range"
        label={t('filters.dates')}
        placeholder={t('filters.anyDates')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="D MMM YYYY"
        allowSingleDateInRange
        getDayProps={(date) => ({ 'aria-label': formatLongDay(date, language), 'data-iso': date })}
        ariaLabels={{ previousMonth: t('form.previousMonth'), nextMonth: t('form.nextMonth') }}
        clearable
        // The API takes stays overlapping [from, to): the last day picked is included.
        value={range}
        onChange={([from, to]) => {
          setRange([from, to]);
          if (from && to) onChange({ from, to: addDays(to, 1) });
          else if (!from && !to) onChange({ from: undefined, to: undefined });
        }}
      />
    </>
  );

  // One row on wide screens; the property and date filters get more room so their placeholders
  // ("Todos los alojamientos", "Cualquier fecha") are not cut.
  const columns = useMatches({
    base: 'repeat(2, minmax(0, 1fr))',
    md:
      properties.length > 1
        ? 'repeat(3, minmax(0, 1fr)) repeat(2, minmax(0, 1.6fr))'
        : 'repeat(3, minmax(0, 1fr)) minmax(0, 1.6fr)',
  });

  const sortSelect = (
    <Select
      label={t('filters.sort')}
      data={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
      value={state.sort}
      onChange={(value) => value && onChange({ sort: value as ListState['sort'] })}
      allowDeselect={false}
    />
  );

  const clear =
    active > 0 ? (
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onClear}
      >
        {t('filters.clear')}
      </Button>
    ) : null;

  if (isMobile)
    return (
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          {searchInput}
          <Indicator label={active} size={16} disabled={active === 0} offset={4}>
            <Button
              variant={open ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={toggle}
              aria-expanded={open}
            >
              {t('filters.toggle')}
            </Button>
          </Indicator>
        </Group>
        <Collapse in={open}>
          <Stack gap="sm">
            {filters}
            {sortSelect}
            {clear}
          </Stack>
        </Collapse>
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-end">
        {searchInput}
        <div style={{ width: 260, flexShrink: 0 }}>{sortSelect}</div>
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <Box
          style={{ flex: 1, display: 'grid', gap: 'var(--mantine-spacing-sm)', gridTemplateColumns: columns }}
        >
          {filters}
        </Box>
        {clear}
      </Group>
    </Stack>
  );
}
