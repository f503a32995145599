import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { dayIndexAt } from '../lib/bar-layout.ts';
import type { GridRow } from '../lib/grid-rows.ts';
import { type DayRange, orderedRange } from '../lib/selection.ts';
import { useLatest } from './use-latest.ts';

export interface Pending {
  rowKey: string;
  anchor: string;
  current: string;
  /** A mouse drag in progress (otherwise a first click waiting for the second). */
  dragging: boolean;
}

interface PointerSelectionInput {
  rows: GridRow[];
  days: string[];
  from: string;
  dayCount: number;
  dayWidth: number;
  nameWidth: number;
  dir: 'ltr' | 'rtl';
  scrollRef: RefObject<HTMLElement | null>;
  handlers: RefObject<{
    onSelect: (row: GridRow, range: DayRange) => void;
    onArrivalPicked?: (picked: boolean) => void;
  }>;
}

/**
 * Selecting dates on the timeline by pointer: drag over a row, or click the arrival and then the departure
 * (a tap on touch screens); Escape drops a half-made selection.
 */
export function usePointerSelection({
  rows,
  days,
  from,
  dayCount,
  dayWidth,
  nameWidth,
  dir,
  scrollRef,
  handlers,
}: PointerSelectionInput) {
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

  return { pending, setPending, pendingRef, touchStart, clickDay, onPointerDown, onPointerUp, onPointerMove };
}
