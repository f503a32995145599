import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rates } from '../../db/schema/rooms.ts';

export type RateRow = typeof rates.$inferSelect;
export type NewRateRow = typeof rates.$inferInsert;
export type RatesRepo = ReturnType<typeof createRatesRepo>;

/** Drizzle queries of rates; every query filters by account and property. */
export function createRatesRepo({ db }: { db: Db }) {
  const ofProperty = (accountId: string, propertyId: string) =>
    and(eq(rates.accountId, accountId), eq(rates.propertyId, propertyId));
  return {
    async list(accountId: string, propertyId: string): Promise<RateRow[]> {
      return db
        .select()
        .from(rates)
        .where(ofProperty(accountId, propertyId))
        .orderBy(asc(rates.createdAt), asc(rates.name), asc(rates.id));
    },

    async find(accountId: string, propertyId: string, id: string): Promise<RateRow | null> {
      const [row] = await db
        .select()
        .from(rates)
        .where(and(ofProperty(accountId, propertyId), eq(rates.id, id)))
        .limit(1);
      return row ?? null;
    },

    async insert(values: NewRateRow): Promise<RateRow> {
      const [row] = await db.insert(rates).values(values).returning();
      if (!row) throw new Error('rate insert returned nothing');
      return row;
    },

    async update(
      accountId: string,
      propertyId: string,
      id: string,
      values: Partial<NewRateRow>,
    ): Promise<RateRow | null> {
      const [row] = await db
        .update(rates)
        .set(values)
        .where(and(ofProperty(accountId, propertyId), eq(rates.id, id)))
        .returning();
      return row ?? null;
    },

    async remove(accountId: string, propertyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(rates)
        .where(and(ofProperty(accountId, propertyId), eq(rates.id, id)))
        .returning({ id: rates.id });
      return rows.length > 0;
    },
  };
}
