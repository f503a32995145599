/**
 * Escalating sign-in throttling (ASVS 6.3), per address and per account-and-address (never per account
 * alone, so nobody can lock an owner out by failing on purpose): after `threshold` consecutive failures on a
 * key the key is
 * locked for `baseLockMs`, and every further failure doubles the lock, up to `maxLockMs`.
 * Counters live in the login_attempts table so every API process sees the same lock.
 */
export interface ThrottleRule {
  threshold: number;
  baseLockMs: number;
  maxLockMs: number;
}

export const accountRule: ThrottleRule = { threshold: 5, baseLockMs: 60_000, maxLockMs: 60 * 60_000 };
/** An office or hotel may share one address, so the address allows more failures than one account. */
export const ipRule: ThrottleRule = { threshold: 20, baseLockMs: 60_000, maxLockMs: 60 * 60_000 };

/** A streak of failures older than this is forgotten. */
export const failureMemoryMs = 24 * 60 * 60_000;

export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

/**
 * An account as tried from one address (issue 27): wrong passwords from one place lock that place's tries
 * at the account, never the owner signing in from another.
 */
export function accountAddressKey(email: string, ip: string): string {
  return `${accountKey(email)}|ip:${ip}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/** How long to lock a key after its `failures`-th consecutive failure (0: no lock). */
export function lockDurationMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.threshold) return 0;
  const doublings = Math.min(failures - rule.threshold, 20);
  return Math.min(rule.baseLockMs * 2 ** doublings, rule.maxLockMs);
}

export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
