// Month and weekday names of the date pickers in the three languages.
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBan,
  IconBed,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconEdit,
} from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { pathTo } from '../../../../config/routes.ts';
import { cellPriceFormatter } from '../../../../lib/money.ts';
import { useOperatorToday } from '../../../../lib/today.ts';
import calendarClasses from '../../calendars/components/calendar.module.css';
import { CalendarError } from '../../calendars/components/calendar-states.tsx';
import { useAccountProperties, useCalendarData } from '../../calendars/components/use-calendar-page.ts';
import { AVAILABILITY_DAYS, chosenProperty } from '../../calendars/lib/calendar-window.ts';
import {
  addDays,
  addMonths,
  daysFrom,
  isWeekend,
  parseDateParam,
  startOfMonth,
} from '../../calendars/lib/dates.ts';
import { dayFormatters } from '../../calendars/lib/format.ts';
import { nightMap, sortedRoomTypes } from '../../calendars/lib/grid-rows.ts';
import { orderedRange } from '../../calendars/lib/selection.ts';
import classes from '../components/availability.module.css';
import { BulkEditModal, type BulkEditState } from '../components/bulk-edit-modal.tsx';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

interface Picking {
  typeId: string;
  anchor: string;
  current: string;
  dragging: boolean;
}

/**
 * availabilityPrices (spec 2.1, hotels only, "Disponibilidad y tarifas"): per room type and night, the
 * free rooms, price, minimum stay and stop-sell. Select nights of a type (drag, or tap the first and the
 * last) or use "Editar en bloque" to change several types and weekdays at once.
 */
export function AvailabilityPricesPage() {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  useDocumentTitle(t('calendar:availability.title'));
  const language = i18n.resolvedLanguage ?? 'es';
  const [params, setParams] = useSearchParams();
  const today = useOperatorToday();
  const from = parseDateParam(params.get('date'), today);
  const days = useMemo(() => daysFrom(from, AVAILABILITY_DAYS), [from]);
  const account = useAccountProperties();
  const hotel = chosenProperty(account.hotels, params.get('property'), account.activeId);
  const query = useCalendarData(
    { from, to: addDays(from, AVAILABILITY_DAYS), property_ids: hotel?.id ?? '' },
    Boolean(hotel),
  );
  const property = query.data?.properties.find((p) => p.id === hotel?.id) ?? null;
  const formats = useMemo(() => dayFormatters(language), [language]);
  const price = useMemo(() => cellPriceFormatter(language), [language]);
  const [picking, setPicking] = useState<Picking | null>(null);
  const pickingRef = useRef(picking);
  pickingRef.current = picking;
  const [bulk, setBulk] = useState<BulkEditState | null>(null);

  const set = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(key, value);
      return next;
    });

  useEffect(() => {
    if (!picking) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setPicking(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picking]);

  if (account.user && account.hotels.length === 0) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconBed size={28} />}
          title={t('calendar:availability.hotelsOnly')}
          description={t('calendar:availability.hotelsOnlyBody')}
          action={
            <Button component={Link} to={pathTo('Dashboard')}>
              {t('common:actions.back')}
            </Button>
          }
        />
      </Paper>
    );
  }

  const openFor = (typeId: string, a: string, b: string) => {
    const r = orderedRange(a, b);
    setPicking(null);
    setBulk({ typeIds: [typeId], first: r.start, last: r.end });
  };

  const cellOf = (target: EventTarget | null) => {
    const td = (target as HTMLElement | null)?.closest<HTMLElement>('td[data-date]');
    const typeId = td?.dataset.type;
    const date = td?.dataset.date;
    return td && typeId && date ? { typeId, date } : null;
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    const cell = cellOf(e.target);
    if (!cell || e.button !== 0) return;
    if (e.pointerType !== 'mouse') return;
    e.preventDefault();
    const waiting = pickingRef.current;
    if (waiting && !waiting.dragging && waiting.typeId === cell.typeId) {
      openFor(cell.typeId, waiting.anchor, cell.date);
      return;
    }
    setPicking({ typeId: cell.typeId, anchor: cell.date, current: cell.date, dragging: true });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const p = pickingRef.current;
    if (!p) return;
    const cell = cellOf(document.elementFromPoint(e.clientX, e.clientY));
    if (cell && cell.typeId === p.typeId && cell.date !== p.current) setPicking({ ...p, current: cell.date });
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const p = pickingRef.current;
    const cell = cellOf(e.target);
    if (e.pointerType !== 'mouse') {
      // Taps: the first night, then the last.
      if (!cell) return;
      if (p && p.typeId === cell.typeId) openFor(cell.typeId, p.anchor, cell.date);
      else setPicking({ typeId: cell.typeId, anchor: cell.date, current: cell.date, dragging: false });
      return;
    }
    if (!p?.dragging) return;
    if (p.anchor !== p.current) openFor(p.typeId, p.anchor, p.current);
    else openFor(p.typeId, p.anchor, p.anchor);
  };

  const selectedRange = picking ? orderedRange(picking.anchor, picking.current) : null;
  const month = startOfMonth(from);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('calendar:availability.title')}
        description={t('calendar:availability.description')}
        actions={
          <Button
            leftSection={<IconEdit size={18} />}
            onClick={() =>
              property &&
              setBulk({
                typeIds: property.room_types.map((rt) => rt.id),
                first: laterOf(from, today),
                last: null,
              })
            }
            disabled={!property || property.room_types.length === 0}
          >
            {t('calendar:availability.bulk')}
          </Button>
        }
      />
      <Group justify="space-between" gap="sm">
        <Group gap={6} wrap="nowrap">
          <Button variant="default" onClick={() => set('date', today)}>
            {t('calendar:toolbar.today')}
          </Button>
          <Tooltip label={t('calendar:toolbar.previous')}>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('calendar:toolbar.previous')}
              onClick={() => set('date', addMonths(month, -1))}
            >
              <IconChevronLeft size={18} className={calendarClasses.mirror} />
            </ActionIcon>
          </Tooltip>
          <MonthPickerInput
            value={month}
            onChange={(v) => v && set('date', startOfMonth(v))}
            valueFormat="MMMM YYYY"
            aria-label={t('calendar:toolbar.month')}
            w={170}
            styles={{ input: { textTransform: 'capitalize', fontWeight: 600 } }}
          />
          <Tooltip label={t('calendar:toolbar.next')}>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('calendar:toolbar.next')}
              onClick={() => set('date', addMonths(month, 1))}
            >
              <IconChevronRight size={18} className={calendarClasses.mirror} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {account.hotels.length > 1 ? (
          <Select
            w={220}
            aria-label={t('calendar:toolbar.property')}
            data={account.hotels.map((p) => ({ value: p.id, label: p.nombre }))}
            value={hotel?.id ?? null}
            onChange={(id) => id && set('property', id)}
            allowDeselect={false}
          />
        ) : null}
        <Text size="sm" c="dimmed">
          {t('calendar:availability.howTo')}
        </Text>
      </Group>

      {query.isPending ? (
        <Paper withBorder radius="lg" p="md" aria-busy data-testid="calendar-skeleton">
          <Stack gap={8}>
            {SKELETON_ROWS.map((key) => (
              <div
                key={key}
                style={{ height: 28, borderRadius: 6, background: 'var(--mantine-color-gray-1)' }}
              />
            ))}
          </Stack>
        </Paper>
      ) : query.isError && !query.data ? (
        <CalendarError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : property && property.room_types.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconBed size={28} />}
            title={t('calendar:availability.noTypes')}
            description={t('calendar:availability.noTypesBody')}
            action={
              <Button component={Link} to={pathTo('roomTypes', { propertyId: property.id })}>
                {t('calendar:availability.addTypes')}
              </Button>
            }
          />
        </Paper>
      ) : property ? (
        <div
          className={classes.scroller}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          data-testid="availability-grid"
        >
          <table className={classes.table} aria-label={t('calendar:availability.title')}>
            <thead>
              <tr>
                <th className={classes.label} scope="col">
                  {property.nombre}
                </th>
                {days.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    aria-label={formats.long(d)}
                    data-weekend={isWeekend(d) || undefined}
                    data-today={d === today || undefined}
                  >
                    {formats.weekday(d)}
                    <b>{Number(d.slice(8))}</b>
                  </th>
                ))}
              </tr>
            </thead>
            {sortedRoomTypes(property).map((rt) => {
              const nights = nightMap(rt.nights);
              const selected = (d: string) =>
                Boolean(
                  picking &&
                    picking.typeId === rt.id &&
                    selectedRange &&
                    d >= selectedRange.start &&
                    d <= selectedRange.end,
                );
              const cell = (
                d: string,
                children: React.ReactNode,
                extra: Record<string, unknown> = {},
                className = '',
              ) => (
                <td
                  key={d}
                  className={`${classes.cell} ${className}`}
                  data-type={rt.id}
                  data-date={d}
                  data-weekend={isWeekend(d) || undefined}
                  data-selected={selected(d) || undefined}
                  {...extra}
                >
                  {children}
                </td>
              );
              return (
                <tbody key={rt.id} data-testid="availability-type" data-type-name={rt.name}>
                  <tr>
                    <th
                      className={`${classes.label} ${classes.typeLabel} ${classes.typeCell}`}
                      scope="rowgroup"
                    >
                      {rt.name}{' '}
                      <Text span size="xs" c="dimmed" fw={500}>
                        · {t('calendar:grid.roomsCount', { count: rt.rooms_count })}
                      </Text>
                    </th>
                    <td className={classes.typeCell} colSpan={days.length} />
                  </tr>
                  <tr data-metric="free">
                    <th className={classes.label} scope="row">
                      {t('calendar:availability.free')}
                    </th>
                    {days.map((d) => {
                      const free = nights.get(d)?.available ?? rt.rooms_count;
                      const level =
                        free <= 0
                          ? 'none'
                          : free <= Math.max(1, Math.floor(rt.rooms_count * 0.2))
                            ? 'low'
                            : 'ok';
                      return cell(
                        d,
                        free,
                        {
                          'aria-label': `${formats.long(d)}: ${t('calendar:availability.freeOf', { free, total: rt.rooms_count })}`,
                          'data-level': level,
                        },
                        `${classes.free}`,
                      );
                    })}
                  </tr>
                  <tr data-metric="price">
                    <th className={classes.label} scope="row">
                      {t('calendar:availability.price', { currency: property.currency })}
                    </th>
                    {days.map((d) => {
                      const p = nights.get(d)?.price;
                      return cell(d, p == null ? '—' : price(p), {
                        'aria-label': `${formats.long(d)}: ${p == null ? t('price.noPrice') : price(p)}`,
                      });
                    })}
                  </tr>
                  <tr data-metric="min-stay">
                    <th className={classes.label} scope="row">
                      {t('calendar:availability.minStay')}
                    </th>
                    {days.map((d) => cell(d, nights.get(d)?.min_stay ?? 1))}
                  </tr>
                  <tr data-metric="stop-sell">
                    <th className={classes.label} scope="row">
                      {t('calendar:availability.sale')}
                    </th>
                    {days.map((d) => {
                      const stopped = nights.get(d)?.stop_sell ?? false;
                      return cell(
                        d,
                        stopped ? (
                          <IconBan size={15} color="var(--mantine-color-red-7)" />
                        ) : (
                          <IconCircleCheck size={15} color="var(--mantine-color-teal-6)" />
                        ),
                        {
                          'aria-label': `${formats.long(d)}: ${stopped ? t('calendar:availability.closed') : t('calendar:availability.opened')}`,
                          'data-stopped': stopped || undefined,
                        },
                        stopped ? classes.stopped : '',
                      );
                    })}
                  </tr>
                </tbody>
              );
            })}
          </table>
        </div>
      ) : null}
      <BulkEditModal property={property} state={bulk} today={today} onClose={() => setBulk(null)} />
    </Stack>
  );
}

/** The later of two ISO dates. */
function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}
