import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { containsPattern } from '../../lib/sql.ts';

/**
 * Correlated subqueries name their tables in full: drizzle writes a select field's columns unqualified when
 * the query has no join, and an unqualified "id" would name the subquery's own table.
 */
const propertiesCount = sql<number>`(select count(*)::int from properties p where p.account_id = "accounts"."id")`;
/** The account's first empresa user (its owner). */
const ownerId = sql<
  string | null
>`(select u.id from users u where u.account_id = "accounts"."id" and u.type = 'empresa' order by u.created_at asc limit 1)`;

export type AccountWithSubscription = {
  account: typeof accounts.$inferSelect;
  subscription: typeof subscriptions.$inferSelect | null;
  propertiesCount: number;
  ownerId: string | null;
};

/** Reads of user_management and the user's information page (accounts, subscriptions, properties, check-ins). */
export function createAdminAccountsRepo({ db }: { db: Db }) {
  async function ownersOf(ids: (string | null)[]) {
    const wanted = ids.filter((id): id is string => !!id);
    if (!wanted.length) return new Map<string, typeof users.$inferSelect>();
    const rows = await db
      .select()
      .from(users)
      .where(sql`${users.id} = any(string_to_array(${wanted.join(',')}, ',')::uuid[])`);
    return new Map(rows.map((u) => [u.id, u]));
  }

  return {
    ownersOf,

    async listAccounts(opts: { search?: string; limit: number; offset: number }) {
      let where: SQL | undefined;
      if (opts.search) {
        const pattern = containsPattern(opts.search);
        where = or(
          ilike(accounts.name, pattern),
          sql`exists (select 1 from ${users} where ${users.accountId} = ${accounts.id} and (${users.email} ilike ${pattern} or ${users.name} ilike ${pattern}))`,
        );
      }
      const [rows, [total]] = await Promise.all([
        db
          .select({ account: accounts, subscription: subscriptions, propertiesCount, ownerId })
          .from(accounts)
          .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
          .where(where)
          .orderBy(desc(accounts.createdAt), desc(accounts.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return { rows: rows as AccountWithSubscription[], total: total?.n ?? 0 };
    },

    async findAccount(id: string): Promise<AccountWithSubscription | null> {
      const [row] = await db
        .select({ account: accounts, subscription: subscriptions, propertiesCount, ownerId })
        .from(accounts)
        .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
        .where(eq(accounts.id, id))
        .limit(1);
      return (row as AccountWithSubscription | undefined) ?? null;
    },

    async findEmpresaUser(id: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.type, 'empresa')))
        .limit(1);
      return row ?? null;
    },

    async propertiesWithCheckins(accountId: string) {
      return db
        .select({
          id: properties.id,
          name: properties.nombre,
          tipo: properties.tipoPropiedad,
          city: properties.city,
          completed: sql<number>`(select count(*)::int from checkins c where c.property_id = "properties"."id" and c.status = 'complete')`,
          pending: sql<number>`(select count(*)::int from checkins c where c.property_id = "properties"."id" and c.status <> 'complete')`,
        })
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.createdAt), asc(properties.id));
    },

    /** One page of an account's check-ins, completed (newest completion first) or pending (soonest stay first). */
    async listCheckins(opts: {
      accountId: string;
      propertyId?: string;
      completed: boolean;
      limit: number;
      offset: number;
    }) {
      const where = and(
        eq(checkins.accountId, opts.accountId),
        opts.propertyId ? eq(checkins.propertyId, opts.propertyId) : undefined,
        opts.completed ? eq(checkins.status, 'complete') : sql`${checkins.status} <> 'complete'`,
      );
      const order = opts.completed
        ? [desc(checkins.completedAt), desc(checkins.startDate), desc(checkins.id)]
        : [asc(checkins.startDate), asc(checkins.createdAt), asc(checkins.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ checkin: checkins, propertyName: properties.nombre })
          .from(checkins)
          .innerJoin(properties, eq(properties.id, checkins.propertyId))
          .where(where)
          .orderBy(...order)
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(checkins).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
