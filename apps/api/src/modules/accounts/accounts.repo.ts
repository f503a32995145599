import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type UserWithAccountRow = NonNullable<Awaited<ReturnType<AccountsRepo['findUserWithAccount']>>>;

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

export function createAccountsRepo({ db }: { db: Db }) {
  return {
    async findUserWithAccount(userId: string) {
      const [row] = await db
        .select({ user: users, account: accounts })
        .from(users)
        .leftJoin(accounts, eq(accounts.id, users.accountId))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async listProperties(accountId: string): Promise<PropertyRow[]> {
      return db
        .select()
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.createdAt), asc(properties.id));
    },

    async findProperty(accountId: string, propertyId: string): Promise<PropertyRow | null> {
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)))
        .limit(1);
      return row ?? null;
    },

    async insertAccount(values: NewAccount): Promise<string> {
      const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
      if (!row) throw new Error('account insert returned nothing');
      return row.id;
    },

    async findAccountQuantity(accountId: string): Promise<number | null> {
      const [row] = await db
        .select({ quantity: accounts.quantity })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row?.quantity ?? null;
    },
  };
}
