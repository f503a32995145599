import { describe, expect, it, vi } from 'vitest';
import { isDatabaseAbort, openDatabase } from './client.ts';

/** A jsonb value nested this deep aborts PGlite's WASM runtime (the issue 26 crash). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('the embedded database aborting (PGlite)', () => {
  it('tells a WASM trap from an ordinary SQL error', () => {
    const trap = new Error('Aborted(). Build with -sASSERTIONS for more info.');
    trap.name = 'RuntimeError';
    expect(isDatabaseAbort(trap)).toBe(true);
    expect(isDatabaseAbort(new Error('wrapped', { cause: trap }))).toBe(true);
    expect(isDatabaseAbort(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseAbort(null)).toBe(false);
  });

  it('calls onAbort once when the runtime aborts, and not for ordinary errors', async () => {
    const onAbort = vi.fn();
    const database = await openDatabase({ dataDir: 'memory://', onAbort });
    const { pglite } = database;
    if (!pglite) throw new Error('expected PGlite');
    await pglite.exec('create table t (p jsonb)');
    // An ordinary error: reported to the caller only.
    await expect(pglite.query('select * from missing_table')).rejects.toThrow(/missing_table/);
    await expect(database.sql.query('select nonsense(')).rejects.toThrow();
    expect(onAbort).not.toHaveBeenCalled();

    const crash = database.sql.query('insert into t values ($1::jsonb)', [deepJson(1500)]);
    await expect(crash).rejects.toSatisfy(isDatabaseAbort);
    expect(onAbort).toHaveBeenCalledTimes(1);
    expect(isDatabaseAbort(onAbort.mock.calls[0]?.[0])).toBe(true);
    // Every later query fails (what made every request answer 500 until a restart); reported once only.
    await expect(pglite.query('select 1')).rejects.toSatisfy(isDatabaseAbort);
    await expect(pglite.transaction(async (tx) => tx.query('select 1'))).rejects.toSatisfy(isDatabaseAbort);
    expect(onAbort).toHaveBeenCalledTimes(1);
  }, 60_000);
});
