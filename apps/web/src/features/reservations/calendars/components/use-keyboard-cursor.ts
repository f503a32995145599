import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useId, useMemo, useState } from 'react';
import { dayOffset } from '../lib/bar-layout.ts';
import type { DayFormatters } from '../lib/format.ts';
import { dayContent, type GridCursor, moveCursor } from '../lib/grid-keys.ts';
import type { GridRow } from '../lib/grid-rows.ts';
import { orderedRange } from '../lib/selection.ts';
import { HEADER_HEIGHT } from './timeline-metrics.ts';
import type { Pending } from './use-pointer-selection.ts';

interface KeyboardCursorInput {
  rows: GridRow[];
  days: string[];
  from: string;
  dayCount: number;
  dayWidth: number;
  dir: 'ltr' | 'rtl';
  rowV: Virtualizer<HTMLElement, Element>;
  colV: Virtualizer<HTMLElement, Element>;
  virtualRows: VirtualItem[];
  scrollOffset: number;
  pending: Pending | null;
  pendingRef: RefObject<Pending | null>;
  setPending: (pending: Pending | null) => void;
  clickDay: (rowKey: string, day: string) => void;
  formats: DayFormatters;
  price: (minor: number) => string;
  freeTitle: (date: string, free: number, total: number) => string;
  arrivalLabel: string;
  nightsLabel: (count: number) => string;
  t: TFunction<'calendar'>;
}

/**
 * The timeline's keyboard cursor: the arrows move it over the days and rows, Enter picks the arrival and
 * then the departure, and its cell is spoken (cursorText).
 */
export function useKeyboardCursor({
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
}: KeyboardCursorInput) {
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

  return { helpId, keyboard, setKeyboard, cursor, cursorText, cursorItem, onKeyDown };
}
