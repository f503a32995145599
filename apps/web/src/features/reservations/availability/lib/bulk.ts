import { addDays, nightsBetween } from '@posada/domain/booking-rules';

/** 0 = Sunday … 6 = Saturday; the week as Spain and Latin America read it, Monday first. */
export const WEEK: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The nights from `first` to `last` (both included) that fall on the chosen weekdays, as runs of
 * consecutive nights [start, end): one PUT /api/night-prices per run ("weekends only" over a month is
 * four or five calls, every night otherwise one).
 */
export function nightRuns(
  first: string,
  last: string,
  weekdays: ReadonlySet<number>,
): { start: string; end: string }[] {
  if (last < first) return [];
  const runs: { start: string; end: string }[] = [];
  let open: string | null = null;
  const count = nightsBetween(first, last) + 1;
  for (let i = 0; i <= count; i++) {
    const night = addDays(first, i);
    const inside = i < count && weekdays.has(weekday(night));
    if (inside && open === null) open = night;
    if (!inside && open !== null) {
      runs.push({ start: open, end: night });
      open = null;
    }
  }
  return runs;
}

/** Nights covered by some runs. */
export function runNights(runs: readonly { start: string; end: string }[]): number {
  return runs.reduce((sum, r) => sum + nightsBetween(r.start, r.end), 0);
}

export type StopSellChoice = 'keep' | 'open' | 'close';

export interface BulkEdit {
  price: number | null;
  minStay: number | null;
  stopSell: StopSellChoice;
}

/** What an edit would change; null when it changes nothing (refused before any call). */
export function bulkBody(
  edit: BulkEdit,
): { price: number | null; min_stay: number | null; stop_sell?: boolean } | null {
  const body: { price: number | null; min_stay: number | null; stop_sell?: boolean } = {
    price: edit.price,
    min_stay: edit.minStay,
  };
  if (edit.stopSell !== 'keep') body.stop_sell = edit.stopSell === 'close';
  if (body.price === null && body.min_stay === null && body.stop_sell === undefined) return null;
  return body;
}
