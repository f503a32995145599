import { useDirection, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLock, IconPlayerPauseFilled, IconTool } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { assignLanes, type BarBox, dayIndexAt, dayOffset, nightsBlock, stayBar } from '../lib/bar-layout.ts';
import { channelMark, statusColor } from '../lib/booking-style.ts';
import { addDays, daysFrom, isWeekend, startOfMonth } from '../lib/dates.ts';
import { cellPriceFormatter, type DayFormatters, dayFormatters } from '../lib/format.ts';
import { dayContent, type GridCursor, moveCursor } from '../lib/grid-keys.ts';
import type { CalendarBooking, CalendarClosed, GridRow, TypeRow, UnitRow } from '../lib/grid-rows.ts';
import { type DayRange, orderedRange } from '../lib/selection.ts';
import classes from './calendar.module.css';

export interface TimelineSelection {
  rowKey: string;
  start: string;
  end: string;
}

export interface TimelineMetrics {
  dayWidth: number;
  nameWidth: number;
  unitHeight: number;
  typeHeight: number;
}

export const HEADER_HEIGHT = 60;
/** Bar labels per language (its formatters) and booking object: a new answer brings new objects. */
const labelCaches = new WeakMap<DayFormatters, WeakMap<CalendarBooking, string>>();
const WEEK = 7;

interface TimelineGridProps {
  rows: GridRow[];
  /** First day of the window and how many days it has. */
  from: string;
  dayCount: number;
  today: string;
  showPrices: boolean;
  metrics: TimelineMetrics;
  /** The corner above the names: what the rows are (Alojamientos, Habitaciones) and the currency. */
  corner: ReactNode;
  label: string;
  /** The selection the chooser is acting on (drawn until it closes). */
  selection: TimelineSelection | null;
  /** Scroll so `day` is the first column after the names; a new nonce scrolls again. */
  scrollTo: { day: string; nonce: number };
  onSelect: (row: GridRow, range: DayRange) => void;
  /** A first day was picked by a click: the next click on the row picks the other end. */
  onArrivalPicked?: (picked: boolean) => void;
  onBooking: (booking: CalendarBooking, row: UnitRow) => void;
  onClosed: (closed: CalendarClosed, row: UnitRow) => void;
  onUnitName?: (row: UnitRow) => void;
  onToggleType?: (row: TypeRow) => void;
  renderUnitName: (row: UnitRow) => ReactNode;
  /** Tells the page which month is at the start edge (only when it changes), for the toolbar. */
  onVisibleMonth?: (month: string) => void;
}

interface Pending {
  rowKey: string;
  anchor: string;
  current: string;
  /** A mouse drag in progress (otherwise a first click waiting for the second). */
  dragging: boolean;
}

/** Latest value of a prop in a ref, so memoised rows get stable handlers. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * The timeline of ReservationCalendar and hotelReservationCalendar: units as rows, days as columns,
 * both virtualised (300 rooms × 90 days draw only what is on screen), with a sticky date header and a
 * sticky name column, mirrored in right-to-left languages. Select dates by dragging over a row, or by
 * clicking the arrival and then the departure; click a bar to open the booking. By keyboard, the arrows
 * move a cursor over the days and rows (its cell is spoken), Enter picks the arrival and then the departure.
 */
export function TimelineGrid(props: TimelineGridProps) {
  const { rows, from, dayCount, today, showPrices, metrics, selection, scrollTo } = props;
  const { dayWidth, nameWidth } = metrics;
  const { i18n, t } = useTranslation('calendar');
  const { dir } = useDirection();
  const language = i18n.resolvedLanguage ?? 'es';
  const scrollRef = useRef<HTMLElement>(null);
  const days = useMemo(() => daysFrom(from, dayCount), [from, dayCount]);
  const formats = useMemo(() => dayFormatters(language), [language]);
  const price = useMemo(() => cellPriceFormatter(language), [language]);
  const handlers = useLatest(props);

  const rowKeyAt = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const rowV = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'type' ? metrics.typeHeight : metrics.unitHeight),
    getItemKey: rowKeyAt,
    paddingStart: HEADER_HEIGHT,
    // The sticky header and name column cover the start: scrolling a cell into view keeps it clear of them.
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 6,
    initialRect: { width: 1280, height: 800 },
    // Let React batch scroll updates instead of rendering synchronously inside each scroll event.
    useFlushSync: false,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: dayCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => dayWidth,
    paddingStart: nameWidth,
    scrollPaddingStart: nameWidth,
    overscan: 2,
    isRtl: dir === 'rtl',
    useFlushSync: false,
    initialRect: { width: 1280, height: 800 },
    initialOffset: Math.max(0, dayOffset(from, scrollTo.day)) * dayWidth,
  });

  // Sizes come from the rows and metrics, not from measuring: recompute when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the virtualizers read rows and metrics through closures
  useLayoutEffect(() => {
    rowV.measure();
    colV.measure();
  }, [rows, metrics, dayCount]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll only when asked (nonce) or the window moves
  useLayoutEffect(() => {
    colV.scrollToOffset(Math.max(0, dayOffset(from, scrollTo.day)) * dayWidth);
  }, [scrollTo.nonce, scrollTo.day, from]);

  const virtualRows = rowV.getVirtualItems();
  const virtualCols = colV.getVirtualItems();
  // Rows draw their days a week at a time: scrolling sideways re-renders the rows once per week crossed,
  // not once per day.
  const colFirst = Math.max(0, Math.floor((virtualCols[0]?.index ?? 0) / WEEK) * WEEK);
  const colLast = Math.min(
    dayCount - 1,
    Math.ceil(((virtualCols.at(-1)?.index ?? -1) + 1) / WEEK) * WEEK - 1,
  );
  const dayMeta = useMemo(
    () => days.map((d) => ({ weekend: isWeekend(d), past: d < today, today: d === today })),
    [days, today],
  );
  const nightsLabel = useCallback((count: number) => t('selection.nights', { count }), [t]);
  const arrivalLabel = t('selection.arrival');
  // One translation call per grid render, not one per cell: "{{date}}: {{free}} de {{total}} libres".
  const freeTitle = useMemo(() => {
    const template = t('grid.freeCell', { date: '\u0001', free: '\u0002', total: '\u0003' });
    return (date: string, free: number, total: number) =>
      template.replace('\u0001', date).replace('\u0002', String(free)).replace('\u0003', String(total));
  }, [t]);

  // The first day fully visible after the name column, for the toolbar.
  const scrollOffset = colV.scrollOffset ?? 0;
  const visibleMonth = startOfMonth(
    days[Math.min(dayCount - 1, Math.round(scrollOffset / dayWidth))] ?? from,
  );
  useEffect(() => {
    handlers.current.onVisibleMonth?.(visibleMonth);
  }, [visibleMonth, handlers]);

  // ------------------------------------------------------------------ selection by pointer
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useLatest(pending);
  const touchStart = useRef<{ x: number; y: number; rowKey: string; day: string } | null>(null);
  const rowsByKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);

  useEffect(() => {
    handlers.current.onArrivalPicked?.(Boolean(pending && !pending.dragging));
  }, [pending, handlers]);

  // A new window or other rows: a half-made selection no longer means anything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on window change only
  useEffect(() => setPending(null), [from, dayCount]);

  const dayAt = useCallback(
    (clientX: number, area: Element) => {
      const index = dayIndexAt(clientX, area.getBoundingClientRect(), dayWidth, dir);
      return days[Math.max(0, Math.min(dayCount - 1, index))] ?? from;
    },
    [dayWidth, dir, days, dayCount, from],
  );

  const complete = useCallback(
    (rowKey: string, a: string, b: string) => {
      setPending(null);
      const row = rowsByKey.get(rowKey);
      if (row && a !== b) handlers.current.onSelect(row, orderedRange(a, b));
    },
    [rowsByKey, handlers],
  );

  /** A click (or tap) on a day: first the arrival, then the departure on the same row. */
  const clickDay = useCallback(
    (rowKey: string, day: string) => {
      const current = pendingRef.current;
      if (current && !current.dragging && current.rowKey === rowKey) {
        if (current.anchor === day) setPending(null);
        else complete(rowKey, current.anchor, day);
        return;
      }
      setPending({ rowKey, anchor: day, current: day, dragging: false });
    },
    [complete, pendingRef],
  );

  const areaOf = (target: EventTarget | null): HTMLElement | null => {
    const el = target as HTMLElement | null;
    if (!el || el.closest('button')) return null;
    return el.closest<HTMLElement>('[data-day-area]');
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const area = areaOf(event.target);
    const rowKey = area?.dataset.rowKey;
    if (!area || !rowKey || !rowsByKey.has(rowKey)) return;
    const day = dayAt(event.clientX, area);
    if (event.pointerType !== 'mouse') {
      touchStart.current = { x: event.clientX, y: event.clientY, rowKey, day };
      return;
    }
    event.preventDefault();
    scrollRef.current?.focus({ preventScroll: true });
    const previous = pendingRef.current;
    // A first click waiting on this row: a plain click now picks the departure.
    const waiting = previous && !previous.dragging && previous.rowKey === rowKey ? previous : null;
    setPending({ rowKey, anchor: day, current: day, dragging: true });
    let moved = false;
    const move = (e: PointerEvent) => {
      const next = dayAt(e.clientX, area);
      const scroller = scrollRef.current;
      if (scroller) {
        // Keep scrolling while the pointer rests near the inline ends.
        const box = scroller.getBoundingClientRect();
        const edge = 40;
        const towardsEnd = dir === 'rtl' ? e.clientX < box.left + edge : e.clientX > box.right - edge;
        const towardsStart =
          dir === 'rtl' ? e.clientX > box.right - edge : e.clientX < box.left + nameWidth + edge;
        if (towardsEnd) scroller.scrollBy({ left: dir === 'rtl' ? -dayWidth / 2 : dayWidth / 2 });
        if (towardsStart) scroller.scrollBy({ left: dir === 'rtl' ? dayWidth / 2 : -dayWidth / 2 });
      }
      if (next !== day) moved = true;
      if (!moved) return;
      setPending((p) => (p?.dragging && p.current !== next ? { ...p, current: next } : p));
    };
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      const end = dayAt(e.clientX, area);
      if (moved && end !== day) {
        complete(rowKey, day, end);
        return;
      }
      if (waiting) {
        if (waiting.anchor === day) setPending(null);
        else complete(rowKey, waiting.anchor, day);
        return;
      }
      setPending({ rowKey, anchor: day, current: day, dragging: false });
    };
    const cancel = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      setPending(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (!start || event.pointerType === 'mouse') return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) return;
    clickDay(start.rowKey, start.day);
  };

  // With an arrival picked, the mouse previews the stay up to the day under it.
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = pendingRef.current;
    if (!current || current.dragging || event.pointerType !== 'mouse') return;
    const area = areaOf(event.target);
    if (!area || area.dataset.rowKey !== current.rowKey) return;
    const day = dayAt(event.clientX, area);
    if (day !== current.current) setPending({ ...current, current: day });
  };

  useEffect(() => {
    if (!pending) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPending(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pending]);

  // ------------------------------------------------------------------ selection by keyboard
  // Kept as a row and a date, so it stays put when the window grows or the data reloads.
  const [cursorAt, setCursorAt] = useState<{ rowKey: string; date: string } | null>(null);
  /** The cursor is drawn and spoken while the keyboard is in use (not after a pointer takes over). */
  const [keyboard, setKeyboard] = useState(false);
  const helpId = useId();
  const rowIndexByKey = useMemo(() => new Map(rows.map((r, i) => [r.key, i])), [rows]);
  const cursor = useMemo<GridCursor | null>(() => {
    if (!cursorAt) return null;
    const row = rowIndexByKey.get(cursorAt.rowKey);
    const day = dayOffset(from, cursorAt.date);
    return row === undefined || day < 0 || day >= dayCount ? null : { row, day };
  }, [cursorAt, rowIndexByKey, from, dayCount]);
  const setCursor = (next: GridCursor) => {
    const row = rows[next.row];
    const date = days[next.day];
    if (row && date) setCursorAt({ rowKey: row.key, date });
  };

  /** Where the cursor starts: the first row and day on screen. */
  const firstVisibleCell = (): GridCursor => {
    const top = (rowV.scrollOffset ?? 0) + HEADER_HEIGHT;
    const row = virtualRows.find((item) => item.start >= top - 1)?.index ?? 0;
    return { row, day: Math.max(0, Math.min(dayCount - 1, Math.round(scrollOffset / dayWidth))) };
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    // Keys on a bar, a block or a name are theirs.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setKeyboard(true);
      if (!cursor) {
        setCursor(firstVisibleCell());
        return;
      }
      const row = rows[cursor.row];
      const day = days[cursor.day];
      if (row && day) clickDay(row.key, day);
      return;
    }
    const next = moveCursor(cursor ?? { row: 0, day: 0 }, event.key, dir, rows.length, dayCount);
    if (!next) return;
    event.preventDefault();
    // The first key only shows the cursor where the screen is.
    const target = cursor ? next : firstVisibleCell();
    setCursor(target);
    setKeyboard(true);
    rowV.scrollToIndex(target.row, { align: 'auto' });
    colV.scrollToIndex(target.day, { align: 'auto' });
    // With an arrival picked, the cursor previews the stay as the mouse does.
    const current = pendingRef.current;
    const row = rows[target.row];
    const day = days[target.day];
    if (current && !current.dragging && row && day && current.rowKey === row.key && current.current !== day) {
      setPending({ ...current, current: day });
    }
  };

  const cursorText = useMemo(() => {
    if (!keyboard || !cursor) return '';
    const row = rows[cursor.row];
    const day = days[cursor.day];
    if (!row || !day) return '';
    const date = formats.long(day);
    const night = row.nights.get(day);
    let text: string;
    if (row.kind === 'type') {
      const free = night?.available ?? row.rooms;
      text = `${row.roomType.name}, ${freeTitle(date, free, row.rooms)}`;
    } else {
      const { booking, closed } = dayContent(row.unit, day);
      const state = booking
        ? t('grid.cellBooked', { name: booking.name, status: t(`status.${booking.status}`) })
        : closed
          ? t('grid.closed')
          : row.unit.status === 'maintenance'
            ? t('roomStatus.maintenance')
            : night?.price != null && row.roomType === null
              ? t('grid.cellFreePrice', { price: price(night.price) })
              : t('grid.cellFree');
      text = t('grid.cell', { name: row.unit.name, date, state });
    }
    if (pending && !pending.dragging && pending.rowKey === row.key) {
      const range = orderedRange(pending.anchor, pending.current);
      const nights = dayOffset(range.start, range.end);
      text += ` · ${arrivalLabel}: ${formats.long(range.start)}${nights > 0 ? ` · ${nightsLabel(nights)}` : ''}`;
    }
    return text;
  }, [keyboard, cursor, rows, days, formats, freeTitle, t, price, pending, arrivalLabel, nightsLabel]);
  const cursorItem = keyboard && cursor ? virtualRows.find((item) => item.index === cursor.row) : undefined;

  // ------------------------------------------------------------------ drawing
  const totalWidth = colV.getTotalSize();
  const totalHeight = rowV.getTotalSize();
  const win = useMemo(() => ({ from, days: dayCount, dayWidth }), [from, dayCount, dayWidth]);
  const rowHandlers = useMemo<RowHandlers>(
    () => ({
      booking: (b, r) => handlers.current.onBooking(b, r),
      closed: (c, r) => handlers.current.onClosed(c, r),
      unitName: (r) => handlers.current.onUnitName?.(r),
      toggleType: (r) => handlers.current.onToggleType?.(r),
      renderUnitName: (r) => handlers.current.renderUnitName(r),
    }),
    [handlers],
  );

  const months = useMemo(() => {
    const out: { month: string; start: number; end: number }[] = [];
    let cursor = startOfMonth(from);
    while (cursor < addDays(from, dayCount)) {
      const start = Math.max(0, dayOffset(from, cursor));
      const next = startOfMonth(addDays(cursor, 32));
      const end = Math.min(dayCount, dayOffset(from, next));
      out.push({ month: cursor, start, end });
      cursor = next;
    }
    return out;
  }, [from, dayCount]);

  return (
    <section
      ref={scrollRef}
      className={classes.scroller}
      data-density={dayWidth < 40 ? 'compact' : undefined}
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      style={{ height: '100%' }}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (event.target === event.currentTarget) setKeyboard(false);
      }}
      onPointerDown={(event) => {
        setKeyboard(false);
        onPointerDown(event);
      }}
      onPointerUp={onPointerUp}
      onPointerMove={onPointerMove}
      onPointerCancel={() => {
        touchStart.current = null;
      }}
      data-testid="timeline"
    >
      <VisuallyHidden id={helpId}>{t('grid.keyboardHelp')}</VisuallyHidden>
      <VisuallyHidden aria-live="polite" data-testid="timeline-cursor-text">
        {cursorText}
      </VisuallyHidden>
      <div className={classes.content} style={{ width: totalWidth, height: totalHeight }}>
        <div className={classes.header} style={{ width: totalWidth, height: HEADER_HEIGHT }}>
          <div className={classes.corner} style={{ width: nameWidth }}>
            {props.corner}
          </div>
          <div
            className={classes.headerDays}
            style={{ insetInlineStart: nameWidth, width: dayCount * dayWidth }}
          >
            {months.map((m) => (
              <div
                key={m.month}
                className={classes.month}
                style={{ insetInlineStart: m.start * dayWidth, width: (m.end - m.start) * dayWidth }}
              >
                <span className={classes.monthLabel} style={{ insetInlineStart: nameWidth }}>
                  {formats.month(m.month)}
                </span>
              </div>
            ))}
            {virtualCols.map((col) => {
              const day = days[col.index] ?? from;
              return (
                <div
                  key={col.key}
                  className={classes.dayHead}
                  title={formats.long(day)}
                  data-weekend={isWeekend(day) || undefined}
                  data-today={day === today || undefined}
                  style={{ insetInlineStart: col.index * dayWidth, width: dayWidth }}
                >
                  <span aria-hidden>{formats.weekday(day)}</span>
                  <span className={classes.dayNumber} aria-hidden>
                    {Number(day.slice(8))}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
        {virtualRows.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const own = pending?.rowKey === row.key ? pending : null;
          const chosen = selection?.rowKey === row.key ? selection : null;
          const highlight = own
            ? { ...orderedRange(own.anchor, own.current), pending: true }
            : chosen
              ? { start: chosen.start, end: chosen.end, pending: false }
              : null;
          return (
            <TimelineRow
              key={item.key}
              row={row}
              index={item.index}
              top={item.start}
              height={item.size}
              totalWidth={totalWidth}
              nameWidth={nameWidth}
              win={win}
              days={days}
              colFirst={colFirst}
              colLast={colLast}
              today={today}
              showPrices={showPrices}
              highlight={highlight}
              formats={formats}
              price={price}
              handlers={rowHandlers}
              nightsLabel={nightsLabel}
              arrivalLabel={arrivalLabel}
              dayMeta={dayMeta}
              freeTitle={freeTitle}
            />
          );
        })}
        {cursorItem && cursor ? (
          <div
            className={classes.keyCursor}
            data-testid="timeline-cursor"
            data-date={days[cursor.day]}
            data-row-key={rows[cursor.row]?.key}
            aria-hidden
            style={{
              top: cursorItem.start,
              height: cursorItem.size,
              insetInlineStart: nameWidth + cursor.day * dayWidth,
              width: dayWidth,
            }}
          />
        ) : null}
      </div>
    </section>
  );
}

interface RowHandlers {
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

const TimelineRow = memo(function TimelineRow(p: RowProps) {
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
              <span className={classes.ellipsis} dir="auto">
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
      const channel = channelMark[b.channel].brand ?? t(`channel.${b.channel}`);
      const nights = Math.round((Date.parse(b.end_date) - Date.parse(b.start_date)) / 86_400_000);
      label = t('grid.barLabel', {
        name: b.name,
        range: formats.span(b.start_date, b.end_date),
        count: nights,
        status: t(`status.${b.status}`),
        channel,
      });
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
          const mark = channelMark[b.channel];
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
              aria-label={label}
              title={label}
              style={{
                insetInlineStart: box.start,
                width: box.width,
                top: top + lane * (laneHeight + 2),
                height: laneHeight,
                background: `var(--mantine-color-${statusColor[b.status]}-filled)`,
                color: b.status === 'pending' ? 'var(--mantine-color-white)' : undefined,
              }}
              onClick={() => onBooking(b, row)}
            >
              {box.width > 34 && b.channel !== 'manual' ? (
                <span
                  className={classes.channel}
                  style={{ background: mark.background, color: mark.color }}
                  aria-hidden
                >
                  {mark.letter}
                </span>
              ) : null}
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
        <IconTool size={14} color="var(--mantine-color-red-7)" style={{ flex: 'none' }} />
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
