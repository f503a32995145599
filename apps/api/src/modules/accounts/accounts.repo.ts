import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { roomTypes } from '../../db/schema/rooms.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
/** The direct-booking columns of an account (issue 15), written only through this module. */
export type DirectBookingColumns = Partial<
  Pick<
    typeof accounts.$inferInsert,
    | 'enableWebReservations'
    | 'directBookingPaymentType'
    | 'directBookingDiscountEnabled'
    | 'directBookingDiscountType'
    | 'directBookingDiscountValue'
  >
>;
/**
 * The spec 3 User subscription columns (issue 16): a projection of the subscriptions row, written only
 * through this module by the subscriptions service (its projectAccount).
 */
export type SubscriptionColumns = Partial<
  Pick<
    typeof accounts.$inferInsert,
    | 'plan'
    | 'statusSubscription'
    | 'trialEndsAt'
    | 'quantity'
    | 'roomQuantity'
    | 'servicios'
    | 'suscriptionIdStripe'
    | 'paymentFail'
  >
>;
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

    async findAccount(accountId: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row ?? null;
    },

    async findAccountBySlug(slug: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.bookingSlug, slug)).limit(1);
      return row ?? null;
    },

    /** The hotels' room types with their web-booking flag (spec 3 accommodation_units). */
    async listRoomTypeUnits(accountId: string) {
      return db
        .select({
          id: roomTypes.id,
          propertyId: roomTypes.propertyId,
          webReservationActive: roomTypes.webReservationActive,
        })
        .from(roomTypes)
        .where(eq(roomTypes.accountId, accountId))
        .orderBy(asc(roomTypes.createdAt), asc(roomTypes.id));
    },

    async updateDirectBooking(accountId: string, values: DirectBookingColumns): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(accounts).set(values).where(eq(accounts.id, accountId));
    },

    async updateSubscriptionColumns(accountId: string, values: SubscriptionColumns): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(accounts).set(values).where(eq(accounts.id, accountId));
    },

    /** Sets the slug only when none is set yet; a slug another account holds throws a unique violation. */
    async setBookingSlugIfUnset(accountId: string, slug: string): Promise<void> {
      await db
        .update(accounts)
        .set({ bookingSlug: slug })
        .where(and(eq(accounts.id, accountId), isNull(accounts.bookingSlug)));
    },
  };
}
