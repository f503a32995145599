import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive as free text in paths and queries; anything that is not a uuid is simply not found. */
export const isUuid = (value: string | undefined | null): value is string => !!value && UUID.test(value);

/** LIKE/ILIKE pattern that matches `term` literally anywhere (backslash, % and _ escaped). */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of a raw SQL query, typed by the caller (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of uuids as one parameter (works the same on node-postgres and PGlite). */
export const uuidList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
