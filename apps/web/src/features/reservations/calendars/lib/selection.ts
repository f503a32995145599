import { isIsoDate } from '@posada/domain/booking-rules';
import { addDays, nightsBetween, overlaps } from './dates.ts';

/**
 * Date selection on the calendars (spec 5 Calendar). A selection runs from the arrival day to the
 * departure day, both selected: it covers the nights from arrival up to, not including, departure.
 */
export interface DayRange {
  /** Arrival: the first night. */
  start: string;
  /** Departure: the day after the last night. */
  end: string;
}

export interface NightRules {
  min_stay: number;
  stop_sell: boolean;
  /** Hotel room type rows: rooms of the type still free that night. */
  available?: number;
}

/** What a unit (property, room or room type) holds, as far as a selection is concerned. */
export interface UnitState {
  bookings: readonly { start_date: string; end_date: string; status: string }[];
  closed: readonly { id?: string; start_date: string; end_date: string }[];
  /** spec 4: a room in maintenance cannot be sold. */
  maintenance?: boolean;
  nights: ReadonlyMap<string, NightRules>;
}

export type SelectionProblem =
  | { code: 'invalid_range' }
  | { code: 'too_short' }
  | { code: 'past' }
  | { code: 'taken' }
  | { code: 'closed' }
  | { code: 'stop_sell' }
  | { code: 'maintenance' }
  | { code: 'min_stay'; minStay: number };

/** Two picked days in either order → arrival and departure. */
export function orderedRange(a: string, b: string): DayRange {
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

/** The nights of a range as [first night, last night] (both included), for texts and the modals. */
export function nightsOf(range: DayRange): { first: string; last: string; count: number } {
  const count = nightsBetween(range.start, range.end);
  return { first: range.start, last: addDays(range.end, -1), count };
}

/**
 * spec 5: a valid range is required and start cannot be after end; at least two days (arrival and
 * departure) must be selected, and at least one night.
 */
export function rangeProblem(range: DayRange | null): SelectionProblem | null {
  if (!range || !isIsoDate(range.start) || !isIsoDate(range.end) || range.start > range.end) {
    return { code: 'invalid_range' };
  }
  if (nightsBetween(range.start, range.end) < 1) return { code: 'too_short' };
  return null;
}

const live = (status: string) => status !== 'cancelled';

/** Bookings of the unit that hold nights of the range. */
export function bookingsIn(range: DayRange, unit: Pick<UnitState, 'bookings'>) {
  return unit.bookings.filter(
    (b) => live(b.status) && overlaps(range.start, range.end, b.start_date, b.end_date),
  );
}

export function closuresIn<C extends { start_date: string; end_date: string }>(
  range: DayRange,
  closed: readonly C[],
): C[] {
  return closed.filter((c) => overlaps(range.start, range.end, c.start_date, c.end_date));
}

/**
 * Whether the range can be booked on the unit (spec 5 Calendar): a valid range of at least one night,
 * not before today, on no booked, closed or stop-sell night, not on a room in maintenance, and as long
 * as the minimum stay of the arrival night.
 */
export function bookingProblem(range: DayRange, unit: UnitState, today: string): SelectionProblem | null {
  const invalid = rangeProblem(range);
  if (invalid) return invalid;
  if (range.start < today) return { code: 'past' };
  if (unit.maintenance) return { code: 'maintenance' };
  if (bookingsIn(range, unit).length > 0) return { code: 'taken' };
  if (closuresIn(range, unit.closed).length > 0) return { code: 'closed' };
  let night = range.start;
  const nights = nightsBetween(range.start, range.end);
  for (let i = 0; i < nights; i++) {
    const rules = unit.nights.get(night);
    if (rules?.available !== undefined && rules.available < 1) return { code: 'taken' };
    if (rules?.stop_sell) return { code: 'stop_sell' };
    night = addDays(night, 1);
  }
  const minStay = unit.nights.get(range.start)?.min_stay ?? 1;
  if (nights < minStay) return { code: 'min_stay', minStay };
  return null;
}

/**
 * Whether the range can be closed on the unit: a valid range with no booking on it (the API refuses a
 * closure over a booking) and not already closed. Past nights are history: they cannot be closed.
 */
export function blockProblem(range: DayRange, unit: UnitState, today: string): SelectionProblem | null {
  const invalid = rangeProblem(range);
  if (invalid) return invalid;
  if (range.end <= today) return { code: 'past' };
  if (bookingsIn(range, unit).length > 0) return { code: 'taken' };
  if (closuresIn(range, unit.closed).length > 0) return { code: 'closed' };
  return null;
}

/** spec 5: a property and a range must be selected for prices. */
export function priceProblem(range: DayRange | null, propertyId: string | null): SelectionProblem | null {
  if (!propertyId) return { code: 'invalid_range' };
  return rangeProblem(range);
}
