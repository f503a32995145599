import { and, count, desc, eq, gt, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, advisors, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { containsPattern } from '../../lib/sql.ts';

export type AdvisorRow = typeof advisors.$inferSelect;
export type AdminRepo = ReturnType<typeof createAdminRepo>;

/** Fully qualified: drizzle writes a select field's columns unqualified in a query without a join. */
const advisorAccounts = sql<number>`(select count(*)::int from accounts a where a.advisor_id = "advisors"."id")`;

export function createAdminRepo({ db }: { db: Db }) {
  const empresa = eq(users.type, 'empresa');

  /** Empresa users whose account matches `where`. */
  async function countEmpresaUsers(where?: SQL): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(and(empresa, where));
    return row?.n ?? 0;
  }

  return {
    async summary(now: Date, since: Date) {
      const trialRunning = and(
        eq(accounts.statusSubscription, 'demo'),
        or(isNull(accounts.trialEndsAt), gt(accounts.trialEndsAt, now)),
      );
      const trialOver = or(
        eq(accounts.statusSubscription, 'demo_expired'),
        and(eq(accounts.statusSubscription, 'demo'), lte(accounts.trialEndsAt, now)),
      );
      const [total, demo, subscribed, expired, unverified, recent, propertiesTotal, advisorsActive] =
        await Promise.all([
          countEmpresaUsers(),
          countEmpresaUsers(trialRunning),
          countEmpresaUsers(eq(accounts.statusSubscription, 'subscribed')),
          countEmpresaUsers(trialOver),
          countEmpresaUsers(isNull(users.emailVerifiedAt)),
          countEmpresaUsers(gte(users.createdAt, since)),
          db.$count(properties),
          db.$count(advisors, eq(advisors.active, true)),
        ]);
      return { total, demo, subscribed, expired, unverified, recent, propertiesTotal, advisorsActive };
    },

    async listUsers(opts: { search?: string; limit: number; offset: number }) {
      const where = opts.search
        ? or(
            ilike(users.name, containsPattern(opts.search)),
            ilike(users.email, containsPattern(opts.search)),
          )
        : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({
            user: users,
            account: accounts,
            advisorCode: advisors.code,
            propertiesCount: sql<number>`(select count(*)::int from ${properties} where ${properties.accountId} = ${users.accountId})`,
          })
          .from(users)
          .leftJoin(accounts, eq(accounts.id, users.accountId))
          .leftJoin(advisors, eq(advisors.id, accounts.advisorId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async listAdvisors() {
      return db
        .select({ advisor: advisors, accountsCount: advisorAccounts })
        .from(advisors)
        .orderBy(desc(advisors.createdAt), desc(advisors.id));
    },

    async findAdvisor(id: string) {
      const [row] = await db
        .select({ advisor: advisors, accountsCount: advisorAccounts })
        .from(advisors)
        .where(eq(advisors.id, id))
        .limit(1);
      return row ?? null;
    },

    async findAdvisorByCode(code: string): Promise<AdvisorRow | null> {
      const [row] = await db
        .select()
        .from(advisors)
        .where(sql`upper(${advisors.code}) = ${code.trim().toUpperCase()}`)
        .limit(1);
      return row ?? null;
    },

    async insertAdvisor(values: typeof advisors.$inferInsert): Promise<AdvisorRow> {
      const [row] = await db.insert(advisors).values(values).returning();
      if (!row) throw new Error('advisor insert returned nothing');
      return row;
    },

    async setAdvisorActive(id: string, active: boolean): Promise<boolean> {
      const rows = await db.update(advisors).set({ active }).where(eq(advisors.id, id)).returning({
        id: advisors.id,
      });
      return rows.length === 1;
    },
  };
}
