import { Button, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { pathTo } from '../../../../config/routes.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useCalendarOverlays } from '../components/calendar-overlays.tsx';
import { CalendarError, NoProperties, TimelineSkeleton } from '../components/calendar-states.tsx';
import { CalendarToolbar, LegendStrip } from '../components/calendar-toolbar.tsx';
import { DayStats } from '../components/day-stats.tsx';
import { TimelineGrid, type TimelineMetrics } from '../components/timeline-grid.tsx';
import { UnitMenu } from '../components/unit-menu.tsx';
import {
  useAccountProperties,
  useCalendarData,
  useCalendarDensity,
  useCalendarWindow,
  useShowPrices,
} from '../components/use-calendar-page.ts';
import { apartmentRows, dayStats } from '../lib/grid-rows.ts';
import { targetOf } from '../lib/target.ts';

const METRICS: TimelineMetrics = { dayWidth: 64, nameWidth: 230, unitHeight: 60, typeHeight: 44 };
/** Compact density (issue 13, as the hotel calendar): a whole month (30+ days) beside the names at 1280 px. */
const COMPACT: TimelineMetrics = { dayWidth: 34, nameWidth: 180, unitHeight: 48, typeHeight: 40 };

/**
 * ReservationCalendar (spec 2.1, desktop, apartments and villas): every property as a row, days as
 * columns; bookings as bars, closed dates hatched, prices per night on demand. On a phone the monthly
 * calendar takes over (spec 2.3).
 */
export function ReservationCalendarPage() {
  const { t } = useTranslation(['calendar', 'common']);
  useDocumentTitle(t('calendar:title.reservation'));
  const isMobile = useIsMobile();
  const w = useCalendarWindow();
  const account = useAccountProperties();
  const [showPrices, setShowPrices] = useShowPrices();
  const [search, setSearch] = useState('');
  // The same remembered choice as the hotel calendar's.
  const [density, setDensity] = useCalendarDensity();
  const metrics = density === 'compact' ? COMPACT : METRICS;
  const ids = account.apartments.map((p) => p.id).join(',');
  const query = useCalendarData({ from: w.from, to: w.to, property_ids: ids }, !isMobile && ids.length > 0);
  const overlays = useCalendarOverlays({ today: w.today, onPricesSaved: () => setShowPrices(true) });
  const properties = query.data?.properties ?? [];
  const rows = useMemo(() => apartmentRows(properties, search), [properties, search]);
  const stats = useMemo(
    () =>
      dayStats(
        rows.map((r) => r.unit),
        w.today,
      ),
    [rows, w.today],
  );

  if (isMobile) return <Navigate to={pathTo('monthlyCalendar', undefined, { date: w.anchor })} replace />;
  if (account.user && account.apartments.length === 0) {
    if (account.hotels.length > 0) return <Navigate to={pathTo('hotelReservationCalendar')} replace />;
    return <NoProperties />;
  }

  return (
    <>
      <CalendarToolbar
        title={t('calendar:title.reservation')}
        density={density}
        onDensity={setDensity}
        stats={query.data && w.today >= w.from && w.today < w.to ? <DayStats {...stats} /> : null}
        month={w.visibleMonth}
        onMonth={w.goMonth}
        onPrev={w.prev}
        onNext={w.next}
        onToday={w.goToday}
        showPrices={showPrices}
        onShowPrices={setShowPrices}
        loading={query.isFetching && !query.isPending}
        filters={
          account.apartments.length > 3 ? (
            <TextInput
              size="sm"
              w={200}
              leftSection={<IconSearch size={16} />}
              placeholder={t('calendar:toolbar.search')}
              aria-label={t('calendar:toolbar.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          ) : null
        }
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => overlays.newBooking()}>
            {t('calendar:toolbar.newBooking')}
          </Button>
        }
      />
      {query.isPending ? (
        <TimelineSkeleton nameWidth={metrics.nameWidth} rows={Math.max(3, account.apartments.length)} />
      ) : query.isError && !query.data ? (
        <CalendarError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div style={{ flex: 1, minHeight: 0, maxHeight: rowsHeight(rows.length, metrics) }}>
          <TimelineGrid
            rows={rows}
            from={w.from}
            dayCount={w.days}
            today={w.today}
            showPrices={showPrices}
            metrics={metrics}
            corner={t('calendar:grid.properties')}
            label={t('calendar:title.reservation')}
            selection={overlays.selection}
            scrollTo={w.scrollTo}
            onVisibleMonth={w.onVisibleMonth}
            onSelect={overlays.select}
            onBooking={(b) => overlays.openBooking(b.id)}
            onClosed={(c, row) => overlays.openClosed(c, row)}
            renderUnitName={(row) => (
              <UnitMenu
                row={row}
                subtitle={`${t(`common:propertyTypes.${row.property.tipo_propiedad}`, row.property.tipo_propiedad)} · ${t('calendar:grid.guests', { count: row.property.guests })} · ${row.property.currency}`}
                onBook={() => overlays.newBooking({ property_id: row.property.id })}
                onBlock={() => overlays.openCloseDates(targetOf(row))}
                onPrice={() => overlays.openPrice(targetOf(row), null)}
              />
            )}
          />
        </div>
      )}
      {rows.length > 0 && rows.length <= 8 ? <LegendStrip /> : null}
      {overlays.overlays}
    </>
  );
}

/** A handful of properties should not leave a screen of empty grid below them. */
function rowsHeight(count: number, metrics: TimelineMetrics): number | undefined {
  if (count > 12) return undefined;
  return 60 + Math.max(count, 1) * metrics.unitHeight + 2 + 16;
}
