import { describe, expect, it } from 'vitest';
import { accountKey, accountRule, ipRule, lockDurationMs, secondsUntil } from './login-throttle.ts';

describe('escalating sign-in lock', () => {
  it('locks an account for a minute at the fifth failure and doubles the lock with each further one', () => {
    expect([1, 2, 3, 4].map((n) => lockDurationMs(n, accountRule))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => lockDurationMs(n, accountRule) / 1000)).toEqual([60, 120, 240, 480]);
  });

  it('never locks longer than an hour, however many failures pile up', () => {
    expect(lockDurationMs(12, accountRule)).toBe(60 * 60_000);
    expect(lockDurationMs(10_000, accountRule)).toBe(60 * 60_000);
  });

  it('lets a shared address fail more often than a single account before locking', () => {
    expect(lockDurationMs(19, ipRule)).toBe(0);
    expect(lockDurationMs(20, ipRule)).toBe(60_000);
  });

  it('keys an account by its e-mail in any letter case', () => {
    expect(accountKey('  Demo@Posada.LOCAL ')).toBe(accountKey('demo@posada.local'));
  });

  it('rounds the wait up to whole seconds, at least one', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(secondsUntil(new Date(now.getTime() + 59_001), now)).toBe(60);
    expect(secondsUntil(new Date(now.getTime() + 10), now)).toBe(1);
  });
});
