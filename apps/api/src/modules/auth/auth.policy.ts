import type { Locale } from '../../i18n/messages.ts';

/* How long sessions, links and sign-in challenges live, and what each request brings (docs/auth.md). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Session lifetimes (ASVS 7.3): idle and absolute; "remember" keeps the user signed in for 30 days. */
export const sessionPolicy = {
  normal: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
  remember: { idleMs: 30 * DAY, absoluteMs: 30 * DAY },
  /** lastUsedAt is written at most this often, not on every request. */
  touchEveryMs: MINUTE,
};

export const linkPolicy = {
  confirmTtlMs: 48 * HOUR,
  resetTtlMs: HOUR,
  /** An e-mailed sign-in link (issue 27): the way in for an owner whose address is throttled. */
  signInTtlMs: 15 * MINUTE,
  /** At most one confirmation or reset e-mail per user per minute. */
  resendEveryMs: MINUTE,
  oauthStateTtlMs: 10 * MINUTE,
};

/** The second step of a two-factor sign-in: 5 minutes and 5 codes per password entry. */
export const challengePolicy = { ttlMs: 5 * MINUTE, maxAttempts: 5 };

export interface RequestContext {
  locale: Locale;
  ip: string;
  /** Kept with the session for the account's list of active sessions. */
  userAgent?: string;
}
