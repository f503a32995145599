import { useDirection, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cellPriceFormatter } from '../../../../lib/money.ts';
import { dayOffset } from '../lib/bar-layout.ts';
import { addDays, daysFrom, isWeekend, startOfMonth } from '../lib/dates.ts';
import { dayFormatters } from '../lib/format.ts';
import type { CalendarBooking, CalendarClosed, GridRow, TypeRow, UnitRow } from '../lib/grid-rows.ts';
import { type DayRange, orderedRange } from '../lib/selection.ts';
import classes from './calendar.module.css';
import { HEADER_HEIGHT, type TimelineMetrics, type TimelineSelection } from './timeline-metrics.ts';
import { type RowHandlers, TimelineRow, UnitName } from './timeline-row.tsx';
import { useKeyboardCursor } from './use-keyboard-cursor.ts';
import { useLatest } from './use-latest.ts';
import { usePointerSelection } from './use-pointer-selection.ts';

export { HEADER_HEIGHT, type TimelineMetrics, type TimelineSelection, UnitName };

const WEEK = 7;

export interface TimelineGridProps {
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

  const { pending, setPending, pendingRef, touchStart, clickDay, onPointerDown, onPointerUp, onPointerMove } =
    usePointerSelection({ rows, days, from, dayCount, dayWidth, nameWidth, dir, scrollRef, handlers });

  const { helpId, setKeyboard, cursor, cursorText, cursorItem, onKeyDown } = useKeyboardCursor({
    rows,
    days,
    from,
    dayCount,
    dayWidth,
    dir,
    rowV,
    colV,
    virtualRows,
    scrollOffset,
    pending,
    pendingRef,
    setPending,
    clickDay,
    formats,
    price,
    freeTitle,
    arrivalLabel,
    nightsLabel,
    t,
  });

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
