import { Chip, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { BookingChannel } from '@posada/domain/booking-rules';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelName } from '../../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../../lib/channel-logo.tsx';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useCalendarOverlays } from '../components/calendar-overlays.tsx';
import { CalendarError, NoProperties, TimelineSkeleton } from '../components/calendar-states.tsx';
import { CalendarToolbar, LegendStrip } from '../components/calendar-toolbar.tsx';
import { TimelineGrid, type TimelineMetrics } from '../components/timeline-grid.tsx';
import { UnitName } from '../components/timeline-row.tsx';
import {
  useAccountProperties,
  useCalendarData,
  useCalendarDensity,
  useCalendarWindow,
  useShowPrices,
} from '../components/use-calendar-page.ts';
import { keepsSource, legendSources } from '../lib/booking-style.ts';
import {
  apartmentRows,
  type CalendarProperty,
  type GridRow,
  hotelRows,
  isHotelProperty,
  type TypeRow,
} from '../lib/grid-rows.ts';

// Rows as tall as the apartments' calendar: an overbooking shares its row with the stay it collided with.
const DESKTOP: TimelineMetrics = { dayWidth: 58, nameWidth: 200, unitHeight: 60, typeHeight: 40 };
const COMPACT: TimelineMetrics = { dayWidth: 34, nameWidth: 160, unitHeight: 52, typeHeight: 38 };
const PHONE: TimelineMetrics = { dayWidth: 50, nameWidth: 118, unitHeight: 56, typeHeight: 40 };

/** The calendar's stays of the chosen sources (none chosen: all); overbookings always stay. */
export function withSources(
  properties: readonly CalendarProperty[],
  chosen: readonly BookingChannel[],
): CalendarProperty[] {
  if (chosen.length === 0) return [...properties];
  return properties.map((p) => ({
    ...p,
    units: p.units.map((u) => ({ ...u, bookings: u.bookings.filter((b) => keepsSource(chosen, b)) })),
  }));
}

/**
 * ReservationCalendarOta (spec 2.1; issue 15): every unit of the account — apartments, and the rooms of each
 * hotel by type — on one timeline, each stay in its source's colour and logo, with a filter by channel.
 * The same grid, toolbar, panel and modals as the other calendars.
 */
export function ReservationCalendarOtaPage() {
  const { t } = useTranslation(['calendar', 'common']);
  useDocumentTitle(t('calendar:ota.title'));
  const isMobile = useIsMobile();
  const w = useCalendarWindow();
  const account = useAccountProperties();
  const [showPrices, setShowPrices] = useShowPrices();
  const [density, setDensity] = useCalendarDensity();
  const metrics = isMobile ? PHONE : density === 'compact' ? COMPACT : DESKTOP;
  const [chosen, setChosen] = useState<BookingChannel[]>([]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((row: TypeRow) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(row.roomType.id)) next.delete(row.roomType.id);
      else next.add(row.roomType.id);
      return next;
    });
  }, []);
  const all = useMemo(() => [...account.apartments, ...account.hotels], [account.apartments, account.hotels]);
  const ids = all.map((p) => p.id).join(',');
  const query = useCalendarData({ from: w.from, to: w.to, property_ids: ids }, ids.length > 0);
  const overlays = useCalendarOverlays({ today: w.today, onPricesSaved: () => setShowPrices(true) });
  const properties = useMemo(() => withSources(query.data?.properties ?? [], chosen), [query.data, chosen]);
  const rows = useMemo<GridRow[]>(
    () => [
      ...apartmentRows(properties.filter((p) => !isHotelProperty(p))),
      ...properties.filter(isHotelProperty).flatMap((p) => hotelRows(p, collapsed)),
    ],
    [properties, collapsed],
  );
  const shown = rows.some((r) => r.kind === 'unit' && r.unit.bookings.some((b) => b.status !== 'cancelled'));

  if (account.user && all.length === 0) return <NoProperties />;

  return (
    <>
      <CalendarToolbar
        title={t('calendar:ota.title')}
        compact={isMobile}
        density={isMobile ? undefined : density}
        onDensity={setDensity}
        month={w.visibleMonth}
        onMonth={w.goMonth}
        onPrev={w.prev}
        onNext={w.next}
        onToday={w.goToday}
        showPrices={showPrices}
        onShowPrices={setShowPrices}
        loading={query.isFetching && !query.isPending}
        filters={<SourceFilter chosen={chosen} onChange={setChosen} />}
      />
      {query.isPending ? (
        <TimelineSkeleton nameWidth={metrics.nameWidth} rows={8} />
      ) : query.isError && !query.data ? (
        <CalendarError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          {chosen.length > 0 && !shown ? (
            <Text size="sm" c="dimmed" mb="xs" role="status">
              {t('calendar:ota.noneOfChannel', {
                channels: chosen.map((c) => channelName(c, (key) => t(`calendar:${key}`))).join(', '),
              })}
            </Text>
          ) : null}
          <div style={{ flex: 1, minHeight: 0, maxHeight: rowsHeight(rows, metrics) }}>
            <TimelineGrid
              rows={rows}
              from={w.from}
              dayCount={w.days}
              today={w.today}
              showPrices={showPrices}
              metrics={metrics}
              corner={t('calendar:grid.properties')}
              label={t('calendar:ota.title')}
              selection={overlays.selection}
              scrollTo={w.scrollTo}
              onVisibleMonth={w.onVisibleMonth}
              onSelect={overlays.select}
              onBooking={(b) => overlays.openBooking(b.id)}
              onClosed={(c, row) => overlays.openClosed(c, row)}
              onToggleType={toggle}
              renderUnitName={(row) => (
                <UnitName row={row} subtitle={row.roomType ? row.property.nombre : undefined} />
              )}
            />
          </div>
        </>
      )}
      {isMobile ? null : <LegendStrip />}
      {overlays.overlays}
    </>
  );
}

/** Which sources to show: chips with each source's logo; none chosen shows them all. */
function SourceFilter({
  chosen,
  onChange,
}: {
  chosen: BookingChannel[];
  onChange: (chosen: BookingChannel[]) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t('ota.filter')} data-testid="source-filter">
      <Chip size="sm" checked={chosen.length === 0} onChange={() => onChange([])} variant="outline">
        {t('ota.all')}
      </Chip>
      <Chip.Group multiple value={chosen} onChange={(value) => onChange(value as BookingChannel[])}>
        {legendSources.map((channel) => (
          <Chip key={channel} value={channel} size="sm" variant="outline" data-channel={channel}>
            <Group gap={4} wrap="nowrap" component="span">
              <ChannelLogo channel={channel} size={14} />
              {channelName(channel, t)}
            </Group>
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

/** A handful of units should not leave a screen of empty grid below them (as the apartments' calendar). */
function rowsHeight(rows: readonly GridRow[], metrics: TimelineMetrics): number | undefined {
  if (rows.length > 12) return undefined;
  const body = rows.reduce(
    (sum, r) => sum + (r.kind === 'type' ? metrics.typeHeight : metrics.unitHeight),
    0,
  );
  return 60 + Math.max(body, metrics.unitHeight) + 2 + 16;
}
