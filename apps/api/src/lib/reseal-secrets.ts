import { eq, getTableColumns, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type SecretBox, SecretBoxError } from './secret-box.ts';

/**
 * A column that holds values sealed with lib/secret-box.ts, each bound (as its context) to the row's key:
 * the key-rotation port. Each owning module lists its own (`<module>SealedColumns` in its service) and
 * apps/api/src/sealed-columns.ts joins them; a column left out stays readable only with the old secret.
 */
export interface SealedColumn {
  label: string;
  table: PgTable;
  key: PgColumn;
  value: PgColumn;
  purpose: string;
}

export interface ResealCount {
  label: string;
  /** Sealed values found. */
  total: number;
  /** Opened only with APP_SECRET_PREVIOUS, now sealed under APP_SECRET. */
  resealed: number;
  /** Already under APP_SECRET: left as they are. */
  current: number;
  /** Keys of the rows that open with neither secret. */
  unreadable: string[];
}

export class ResealError extends Error {
  constructor(readonly counts: ResealCount[]) {
    const bad = counts.flatMap((c) => c.unreadable.map((key) => `${c.label} ${key}`));
    super(
      `${bad.length} sealed value(s) open with neither APP_SECRET nor APP_SECRET_PREVIOUS; nothing was changed: ${bad
        .slice(0, 10)
        .join(', ')}${bad.length > 10 ? ', …' : ''}`,
    );
    this.name = 'ResealError';
  }
}

/**
 * Re-seals every stored sealed value under the box's current secret, in one transaction: values already
 * under it are left alone (running it twice changes nothing the second time), and if any value opens with
 * neither secret the whole run rolls back with ResealError, so a wrong APP_SECRET_PREVIOUS changes nothing.
 * Rows are locked while they are read, so a value the running API changes meanwhile is not overwritten.
 */
export async function resealSecrets(
  db: Db,
  box: SecretBox,
  columns: readonly SealedColumn[],
): Promise<ResealCount[]> {
  return db.transaction(async (tx) => {
    const counts: ResealCount[] = [];
    for (const column of columns) {
      // update().set() takes the table's property name of the column, not its SQL name.
      const property = Object.entries(getTableColumns(column.table)).find(([, c]) => c === column.value)?.[0];
      if (!property) throw new Error(`reseal: ${column.label} is not a column of its table`);
      const rows = await tx
        .select({ key: column.key, sealed: column.value })
        .from(column.table)
        .where(isNotNull(column.value))
        .for('update');
      const count: ResealCount = {
        label: column.label,
        total: rows.length,
        resealed: 0,
        current: 0,
        unreadable: [],
      };
      for (const row of rows) {
        const key = String(row.key);
        let resealed: string | null;
        try {
          resealed = box.reseal(String(row.sealed), column.purpose, key);
        } catch (err) {
          if (!(err instanceof SecretBoxError)) throw err;
          count.unreadable.push(key);
          continue;
        }
        if (resealed === null) {
          count.current += 1;
          continue;
        }
        await tx
          .update(column.table)
          .set({ [property]: resealed } as never)
          .where(eq(column.key, key));
        count.resealed += 1;
      }
      counts.push(count);
    }
    if (counts.some((c) => c.unreadable.length > 0)) throw new ResealError(counts);
    return counts;
  });
}

/**
 * The sealed columns whose first stored value does not open with the box: a start-up check that the
 * secret belongs to this data (a new DATA_DIR/app-secret beside an existing PostgreSQL database, say).
 */
export async function sealedColumnsNotOpening(
  db: Db,
  box: SecretBox,
  columns: readonly SealedColumn[],
): Promise<string[]> {
  const failing: string[] = [];
  for (const column of columns) {
    const [row] = await db
      .select({ key: column.key, sealed: column.value })
      .from(column.table)
      .where(isNotNull(column.value))
      .limit(1);
    if (!row) continue;
    try {
      box.open(String(row.sealed), column.purpose, String(row.key));
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      failing.push(column.label);
    }
  }
  return failing;
}
