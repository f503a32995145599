import type { BroadcastCounts } from '@posada/contracts/broadcasts';

/** How far a broadcast got: every recipient no longer waiting, as a percentage (0 with nobody). */
export function progressOf(counts: BroadcastCounts): number {
  if (counts.total === 0) return 0;
  return Math.round(((counts.total - counts.queued) / counts.total) * 100);
}

/** Messages WhatsApp has (accepted, sent, delivered or read; issue 26: accepted is the provider's word). */
export const reachedOf = (counts: BroadcastCounts) =>
  counts.accepted + counts.sent + counts.delivered + counts.read;

/** The first field error of an API answer, else its message (both already in the caller's language). */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const fields = (error as { errors?: Record<string, string[]> }).errors ?? {};
    const first = Object.values(fields).flat()[0];
    if (first) return first;
    const message = (error as { message?: string }).message;
    if (message) return message;
  }
  return fallback;
}

/** A YYYY-MM-DD date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
