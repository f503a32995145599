import type { Database } from '../db/client.ts';
import { preparedQuery } from './prepared-query.ts';

/**
 * Columns an authenticated request may change whatever it asks, left out of the snapshot: the sign-in
 * check writes a session's last use and slides its idle expiry, whoever the caller is and whatever the
 * route answers. A session revoked or created still shows.
 */
const volatileColumns: Record<string, string[]> = {
  sessions: ['last_used_at', 'idle_expires_at'],
};

/** Row count and a content hash per table, e.g. `{ bookings: '3:9f…' }`. */
export type DbSnapshot = Record<string, string>;

let statement: { database: Database; sql: string } | null = null;

/**
 * Every table of the application's schema (`public`; pg-boss keeps its queue in its own schema) as its
 * row count and a hash of its rows: two equal snapshots mean no row was added, removed or changed (up to a
 * 64-bit hash collision). One prepared query, cheap enough to take around every request of a generated suite.
 */
export async function dbSnapshot(database: Database): Promise<DbSnapshot> {
  if (statement?.database !== database) {
    const { rows } = await database.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts = rows.map(({ table_name: name }) => {
      const drop = (volatileColumns[name] ?? []).map((c) => ` - '${c}'`).join('');
      const row = drop ? `(to_jsonb(t)${drop})::text` : 't::text';
      // An order-independent sum of 64-bit row hashes (as hostile-input.ts's fingerprints): no sort.
      return `SELECT '${name}' AS name, count(*)::int AS n,
        coalesce(sum(hashtextextended(${row}, 0)::numeric), 0)::text AS h
        FROM public."${name}" t`;
    });
    statement = { database, sql: parts.join('\nUNION ALL\n') };
  }
  const rows = await preparedQuery<{ name: string; n: number; h: string }>(database, statement.sql);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
