import { IconChevronDown, IconLock, IconPlayerPauseFilled, IconTool } from '@tabler/icons-react';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { channelName } from '../../../../lib/channel-brand.ts';
import { assignLanes, type BarBox, dayOffset, nightsBlock, stayBar } from '../lib/bar-layout.ts';
import { barLook } from '../lib/booking-style.ts';
import { addDays } from '../lib/dates.ts';
import type { DayFormatters } from '../lib/format.ts';
import type { CalendarBooking, CalendarClosed, GridRow, TypeRow, UnitRow } from '../lib/grid-rows.ts';
import { BookingBarMarks } from './booking-bar-marks.tsx';
import classes from './calendar.module.css';

/** Bar labels per language (its formatters) and booking object: a new answer brings new objects. */
const labelCaches = new WeakMap<DayFormatters, WeakMap<CalendarBooking, string>>();

export interface RowHandlers {
  booking: (b: CalendarBooking, r: UnitRow) => void;
  closed: (c: CalendarClosed, r: UnitRow) => void;
  unitName: (r: UnitRow) => void;
  toggleType: (r: TypeRow) => void;
  renderUnitName: (r: UnitRow) => ReactNode;
}

interface RowProps {
  row: GridRow;
  index: number;
  top: number;
  height: number;
  totalWidth: number;
  nameWidth: number;
  win: { from: string; days: number; dayWidth: number };
  days: string[];
  colFirst: number;
  colLast: number;
  today: string;
  showPrices: boolean;
  highlight: { start: string; end: string; pending: boolean } | null;
  formats: DayFormatters;
  price: (minor: number) => string;
  handlers: RowHandlers;
  nightsLabel: (count: number) => string;
  arrivalLabel: string;
  dayMeta: readonly { weekend: boolean; past: boolean; today: boolean }[];
  freeTitle: (date: string, free: number, total: number) => string;
}

export const TimelineRow = memo(function TimelineRow(p: RowProps) {
  const { row, win, days, colFirst, colLast } = p;
  const { t } = useTranslation('calendar');
  const W = win.dayWidth;
  const visibleFrom = days[colFirst] ?? win.from;
  const visibleTo = addDays(days[colLast] ?? win.from, 1);
  const maintenance = row.kind === 'unit' && row.unit.status === 'maintenance';
  const rowClass = [
    classes.row,
    row.kind === 'type' ? classes.typeRow : '',
    maintenance ? classes.maintenanceRow : '',
  ].join(' ');

  const cells: ReactNode[] = [];
  for (let i = colFirst; i <= colLast; i++) {
    const day = days[i];
    if (!day) continue;
    const night = row.nights.get(day);
    const meta = p.dayMeta[i];
    const weekend = meta?.weekend || undefined;
    const past = meta?.past || undefined;
    const isToday = meta?.today || undefined;
    if (row.kind === 'type') {
      const free = night?.available ?? row.rooms;
      const level = free <= 0 ? 'none' : free <= Math.max(1, Math.floor(row.rooms * 0.2)) ? 'low' : 'ok';
      cells.push(
        <div
          key={day}
          className={`${classes.cell} ${classes.typeCell}`}
          data-date={day}
          data-weekend={weekend}
          data-today={isToday}
          data-past={past}
          data-stop-sell={night?.stop_sell || undefined}
          title={p.freeTitle(p.formats.long(day), free, row.rooms)}
          style={{ insetInlineStart: i * W, width: W }}
        >
          <span className={classes.free} data-level={level}>
            {free}
          </span>
          {p.showPrices && night?.price != null ? (
            <span className={classes.price}>{p.price(night.price)}</span>
          ) : null}
        </div>,
      );
    } else {
      const showPrice = p.showPrices && row.roomType === null && night?.price != null;
      cells.push(
        <div
          key={day}
          className={classes.cell}
          data-date={day}
          data-weekend={weekend}
          data-today={isToday}
          data-past={past}
          data-stop-sell={night?.stop_sell || undefined}
          title={
            showPrice && night?.price != null
              ? `${p.formats.long(day)} · ${p.price(night.price)}`
              : p.formats.long(day)
          }
          style={{ insetInlineStart: i * W, width: W }}
        >
          {showPrice && night?.price != null ? (
            <span className={classes.price}>{p.price(night.price)}</span>
          ) : null}
          {showPrice && night && night.min_stay > 1 ? (
            <span className={classes.minStay}>{t('grid.minStayShort', { count: night.min_stay })}</span>
          ) : null}
        </div>,
      );
    }
  }

  let overlay: ReactNode = null;
  if (p.highlight) {
    const s = dayOffset(win.from, p.highlight.start);
    const e = dayOffset(win.from, p.highlight.end);
    const nights = e - s;
    overlay = (
      <div
        className={classes.selection}
        data-pending={p.highlight.pending || undefined}
        data-testid="selection"
        style={{ insetInlineStart: s * W, width: (e - s + 1) * W }}
      >
        {nights > 0 ? p.nightsLabel(nights) : p.arrivalLabel}
      </div>
    );
  }

  let bars: ReactNode = null;
  let blocks: ReactNode = null;
  if (row.kind === 'unit') {
    bars = (
      <UnitBars
        row={row}
        win={win}
        visibleFrom={visibleFrom}
        visibleTo={visibleTo}
        // Apartment rows keep their lower part for the night's price.
        top={6}
        height={p.showPrices && row.roomType === null ? p.height - 32 : p.height - 12}
        formats={p.formats}
        onBooking={p.handlers.booking}
      />
    );
    blocks = row.unit.closed
      .filter((c) => c.start_date < visibleTo && visibleFrom < c.end_date)
      .map((c) => {
        const box = nightsBlock(c, win);
        if (!box) return null;
        const label = t('grid.closedLabel', {
          range: p.formats.range(c.start_date, addDays(c.end_date, -1)),
          reason: c.reason || t('grid.closed'),
        });
        return (
          <button
            key={c.id}
            type="button"
            className={classes.closed}
            aria-label={label}
            title={label}
            data-testid="closed-block"
            style={{ insetInlineStart: box.start + 1, width: box.width - 2 }}
            onClick={() => p.handlers.closed(c, row)}
          >
            <IconLock size={12} style={{ flex: 'none' }} />
            {box.width > 60 ? <span className={classes.barText}>{c.reason || t('grid.closed')}</span> : null}
          </button>
        );
      });
  }

  return (
    <div
      className={rowClass}
      data-row-key={row.key}
      data-testid={row.kind === 'type' ? 'type-row' : 'unit-row'}
      data-unit={row.kind === 'unit' ? row.unit.name : row.roomType.name}
      data-maintenance={maintenance || undefined}
      style={{ top: p.top, height: p.height, width: p.totalWidth }}
    >
      <div
        className={classes.days}
        data-day-area
        data-row-key={row.key}
        style={{ insetInlineStart: p.nameWidth, width: win.days * W }}
      >
        {cells}
        {blocks}
        {bars}
        {overlay}
      </div>
      <div className={classes.name} style={{ width: p.nameWidth }}>
        {row.kind === 'type' ? (
          <button
            type="button"
            className={classes.nameButton}
            aria-expanded={!row.collapsed}
            onClick={() => p.handlers.toggleType(row)}
          >
            <IconChevronDown
              size={16}
              className={classes.chevron}
              data-collapsed={row.collapsed || undefined}
            />
            <span className={classes.typeName}>
              <span className={classes.typeTitle} dir="auto" title={row.roomType.name}>
                {row.roomType.name}
              </span>
              <span className={classes.typeCount}>{t('grid.roomsCount', { count: row.rooms })}</span>
            </span>
          </button>
        ) : (
          p.handlers.renderUnitName(row)
        )}
      </div>
    </div>
  );
});

function UnitBars({
  row,
  win,
  visibleFrom,
  visibleTo,
  top,
  height,
  formats,
  onBooking,
}: {
  row: UnitRow;
  win: { from: string; days: number; dayWidth: number };
  visibleFrom: string;
  visibleTo: string;
  /** The band of the row the bars use. */
  top: number;
  height: number;
  formats: DayFormatters;
  onBooking: (b: CalendarBooking, r: UnitRow) => void;
}) {
  const { t } = useTranslation('calendar');
  const live = useMemo(() => row.unit.bookings.filter((b) => b.status !== 'cancelled'), [row.unit.bookings]);
  const { lanes, count } = useMemo(() => assignLanes(live), [live]);
  const laneHeight = (height - (count - 1) * 2) / count;
  // Labels are built once per booking and language, not on every scroll or remount.
  const labelOf = (b: CalendarBooking) => {
    let cache = labelCaches.get(formats);
    if (!cache) {
      cache = new WeakMap();
      labelCaches.set(formats, cache);
    }
    let label = cache.get(b);
    if (label === undefined) {
      const channel = channelName(b.channel, t);
      const nights = Math.round((Date.parse(b.end_date) - Date.parse(b.start_date)) / 86_400_000);
      label = t('grid.barLabel', {
        name: b.name,
        range: formats.span(b.start_date, b.end_date),
        count: nights,
        status: t(`status.${b.status}`),
        channel,
      });
      if (b.external_ref) label += ` · ${b.external_ref}`;
      if (b.paused) label += ` · ${t('grid.paused')}`;
      cache.set(b, label);
    }
    return label;
  };
  return (
    <>
      {live
        .filter((b) => b.start_date < visibleTo && visibleFrom < b.end_date)
        .map((b) => {
          const box: BarBox | null = stayBar(b, win, 3);
          if (!box) return null;
          const lane = lanes.get(b) ?? 0;
          const look = barLook(b);
          const label = labelOf(b);
          return (
            <button
              key={b.id}
              type="button"
              className={classes.bar}
              data-testid="booking-bar"
              data-booking-id={b.id}
              data-clipped-start={box.clippedStart || undefined}
              data-clipped-end={box.clippedEnd || undefined}
              data-paused={b.paused || undefined}
              data-channel={b.channel}
              data-status={b.status}
              aria-label={label}
              title={label}
              style={{
                insetInlineStart: box.start,
                width: box.width,
                top: top + lane * (laneHeight + 2),
                height: laneHeight,
                background: look.background,
                color: look.color,
              }}
              onClick={() => onBooking(b, row)}
            >
              <BookingBarMarks look={look} channel={b.channel} room={box.width} />
              {b.paused && box.width > 52 ? (
                <IconPlayerPauseFilled size={12} style={{ flex: 'none' }} aria-hidden />
              ) : null}
              <span className={classes.barText} dir="auto">
                {b.name}
              </span>
            </button>
          );
        })}
    </>
  );
}

/** The apartment or room name cell; the maintenance mark for hotel rooms. */
export function UnitName({
  row,
  onClick,
  subtitle,
  bare = false,
}: {
  row: UnitRow;
  onClick?: () => void;
  subtitle?: ReactNode;
  /** Only the content, for a parent that is the button (a menu target). */
  bare?: boolean;
}) {
  const { t } = useTranslation('calendar');
  const maintenance = row.unit.status === 'maintenance';
  const body = (
    <>
      {maintenance ? (
        <IconTool
          size={14}
          color="var(--mantine-color-red-7)"
          style={{ flex: 'none' }}
          className={classes.maintenanceIcon}
        />
      ) : null}
      <span style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <span
          dir="auto"
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            fontWeight: 600,
            fontSize: 13,
            color: maintenance ? 'var(--mantine-color-red-8)' : undefined,
          }}
        >
          {row.unit.name}
        </span>
        {maintenance ? (
          <span style={{ fontSize: 11, color: 'var(--mantine-color-red-7)', fontWeight: 600 }}>
            {t('maintenance.badge')}
          </span>
        ) : subtitle ? (
          <span
            style={{
              fontSize: 11,
              color: 'var(--mantine-color-gray-6)',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {subtitle}
          </span>
        ) : null}
      </span>
    </>
  );
  if (bare) return body;
  if (!onClick)
    return (
      <span className={classes.nameButton} style={{ cursor: 'default' }}>
        {body}
      </span>
    );
  return (
    <button
      type="button"
      className={classes.nameButton}
      onClick={onClick}
      aria-label={t('grid.unitMenu', { name: row.unit.name, status: t(`roomStatus.${row.unit.status}`) })}
    >
      {body}
    </button>
  );
}
