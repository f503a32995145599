import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guestCodeAttempts } from '../../db/schema/guest-checkin.ts';

/**
 * Counters of wrong check-in code attempts per session and per client address, in the database
 * (guest_code_attempts) so every API process counts against the same limit.
 */
export interface AttemptCounter {
  /** Counts one more attempt under `key`; false when `limit` was already reached within the window. */
  hit(key: string, limit: number, windowMs: number, now: Date): Promise<boolean>;
  count(key: string, now: Date): Promise<number>;
}

/** Expired rows are swept every this many hits of a process (a row past its window counts as zero anyway). */
const SWEEP_EVERY = 200;

export function createAttemptCounter(deps: { db: Db }): AttemptCounter {
  const { db } = deps;
  let hits = 0;
  return {
    async hit(key, limit, windowMs, now) {
      if (++hits % SWEEP_EVERY === 0)
        await db.delete(guestCodeAttempts).where(lte(guestCodeAttempts.expiresAt, now));
      const expired = lte(guestCodeAttempts.expiresAt, now);
      // One statement: a new or expired window starts at 1; a live one grows while under the limit.
      const counted = await db
        .insert(guestCodeAttempts)
        .values({ key, count: 1, expiresAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: guestCodeAttempts.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${guestCodeAttempts.count} + 1 END`,
            expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${guestCodeAttempts.expiresAt} END`,
          },
          setWhere: sql`${expired} OR ${guestCodeAttempts.count} < ${limit}`,
        })
        .returning({ count: guestCodeAttempts.count });
      return counted.length > 0;
    },

    async count(key, now) {
      const [row] = await db
        .select({ count: guestCodeAttempts.count })
        .from(guestCodeAttempts)
        .where(and(eq(guestCodeAttempts.key, key), gt(guestCodeAttempts.expiresAt, now)))
        .limit(1);
      return row?.count ?? 0;
    },
  };
}
