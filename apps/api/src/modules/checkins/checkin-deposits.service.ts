import type { DepositState } from '@posada/domain/deposits';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { isUuid } from '../../lib/sql.ts';

/** A check-in as its deposit needs it (spec 3 programmed.cantidad_payment, spec 4 Deposit). */
export interface DepositCheckin {
  id: string;
  accountId: string;
  propertyId: string;
  propertyName: string;
  /** The property's country (spec 2.4: COP for CO, EUR otherwise). */
  country: string;
  timeZone: string;
  bookingId: string | null;
  name: string;
  email: string;
  phone: string;
  language: string;
  startDate: string;
  endDate: string;
  linkTokenSealed: string;
  depositAmount: number;
  depositStatus: DepositState;
}

const columns = {
  id: checkins.id,
  accountId: checkins.accountId,
  propertyId: checkins.propertyId,
  propertyName: properties.nombre,
  country: properties.pais,
  timeZone: properties.timeZone,
  bookingId: checkins.bookingId,
  name: checkins.name,
  email: checkins.email,
  phone: checkins.phone,
  language: checkins.language,
  startDate: checkins.startDate,
  endDate: checkins.endDate,
  linkTokenSealed: checkins.linkTokenSealed,
  depositAmount: checkins.depositAmount,
  depositStatus: checkins.depositStatus,
};

const asDeposit = (
  row: Omit<DepositCheckin, 'depositStatus'> & { depositStatus: number },
): DepositCheckin => ({
  ...row,
  depositStatus: (row.depositStatus >= 0 && row.depositStatus <= 3 ? row.depositStatus : 0) as DepositState,
});

export type CheckinDeposits = ReturnType<typeof createCheckinDeposits>;

/**
 * The deposit columns of check-ins (issue 16, docs/payments.md "Deposits"), for the payments module's
 * deposits: it reads and writes them only through here. Every call is scoped to the account.
 */
export function createCheckinDeposits(deps: { db: Db }) {
  const { db } = deps;
  const select = () =>
    db.select(columns).from(checkins).innerJoin(properties, eq(properties.id, checkins.propertyId));

  return {
    /** The account's check-in (null for another account's or an unknown id: the caller answers 404). */
    async depositCheckin(accountId: string, checkinId: string): Promise<DepositCheckin | null> {
      if (!isUuid(checkinId)) return null;
      const [row] = await select()
        .where(and(eq(checkins.id, checkinId), eq(checkins.accountId, accountId)))
        .limit(1);
      return row ? asDeposit(row) : null;
    },

    /** The check-ins asking for a deposit whose stay has not ended (the dashboard widget), or a booking's. */
    async depositCheckins(
      accountId: string,
      filter: { bookingId?: string; propertyId?: string; endingFrom: string; limit?: number },
    ): Promise<DepositCheckin[]> {
      const rows = await select()
        .where(
          and(
            eq(checkins.accountId, accountId),
            gt(checkins.depositAmount, 0),
            filter.bookingId
              ? eq(checkins.bookingId, filter.bookingId)
              : gte(checkins.endDate, filter.endingFrom),
            filter.propertyId ? eq(checkins.propertyId, filter.propertyId) : undefined,
          ),
        )
        .orderBy(asc(checkins.startDate), asc(checkins.id))
        .limit(filter.limit ?? 50);
      return rows.map(asDeposit);
    },

    /** The deposit a check-in asks for (0: none); the state starts again unknown. */
    async setDepositAmount(accountId: string, checkinId: string, amount: number): Promise<boolean> {
      const rows = await db
        .update(checkins)
        .set({ depositAmount: amount })
        .where(and(eq(checkins.id, checkinId), eq(checkins.accountId, accountId)))
        .returning({ id: checkins.id });
      return rows.length > 0;
    },

    /** spec 4 Deposit state, kept in step with the guest payment (guest_payment.changed). */
    async setDepositStatus(accountId: string, checkinId: string, status: DepositState, on: Db = db) {
      await on
        .update(checkins)
        .set({ depositStatus: status })
        .where(and(eq(checkins.id, checkinId), eq(checkins.accountId, accountId)));
    },
  };
}
