import type { CalendarRepo, MonthCache, MonthTextRow, StoredMonth } from './calendar.repo.ts';

/**
 * The calendar's month cache (db/schema/calendar-cache.ts; docs/calendar-dashboard.md "Month cache"): the
 * whole months of a window are read from it, the partial months at its ends from the tables.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month after the one of `date` (YYYY-MM-DD). */
export function nextMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/**
 * A calendar window split for the cache: the whole months inside [from, to) (their first days), the
 * nights before them [from, before) and after them [after, to). A window without a whole month is all
 * "before".
 */
export interface MonthWindow {
  from: string;
  to: string;
  months: string[];
  before: string;
  after: string;
}

export function monthWindow(from: string, to: string): MonthWindow {
  const months: string[] = [];
  let month = from.endsWith('-01') ? from : nextMonth(from);
  while (nextMonth(month) <= to) {
    months.push(month);
    month = nextMonth(month);
  }
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return { from, to, months, before: to, after: to };
  return { from, to, months, before: first, after: nextMonth(last) };
}

export interface MonthTextsDeps {
  repo: CalendarRepo;
  /** A store that fails (a deadlock with a writer, say) costs only the next call's rebuild. */
  onStoreError: (err: unknown) => void;
}

/**
 * Per key, the text of each whole month of the window, in order ('' for a month without rows). Months the
 * cache lacks, or that a write marked stale, are rebuilt by `build` in one query and stored back.
 */
export async function monthTexts(
  { repo, onStoreError }: MonthTextsDeps,
  cache: MonthCache,
  accountId: string,
  keys: readonly string[],
  window: MonthWindow,
  build: (keys: string[], first: string, end: string) => Promise<MonthTextRow[]>,
): Promise<Map<string, string[]>> {
  const { months } = window;
  const out = new Map<string, (string | null)[]>();
  if (keys.length === 0 || months.length === 0) return out as Map<string, string[]>;
  for (const key of keys) out.set(key, new Array<string | null>(months.length).fill(null));
  const monthIndex = new Map(months.map((month, i) => [month, i]));
  const staleGeneration = new Map<string, number>();

  for (const row of await repo.cachedMonths(cache, accountId, keys, window.before, window.after)) {
    const i = monthIndex.get(row.month);
    const texts = out.get(row.key);
    if (i === undefined || !texts) continue;
    if (row.text === null) staleGeneration.set(`${row.key} ${row.month}`, row.generation);
    else texts[i] = row.text;
  }

  const missingKeys: string[] = [];
  let low = months.length;
  let high = -1;
  for (const [key, texts] of out) {
    let missing = false;
    texts.forEach((text, i) => {
      if (text !== null) return;
      missing = true;
      low = Math.min(low, i);
      high = Math.max(high, i);
    });
    if (missing) missingKeys.push(key);
  }
  if (missingKeys.length > 0) {
    const first = months[low] as string;
    const built = await build(missingKeys, first, nextMonth(months[high] as string));
    const builtText = new Map(built.map((row) => [`${row.key} ${row.month}`, row.text]));
    const store: StoredMonth[] = [];
    for (const key of missingKeys) {
      const texts = out.get(key) ?? [];
      texts.forEach((text, i) => {
        if (text !== null) return;
        const month = months[i] as string;
        const pair = `${key} ${month}`;
        texts[i] = builtText.get(pair) ?? '';
        store.push({ key, month, generation: staleGeneration.get(pair) ?? 0, text: texts[i] });
      });
    }
    await repo.storeMonths(cache, accountId, store).catch(onStoreError);
  }
  return out as Map<string, string[]>;
}
