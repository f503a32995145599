/** The booking calendar's rules (pure): which days can be arrival or departure, and what a click does. */
export interface Night {
  date: string;
  available: boolean;
  price: number | null;
  min_stay: number;
}

export interface Selection {
  start: string | null;
  end: string | null;
}

const DAY = 86_400_000;
const toTime = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number) => fromTime(toTime(iso) + days * DAY);
export const nightsBetween = (start: string, end: string) => Math.round((toTime(end) - toTime(start)) / DAY);

/** The browser's today as YYYY-MM-DD (its own calendar day, not UTC's). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const monthOf = (iso: string) => iso.slice(0, 7);
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** The month's days in weeks starting on Monday; null pads the first and last week. */
export function monthGrid(month: string): (string | null)[] {
  const first = `${month}-01`;
  const weekday = (new Date(toTime(first)).getUTCDay() + 6) % 7;
  const days: (string | null)[] = Array.from({ length: weekday }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return days;
}

/** A night on sale: free, and priced (nights without a price are never sold, spec 5 'no rates assigned'). */
const free = (nights: ReadonlyMap<string, Night>, date: string) => {
  const night = nights.get(date);
  return night?.available === true && night.price !== null;
};

/** Every night from start up to (not including) end is free, and there are at least start's minimum stay. */
export function departureProblem(
  nights: ReadonlyMap<string, Night>,
  start: string,
  end: string,
): 'taken' | 'too_short' | null {
  if (end <= start) return 'taken';
  for (let night = start; night < end; night = addDays(night, 1)) if (!free(nights, night)) return 'taken';
  const minStay = Math.max(1, nights.get(start)?.min_stay ?? 1);
  return nightsBetween(start, end) < minStay ? 'too_short' : null;
}

export type DayRole = 'past' | 'taken' | 'free' | 'departure' | 'too_short' | 'arrival' | 'end' | 'inside';

/** What a day is for the current selection, and whether it can be clicked. */
export function dayRole(
  nights: ReadonlyMap<string, Night>,
  selection: Selection,
  date: string,
  today: string,
): { role: DayRole; enabled: boolean } {
  if (date < today) return { role: 'past', enabled: false };
  const { start, end } = selection;
  if (start && date === start) return { role: 'arrival', enabled: true };
  if (start && end) {
    if (date === end) return { role: 'end', enabled: true };
    if (date > start && date < end) return { role: 'inside', enabled: true };
  }
  if (start && !end && date > start) {
    const problem = departureProblem(nights, start, date);
    if (problem === null) return { role: 'departure', enabled: true };
    if (problem === 'too_short') return { role: 'too_short', enabled: false };
  }
  return free(nights, date) ? { role: 'free', enabled: true } : { role: 'taken', enabled: false };
}

/** A click: the arrival, then a valid departure; the arrival again clears; another free day starts over. */
export function pick(nights: ReadonlyMap<string, Night>, selection: Selection, date: string): Selection {
  const { start, end } = selection;
  if (start && !end) {
    if (date === start) return { start: null, end: null };
    if (departureProblem(nights, start, date) === null) return { start, end: date };
  }
  return free(nights, date) ? { start: date, end: null } : selection;
}

/** A selection still valid on fresh nights (after 'dates taken'), else cleared. */
export function keepIfStillFree(nights: ReadonlyMap<string, Night>, selection: Selection): Selection {
  const { start, end } = selection;
  if (!start) return selection;
  if (!end) return free(nights, start) ? selection : { start: null, end: null };
  return departureProblem(nights, start, end) === null ? selection : { start: null, end: null };
}
