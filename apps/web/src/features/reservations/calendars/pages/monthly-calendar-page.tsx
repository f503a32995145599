import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Paper,
  RingProgress,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconHandFinger,
  IconLayoutList,
  IconLock,
  IconPlus,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { pathTo } from '../../../../config/routes.ts';
import { channelName } from '../../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../../lib/channel-logo.tsx';
import { cellPriceFormatter, moneyFormatter } from '../../../../lib/money.ts';
import { useOperatorToday } from '../../../../lib/today.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { BookingBarMarks } from '../components/booking-bar-marks.tsx';
import classes from '../components/calendar.module.css';
import { useCalendarOverlays } from '../components/calendar-overlays.tsx';
import { CalendarError, NoProperties } from '../components/calendar-states.tsx';
import { Legend } from '../components/calendar-toolbar.tsx';
import { AgendaItem, capitalize, MonthSkeleton } from '../components/month-agenda.tsx';
import { useAccountProperties, useCalendarData, useShowPrices } from '../components/use-calendar-page.ts';
import { assignLanes, stayBar } from '../lib/bar-layout.ts';
import { barLook, statusColor } from '../lib/booking-style.ts';
import { chosenProperty, monthWindow } from '../lib/calendar-window.ts';
import { addMonths, monthWeeks, parseDateParam, startOfMonth } from '../lib/dates.ts';
import { dayFormatters } from '../lib/format.ts';
import { apartmentRows, occupancy, type UnitRow } from '../lib/grid-rows.ts';
import { orderedRange } from '../lib/selection.ts';

/**
 * monthlyCalendar (spec 2.1, phones, apartments and villas): one property's month, a day per cell with
 * its price and occupancy, bookings as bars across the weeks. Tap the arrival and then the departure to
 * open the action chooser; tap a bar (or a booking in the list below) to open the booking.
 */
export function MonthlyCalendarPage() {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  useDocumentTitle(t('calendar:title.monthly'));
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const today = useOperatorToday();
  const month = startOfMonth(parseDateParam(params.get('date'), today));
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const { from: gridFrom, to: gridTo } = monthWindow(month);
  const account = useAccountProperties();
  const chosen = params.get('property');
  const property = chosenProperty(account.apartments, chosen, account.activeId);
  const [showPrices, setShowPrices] = useShowPrices();
  const query = useCalendarData(
    { from: gridFrom, to: gridTo, property_ids: property?.id ?? '' },
    Boolean(property),
  );
  const overlays = useCalendarOverlays({ today, onPricesSaved: () => setShowPrices(true) });
  const row: UnitRow | null = useMemo(
    () => apartmentRows(query.data?.properties ?? [])[0] ?? null,
    [query.data],
  );
  const [arrival, setArrival] = useState<string | null>(null);
  const formats = useMemo(() => dayFormatters(language), [language]);
  const price = useMemo(() => cellPriceFormatter(language), [language]);

  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const goMonth = (m: string) => {
    setArrival(null);
    set('date', m);
  };

  const monthDays = useMemo(
    () => weeks.flat().filter((d) => d.startsWith(month.slice(0, 7))),
    [weeks, month],
  );
  const monthBookings = useMemo(
    () =>
      row
        ? row.unit.bookings
            .filter(
              (b) => b.status !== 'cancelled' && b.start_date < addMonths(month, 1) && month < b.end_date,
            )
            .sort((a, b) => (a.start_date < b.start_date ? -1 : 1))
        : [],
    [row, month],
  );

  if (account.user && account.apartments.length === 0) {
    if (account.hotels.length > 0) return <Navigate to={pathTo('hotelReservationCalendar')} replace />;
    return <NoProperties />;
  }

  const closedOn = (day: string) =>
    row?.unit.closed.find((c) => c.start_date <= day && day < c.end_date) ?? null;

  const tapDay = (day: string) => {
    if (!row) return;
    if (!arrival) {
      const closed = closedOn(day);
      if (closed) {
        overlays.openClosed(closed, row);
        return;
      }
      setArrival(day);
      return;
    }
    if (day === arrival) {
      setArrival(null);
      return;
    }
    overlays.select(row, orderedRange(arrival, day));
    setArrival(null);
  };

  const selected =
    overlays.selection ?? (arrival ? { rowKey: row?.key ?? '', start: arrival, end: arrival } : null);
  const occ = row ? occupancy(row.unit, monthDays) : 0;
  const money = moneyFormatter(row?.property.currency ?? 'EUR', language, 'calendar');

  return (
    <Box
      maw={isMobile ? undefined : 860}
      w="100%"
      mx="auto"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
    >
      <Stack gap="sm" pb={arrival ? 80 : 'md'}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} fz="h4">
            {t('calendar:title.monthly')}
          </Title>
          <Group gap={4} wrap="nowrap">
            {!isMobile ? (
              <Anchor
                component={Link}
                to={pathTo('ReservationCalendar', undefined, { date: month })}
                size="sm"
                me="sm"
              >
                <Group gap={4} wrap="nowrap">
                  <IconLayoutList size={16} />
                  {t('calendar:monthly.timeline')}
                </Group>
              </Anchor>
            ) : null}
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => overlays.newBooking(property ? { property_id: property.id } : {})}
            >
              {t('calendar:toolbar.newShort')}
            </Button>
          </Group>
        </Group>

        {account.apartments.length > 1 ? (
          <Select
            aria-label={t('calendar:toolbar.property')}
            data={account.apartments.map((p) => ({ value: p.id, label: p.nombre }))}
            value={property?.id ?? null}
            allowDeselect={false}
            onChange={(id) => {
              if (!id) return;
              setArrival(null);
              set('property', id);
            }}
            size="md"
          />
        ) : null}

        <Group justify="space-between" wrap="nowrap" gap="xs">
          <ActionIcon
            variant="default"
            size={40}
            onClick={() => goMonth(addMonths(month, -1))}
            aria-label={t('calendar:toolbar.previous')}
          >
            <IconChevronLeft size={20} className={classes.mirror} />
          </ActionIcon>
          <Text
            fw={700}
            fz={{ base: 'md', sm: 'lg' }}
            ta="center"
            truncate="end"
            style={{ flex: 1, minWidth: 0 }}
            data-testid="month-title"
          >
            {capitalize(formats.month(month))}
          </Text>
          <ActionIcon
            variant="default"
            size={40}
            onClick={() => goMonth(addMonths(month, 1))}
            aria-label={t('calendar:toolbar.next')}
          >
            <IconChevronRight size={20} className={classes.mirror} />
          </ActionIcon>
          <Button
            variant="default"
            size="sm"
            h={40}
            px="sm"
            style={{ flex: 'none' }}
            onClick={() => goMonth(startOfMonth(today))}
          >
            {t('calendar:toolbar.today')}
          </Button>
        </Group>

        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            <RingProgress
              size={40}
              thickness={4}
              roundCaps
              sections={[{ value: occ, color: 'posada' }]}
              label={null}
              aria-hidden
            />
            <Stack gap={0}>
              <Text size="sm" fw={700} data-testid="occupancy">
                {t('calendar:monthly.occupancy', { value: occ })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('calendar:monthly.bookings', { count: monthBookings.length })}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Switch
              checked={showPrices}
              onChange={(e) => setShowPrices(e.currentTarget.checked)}
              label={t('calendar:toolbar.pricesShort')}
              aria-label={t('calendar:toolbar.showPrices')}
              size="sm"
            />
            <Legend />
          </Group>
        </Group>

        {query.isPending && property ? (
          <MonthSkeleton weeks={weeks.length} />
        ) : query.isError && !query.data ? (
          <CalendarError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <section
            className={classes.monthGrid}
            aria-label={t('calendar:title.monthly')}
            data-testid="month-grid"
          >
            <div className={classes.weekdays} aria-hidden>
              {(weeks[0] ?? []).map((day) => (
                <div key={day} className={classes.weekday}>
                  {formats.weekday(day)}
                </div>
              ))}
            </div>
            {weeks.map((week) => {
              const stays = row ? weekStays(row, week) : [];
              const lanes = assignLanes(stays);
              return (
                <div
                  key={week[0]}
                  className={classes.week}
                  // An overbooking shares its nights with another stay: each gets a lane of its own.
                  style={{ minHeight: (showPrices ? 74 : 62) + (lanes.count - 1) * BAR_LANE }}
                >
                  {week.map((day) => {
                    const night = row?.nights.get(day);
                    const closed = closedOn(day);
                    const inSelection = selected && day >= selected.start && day <= selected.end;
                    const edge = selected && (day === selected.start || day === selected.end);
                    const label = [
                      formats.long(day),
                      showPrices && night?.price != null ? money(night.price) : null,
                      closed ? t('calendar:grid.closed') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ');
                    return (
                      <button
                        key={day}
                        type="button"
                        className={classes.monthCell}
                        data-date={day}
                        data-outside={!day.startsWith(month.slice(0, 7)) || undefined}
                        data-past={day < today || undefined}
                        data-today={day === today || undefined}
                        data-closed={closed ? true : undefined}
                        data-stop-sell={night?.stop_sell || undefined}
                        data-selected={inSelection || undefined}
                        data-selected-edge={edge || undefined}
                        aria-label={label}
                        aria-pressed={edge || undefined}
                        onClick={() => tapDay(day)}
                      >
                        <Group justify="space-between" gap={0} wrap="nowrap">
                          <span className={classes.monthDay}>{Number(day.slice(8))}</span>
                          {closed ? <IconLock size={11} color="var(--mantine-color-gray-6)" /> : null}
                        </Group>
                        {showPrices && night?.price != null ? (
                          <span className={classes.monthPrice}>
                            {price(night.price)}
                            {night.min_stay > 1 ? (
                              <span style={{ color: 'var(--mantine-color-gray-5)', fontWeight: 500 }}>
                                {' '}
                                · {t('calendar:grid.minStayShort', { count: night.min_stay })}
                              </span>
                            ) : null}
                          </span>
                        ) : null}
                      </button>
                    );
                  })}
                  {stays.map((b) => {
                    const box = stayBar(b, { from: week[0] ?? '', days: 7, dayWidth: 100 / 7 }, 0.4);
                    if (!box) return null;
                    const look = barLook(b);
                    const label = t('calendar:grid.barLabel', {
                      name: b.name,
                      range: formats.range(b.start_date, b.end_date),
                      count: Math.round((Date.parse(b.end_date) - Date.parse(b.start_date)) / 86_400_000),
                      status: t(`calendar:status.${b.status}`),
                      channel: channelName(b.channel, (key) => t(`calendar:${key}`)),
                    });
                    return (
                      <button
                        key={b.id}
                        type="button"
                        className={classes.monthBar}
                        data-testid="booking-bar"
                        data-booking-id={b.id}
                        data-channel={b.channel}
                        data-status={b.status}
                        data-clipped-start={box.clippedStart || undefined}
                        data-clipped-end={box.clippedEnd || undefined}
                        data-paused={b.paused || undefined}
                        aria-label={b.external_ref ? `${label} · ${b.external_ref}` : label}
                        style={{
                          insetInlineStart: `${box.start}%`,
                          width: `${box.width}%`,
                          top: 26 + (lanes.lanes.get(b) ?? 0) * BAR_LANE,
                          background: look.background,
                          color: look.color,
                        }}
                        onClick={() => overlays.openBooking(b.id)}
                      >
                        {/* A week is about 350 px wide on a phone: a night is some 50 px. */}
                        <BookingBarMarks look={look} channel={b.channel} room={box.width * 3.5} size={12} />
                        <span dir="auto" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {b.name}
                        </span>
                      </button>
                    );
                  })}
                </div>
              );
            })}
          </section>
        )}

        <Stack gap={6} mt="xs">
          <Text fw={700} size="sm">
            {t('calendar:monthly.agenda')}
          </Text>
          {monthBookings.length === 0 && !query.isPending ? (
            <Text size="sm" c="dimmed">
              {t('calendar:monthly.noBookings')}
            </Text>
          ) : (
            monthBookings.map((b) => (
              <AgendaItem
                key={b.id}
                accent={barLook(b).background}
                lead={b.channel === 'manual' ? null : <ChannelLogo channel={b.channel} size={16} />}
                onClick={() => overlays.openBooking(b.id)}
                title={b.name}
                subtitle={[
                  formats.range(b.start_date, b.end_date),
                  t('calendar:selection.nights', {
                    count: Math.round((Date.parse(b.end_date) - Date.parse(b.start_date)) / 86_400_000),
                  }),
                  b.channel === 'manual' ? null : channelName(b.channel, (key) => t(`calendar:${key}`)),
                  b.external_ref,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                end={
                  <Stack gap={2} align="flex-end">
                    <Text size="sm" fw={650} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {money(b.total)}
                    </Text>
                    <Badge size="xs" variant="light" color={statusColor[b.status]} tt="none">
                      {t(`calendar:status.${b.status}`)}
                    </Badge>
                  </Stack>
                }
              />
            ))
          )}
        </Stack>
      </Stack>

      {arrival ? (
        <Paper
          className={classes.hint}
          shadow="md"
          radius="lg"
          p="sm"
          withBorder
          role="status"
          data-testid="pick-departure"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={8} wrap="nowrap">
              <IconHandFinger size={18} color="var(--mantine-color-posada-7)" />
              <Text size="sm">
                {t('calendar:monthly.pickDeparture', { arrival: formats.short(arrival) })}
              </Text>
            </Group>
            <CloseButton onClick={() => setArrival(null)} aria-label={t('calendar:monthly.cancelPick')} />
          </Group>
        </Paper>
      ) : null}
      {overlays.overlays}
    </Box>
  );
}

/** The height of a lane of the month's bars (a bar and its gap). */
const BAR_LANE = 24;

/** The stays drawn on a week of the month grid, cancelled ones left out. */
function weekStays(row: UnitRow, week: readonly string[]) {
  return row.unit.bookings.filter(
    (b) => b.status !== 'cancelled' && b.start_date <= (week[6] ?? '') && (week[0] ?? '') < b.end_date,
  );
}
