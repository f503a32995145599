import { zonedTime } from './zoned-time.ts';

/**
 * Door codes of a stay (issue 14, docs/smart-locks.md): the window a code opens the door and when it is
 * created (the property's delivery time). Everything is computed in the property's IANA zone, so a stay
 * across a DST change still opens at the local check-in time and closes at the local check-out time.
 */
export type DeliveryTime = 'checkin_completed' | 'arrival_day' | '1_day_before' | '2_days_before';

/** "HH:MM" → [hour, minute]; anything else falls back to `fallback`. */
export function parseClock(value: string | null | undefined, fallback: string): [number, number] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value ?? '') ?? /^(\d\d):(\d\d)$/.exec(fallback);
  return [Number(match?.[1] ?? 0), Number(match?.[2] ?? 0)];
}

/** From the arrival date at the check-in time to the departure date at the check-out time, local time. */
export function codeWindow(stay: {
  startDate: string;
  endDate: string;
  checkinTime: string | null;
  checkoutTime: string | null;
  timeZone: string;
}): { from: Date; until: Date } {
  const [inH, inM] = parseClock(stay.checkinTime, '15:00');
  const [outH, outM] = parseClock(stay.checkoutTime, '11:00');
  return {
    from: zonedTime(stay.startDate, inH, stay.timeZone, inM),
    until: zonedTime(stay.endDate, outH, stay.timeZone, outM),
  };
}

function minusDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/**
 * When the code is created and may reach the guest: the start (local midnight) of the arrival day, one or
 * two days before it; null for `checkin_completed` (created when the guest finishes the check-in).
 */
export function deliveryNotBefore(delivery: DeliveryTime, startDate: string, timeZone: string): Date | null {
  const days = { checkin_completed: null, arrival_day: 0, '1_day_before': 1, '2_days_before': 2 }[delivery];
  if (days === null) return null;
  return zonedTime(minusDays(startDate, days), 0, timeZone);
}

/** Retry delay after the n-th failed vendor call (1 → 1 min, 2 → 2 min … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A vendor call is given up after this many failures: the code shows failed and the operator is told. */
export const MAX_CODE_ATTEMPTS = 6;

/** "583746" → "••••46": the operator sees the code only once it is released. */
export function maskCode(code: string): string {
  return code.length <= 2 ? '••' : `${'•'.repeat(code.length - 2)}${code.slice(-2)}`;
}
