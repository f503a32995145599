import { ActionIcon, Badge, Button, Paper, Select, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBed, IconFold, IconFoldDown, IconPlus, IconTool } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { pathTo } from '../../../../config/routes.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { useCalendarOverlays } from '../components/calendar-overlays.tsx';
import { CalendarError, NoProperties, TimelineSkeleton } from '../components/calendar-states.tsx';
import { CalendarToolbar } from '../components/calendar-toolbar.tsx';
import { DayStats } from '../components/day-stats.tsx';
import { TimelineGrid, type TimelineMetrics, UnitName } from '../components/timeline-grid.tsx';
import {
  useAccountProperties,
  useCalendarData,
  useCalendarDensity,
  useCalendarWindow,
  useShowPrices,
} from '../components/use-calendar-page.ts';
import { chosenProperty } from '../lib/calendar-window.ts';
import { dayStats, hotelRows, type TypeRow } from '../lib/grid-rows.ts';

const DESKTOP: TimelineMetrics = { dayWidth: 58, nameWidth: 190, unitHeight: 40, typeHeight: 46 };
/** Compact density: a whole month (30+ days) beside the room names at 1280 px. */
const COMPACT: TimelineMetrics = { dayWidth: 34, nameWidth: 150, unitHeight: 36, typeHeight: 42 };
const PHONE: TimelineMetrics = { dayWidth: 50, nameWidth: 118, unitHeight: 40, typeHeight: 46 };

/**
 * hotelReservationCalendar (spec 2.1): rooms grouped by room type (each group folds away and sums up its
 * free rooms and price per night), bookings as bars per room, rooms in maintenance in red with the
 * maintenance modal on the room's name, change room from the booking panel, closed dates per room.
 */
export function HotelCalendarPage() {
  const { t } = useTranslation(['calendar', 'common']);
  useDocumentTitle(t('calendar:title.hotel'));
  const isMobile = useIsMobile();
  const w = useCalendarWindow();
  const account = useAccountProperties();
  const [showPrices, setShowPrices] = useShowPrices();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const chosen = w.params.get('property');
  const hotel = chosenProperty(account.hotels, chosen, account.activeId);
  const query = useCalendarData({ from: w.from, to: w.to, property_ids: hotel?.id ?? '' }, Boolean(hotel));
  const overlays = useCalendarOverlays({ today: w.today, onPricesSaved: () => setShowPrices(true) });
  const property = query.data?.properties.find((p) => p.id === hotel?.id) ?? null;
  const rows = useMemo(() => (property ? hotelRows(property, collapsed) : []), [property, collapsed]);
  const stats = useMemo(() => (property ? dayStats(property.units, w.today) : null), [property, w.today]);
  const inMaintenance = property?.units.filter((u) => u.status === 'maintenance').length ?? 0;
  const [density, setDensity] = useCalendarDensity();
  const metrics = isMobile ? PHONE : density === 'compact' ? COMPACT : DESKTOP;

  const toggle = useCallback((row: TypeRow) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(row.roomType.id)) next.delete(row.roomType.id);
      else next.add(row.roomType.id);
      return next;
    });
  }, []);
  const allFolded = property ? property.room_types.every((rt) => collapsed.has(rt.id)) : false;

  if (account.user && account.hotels.length === 0) {
    if (account.apartments.length > 0) {
      return <Navigate to={pathTo(isMobile ? 'monthlyCalendar' : 'ReservationCalendar')} replace />;
    }
    return <NoProperties hotel />;
  }

  return (
    <>
      <CalendarToolbar
        title={t('calendar:title.hotel')}
        compact={isMobile}
        hotel
        density={isMobile ? undefined : density}
        onDensity={setDensity}
        stats={
          stats ? (
            <>
              {w.today >= w.from && w.today < w.to ? <DayStats {...stats} /> : null}
              {inMaintenance > 0 ? (
                <Badge variant="light" color="red" tt="none" size="lg" leftSection={<IconTool size={14} />}>
                  {t('calendar:stats.maintenance', { count: inMaintenance })}
                </Badge>
              ) : null}
            </>
          ) : null
        }
        month={w.visibleMonth}
        onMonth={w.goMonth}
        onPrev={w.prev}
        onNext={w.next}
        onToday={w.goToday}
        showPrices={showPrices}
        onShowPrices={setShowPrices}
        loading={query.isFetching && !query.isPending}
        filters={
          <>
            {account.hotels.length > 1 ? (
              <Select
                size="sm"
                w={200}
                aria-label={t('calendar:toolbar.property')}
                data={account.hotels.map((p) => ({ value: p.id, label: p.nombre }))}
                value={hotel?.id ?? null}
                allowDeselect={false}
                onChange={(id) =>
                  id &&
                  w.setParams((p) => {
                    const next = new URLSearchParams(p);
                    next.set('property', id);
                    return next;
                  })
                }
              />
            ) : null}
            {property && property.room_types.length > 0 ? (
              <Tooltip
                label={allFolded ? t('calendar:toolbar.expandAll') : t('calendar:toolbar.collapseAll')}
              >
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={allFolded ? t('calendar:toolbar.expandAll') : t('calendar:toolbar.collapseAll')}
                  onClick={() =>
                    setCollapsed(allFolded ? new Set() : new Set(property.room_types.map((rt) => rt.id)))
                  }
                >
                  {allFolded ? <IconFoldDown size={18} /> : <IconFold size={18} />}
                </ActionIcon>
              </Tooltip>
            ) : null}
          </>
        }
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            size={isMobile ? 'xs' : 'sm'}
            onClick={() => overlays.newBooking(hotel ? { property_id: hotel.id } : {})}
          >
            {isMobile ? t('calendar:toolbar.newShort') : t('calendar:toolbar.newBooking')}
          </Button>
        }
      />
      {query.isPending ? (
        <TimelineSkeleton nameWidth={metrics.nameWidth} rows={12} />
      ) : query.isError && !query.data ? (
        <CalendarError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : property && property.units.length === 0 ? (
        <NoRooms propertyId={property.id} />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }}>
          <TimelineGrid
            rows={rows}
            from={w.from}
            dayCount={w.days}
            today={w.today}
            showPrices={showPrices}
            metrics={metrics}
            corner={t('calendar:grid.rooms')}
            label={t('calendar:title.hotel')}
            selection={overlays.selection}
            scrollTo={w.scrollTo}
            onVisibleMonth={w.onVisibleMonth}
            onSelect={overlays.select}
            onBooking={(b) => overlays.openBooking(b.id)}
            onClosed={(c, row) => overlays.openClosed(c, row)}
            onToggleType={toggle}
            renderUnitName={(row) => (
              <UnitName
                row={row}
                onClick={() => overlays.openMaintenance(row.property, row.unit, row.roomType)}
              />
            )}
          />
        </div>
      )}
      {overlays.overlays}
    </>
  );
}

/** A hotel with no rooms yet: the way to add them. */
function NoRooms({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('calendar');
  return (
    <Paper withBorder radius="lg">
      <EmptyState
        icon={<IconBed size={28} />}
        title={t('empty.roomsTitle')}
        description={t('empty.roomsBody')}
        action={
          <Button component={Link} to={pathTo('roomManagement', { propertyId })}>
            {t('empty.roomsAction')}
          </Button>
        }
      />
    </Paper>
  );
}
