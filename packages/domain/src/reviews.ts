import { addDays } from './booking-rules.ts';
import { zonedTime } from './zoned-time.ts';

/**
 * Review requests after a stay (issue 17, docs/messaging.md "Review requests"): when the request goes out
 * and how a guest's reply is read. Pure rules shared by the API and the web.
 */

/** spec 9 keeps both readings of the score: 1 to 5 and 1 to 10. */
export const reviewScales = [5, 10] as const;
export type ReviewScale = (typeof reviewScales)[number];

/** The settings' limits: the hour of the day (property time) and up to two weeks after departure. */
export const REVIEW_MAX_DELAY_DAYS = 14;
/** A request whose moment passed longer ago than this is not sent any more (reviews enabled late). */
export const REVIEW_STALE_AFTER_MS = 48 * 60 * 60 * 1000;
/** A number written in the thread counts as the score for this long after the request went out. */
export const REVIEW_REPLY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The instant a stay's request is due: `delayDays` after the departure date, at `sendHour`:00 wall-clock
 * time in the property's time zone (DST-aware: 11:00 in Madrid is 10:00 UTC in winter, 09:00 in summer).
 */
export function reviewDueAt(departure: string, delayDays: number, sendHour: number, timeZone: string): Date {
  return zonedTime(addDays(departure, delayDays), sendHour, timeZone);
}

/**
 * Whether a stay should get a request now: its moment has come and is not older than REVIEW_STALE_AFTER_MS
 * (switching reviews on does not write to every guest of the past months).
 */
export function reviewIsDue(dueAt: Date, now: Date): boolean {
  const late = now.getTime() - dueAt.getTime();
  return late >= 0 && late <= REVIEW_STALE_AFTER_MS;
}

/**
 * A guest's reply read as a score: only a whole number on the scale, alone (spaces, a final full stop,
 * "/10" or "de 10" around it are fine; Arabic-Indic digits too). Anything else is a message, not a score.
 */
export function parseScoreReply(body: string, scale: number): number | null {
  const western = body.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const match = western
    .trim()
    .toLowerCase()
    .match(/^(\d{1,2})(?:\s*(?:\/|de|of|من)\s*(\d{1,2}))?\s*[.!]?$/u);
  if (!match) return null;
  const score = Number(match[1]);
  if (match[2] !== undefined && Number(match[2]) !== scale) return null;
  return Number.isInteger(score) && score >= 1 && score <= scale ? score : null;
}

/** An answer on another scale shown on `scale` (the report after the operator changed the scale). */
export function rescaleScore(score: number, from: number, to: number): number {
  if (from === to) return score;
  return Math.min(to, Math.max(1, Math.round((score * to) / from)));
}

/**
 * What the guest wrote in an e-mail reply, without the subject line the inbox puts first ("Re: …") and the
 * quoted message below it ("> …", "On … wrote:"), so a reply of just "8" reads as 8.
 */
export function emailReplyText(body: string): string {
  const lines = body.split(/\r?\n/);
  if (/^\s*(re|aw|rv|sv|fwd?)\s*:/i.test(lines[0] ?? '')) lines.shift();
  const own: string[] = [];
  for (const line of lines) {
    if (/^\s*>/.test(line) || /(wrote|escribió|a écrit|كتب)\s*:\s*$/i.test(line)) break;
    own.push(line);
  }
  return own.join('\n').trim();
}
