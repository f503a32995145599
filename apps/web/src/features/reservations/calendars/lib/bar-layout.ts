import { nightsBetween } from './dates.ts';

/**
 * Where things sit on a timeline row. Offsets are logical: measured from the row's start edge (the left
 * in Spanish and English, the right in Arabic) and applied with `inset-inline-start`, so a right-to-left
 * page mirrors without a second set of numbers.
 */
export interface TimelineWindow {
  /** The first day drawn. */
  from: string;
  /** How many days are drawn. */
  days: number;
  /** Width of one day column (px, or % for the month view). */
  dayWidth: number;
}

export interface BarBox {
  start: number;
  width: number;
  /** The stay starts before the window (drawn flat on its start edge). */
  clippedStart: boolean;
  /** The stay goes on after the window. */
  clippedEnd: boolean;
}

/** Days from `from` to `date`, negative when `date` is earlier. */
export function dayOffset(from: string, date: string): number {
  return date >= from ? nightsBetween(from, date) : -nightsBetween(date, from);
}

function clip(startPos: number, endPos: number, win: TimelineWindow): BarBox | null {
  const total = win.days * win.dayWidth;
  const clippedStart = startPos < 0;
  const clippedEnd = endPos > total;
  const start = Math.max(0, startPos);
  const end = Math.min(total, endPos);
  if (end - start <= 0) return null;
  return { start, width: end - start, clippedStart, clippedEnd };
}

/**
 * A stay as a bar, the way hotel calendars draw it: from the middle of the arrival day (check-in in the
 * afternoon) to the middle of the departure day (check-out in the morning), so a departure and the next
 * arrival share a day without touching. `inset` keeps a small gap at both ends.
 */
export function stayBar(
  stay: { start_date: string; end_date: string },
  win: TimelineWindow,
  inset = 2,
): BarBox | null {
  const s = dayOffset(win.from, stay.start_date);
  const e = dayOffset(win.from, stay.end_date);
  if (e <= s) return null;
  const box = clip((s + 0.5) * win.dayWidth, (e + 0.5) * win.dayWidth, win);
  if (!box) return null;
  // Gaps only where the bar really ends inside the window.
  const startGap = box.clippedStart ? 0 : inset;
  const endGap = box.clippedEnd ? 0 : inset;
  const width = box.width - startGap - endGap;
  return width > 0 ? { ...box, start: box.start + startGap, width } : null;
}

/** Closed dates cover whole night cells: from the first night's cell up to the departure day's cell. */
export function nightsBlock(
  range: { start_date: string; end_date: string },
  win: TimelineWindow,
): BarBox | null {
  const s = dayOffset(win.from, range.start_date);
  const e = dayOffset(win.from, range.end_date);
  if (e <= s) return null;
  return clip(s * win.dayWidth, e * win.dayWidth, win);
}

/**
 * Which day column a pointer is over, from the row's day area on screen (its bounding box already
 * follows the scroll). Left to right the days count from the box's left edge; right to left from its
 * right edge. Outside the window: -1 or `days`, clamped by the caller as it sees fit.
 */
export function dayIndexAt(
  clientX: number,
  area: { left: number; right: number },
  dayWidth: number,
  dir: 'ltr' | 'rtl',
): number {
  const x = dir === 'rtl' ? area.right - clientX : clientX - area.left;
  return Math.floor(x / dayWidth);
}

/** The day columns a viewport shows, from the logical scroll offset (always ≥ 0, in both directions). */
export function visibleDayRange(
  scrollOffset: number,
  viewportWidth: number,
  leadingWidth: number,
  dayWidth: number,
  days: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollOffset / dayWidth));
  const last = Math.min(days - 1, Math.floor((scrollOffset + viewportWidth - leadingWidth - 1) / dayWidth));
  return { first, last: Math.max(first, last) };
}

/**
 * Overlapping stays on one unit (an overbooking imported from a channel) get their own lane instead of
 * hiding each other. Returns each stay's lane and how many lanes the row needs.
 */
export function assignLanes<T extends { start_date: string; end_date: string }>(
  stays: readonly T[],
): { lanes: Map<T, number>; count: number } {
  const sorted = [...stays].sort((a, b) =>
    a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0,
  );
  const laneEnds: string[] = [];
  const lanes = new Map<T, number>();
  for (const stay of sorted) {
    let lane = laneEnds.findIndex((end) => end <= stay.start_date);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(stay.end_date);
    } else laneEnds[lane] = stay.end_date;
    lanes.set(stay, lane);
  }
  return { lanes, count: Math.max(1, laneEnds.length) };
}
