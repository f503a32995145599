import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceProviders } from '../../db/schema/experiences.ts';

export type ProviderRow = typeof serviceProviders.$inferSelect & { services: number };
export type NewProviderRow = typeof serviceProviders.$inferInsert;

const columns = {
  provider: serviceProviders,
  services: sql<number>`(SELECT count(*) FROM services s WHERE s.provider_id = service_providers.id)::int`,
};

/** Queries of providers (spec 3 Provider / supplier); every one filters by the account. */
export function createProvidersRepo({ db }: { db: Db }) {
  const select = (where: ReturnType<typeof and>) =>
    db
      .select(columns)
      .from(serviceProviders)
      .where(where)
      .orderBy(asc(sql`lower(${serviceProviders.name})`), asc(serviceProviders.id));
  const flat = (r: Awaited<ReturnType<typeof select>>[number]): ProviderRow => ({
    ...r.provider,
    services: Number(r.services),
  });

  return {
    async list(accountId: string): Promise<ProviderRow[]> {
      return (await select(and(eq(serviceProviders.accountId, accountId)))).map(flat);
    },

    async find(accountId: string, id: string): Promise<ProviderRow | null> {
      const [row] = await select(and(eq(serviceProviders.accountId, accountId), eq(serviceProviders.id, id)));
      return row ? flat(row) : null;
    },

    async insert(row: NewProviderRow): Promise<string> {
      const [created] = await db.insert(serviceProviders).values(row).returning({ id: serviceProviders.id });
      if (!created) throw new Error('provider not inserted');
      return created.id;
    },

    async update(accountId: string, id: string, values: Partial<NewProviderRow>): Promise<boolean> {
      const rows = await db
        .update(serviceProviders)
        .set(values)
        .where(and(eq(serviceProviders.accountId, accountId), eq(serviceProviders.id, id)))
        .returning({ id: serviceProviders.id });
      return rows.length > 0;
    },

    /** Its services stay, as internal ones (provider_id set null by the foreign key). */
    async remove(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(serviceProviders)
        .where(and(eq(serviceProviders.accountId, accountId), eq(serviceProviders.id, id)))
        .returning({ id: serviceProviders.id });
      return rows.length > 0;
    },
  };
}
