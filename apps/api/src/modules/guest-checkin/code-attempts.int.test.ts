import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createAttemptCounter } from './code-attempts.ts';

const now = new Date('2026-11-20T10:00:00Z');

/** The guest code attempt counter in guest_code_attempts (PGlite; PostgreSQL with TEST_DB=postgres). */
describe('guest code attempt counter', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.dispose());

  it('allows the limit within the window, then refuses until it passes', async () => {
    const counter = createAttemptCounter({ db: tdb.database.db });
    for (let i = 0; i < 5; i++) expect(await counter.hit('k', 5, 1000, now)).toBe(true);
    expect(await counter.hit('k', 5, 1000, now)).toBe(false);
    expect(await counter.count('k', now)).toBe(5);
    const later = new Date(now.getTime() + 1000);
    expect(await counter.count('k', later)).toBe(0);
    // A new window starts at one.
    expect(await counter.hit('k', 5, 1000, later)).toBe(true);
    expect(await counter.count('k', later)).toBe(1);
  });

  it('is shared by every API process: two counters on one database count against one limit', async () => {
    const first = createAttemptCounter({ db: tdb.database.db });
    const second = createAttemptCounter({ db: tdb.database.db });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).hit('shared', 5, 60_000, now)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await first.count('shared', now)).toBe(5);
    expect(await second.count('shared', now)).toBe(5);
    expect(await second.hit('shared', 5, 60_000, now)).toBe(false);
    // Keys are independent.
    expect(await first.count('other', now)).toBe(0);
  });
});
