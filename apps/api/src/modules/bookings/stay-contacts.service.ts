import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';

/** A booking the inbox links a guest's thread to (issue 17, docs/messaging.md Inbox). */
export interface StayOfContact {
  accountId: string;
  bookingId: string;
  propertyId: string;
  name: string;
  startDate: string;
  endDate: string;
}

/** A stay that ended at most this many days ago still counts (questions after departure, review replies). */
const RECENT_PAST_DAYS = 14;

const digitsOf = sql`regexp_replace(${bookings.phone}, '[^0-9]', '', 'g')`;

const columns = {
  accountId: bookings.accountId,
  bookingId: bookings.id,
  propertyId: bookings.propertyId,
  name: bookings.name,
  startDate: bookings.startDate,
  endDate: bookings.endDate,
};

/**
 * Read methods of the bookings module for the inbox (issue 17): which stay a guest's phone belongs to.
 * Phones are compared by their digits (bookings keep E.164 '+34600…'; WhatsApp's wa_id has no '+').
 */
export function createStayContacts(deps: { db: Db }) {
  const { db } = deps;
  /** The current or next stay (not cancelled) with this phone, else the latest one that ended recently. */
  async function stayOfPhone(accountId: string | null, digits: string, today: string) {
    if (!/^\d{6,15}$/.test(digits)) return [];
    const scope = (extra: ReturnType<typeof and>) =>
      and(
        accountId ? eq(bookings.accountId, accountId) : undefined,
        ne(bookings.status, 'cancelled'),
        sql`${digitsOf} = ${digits}`,
        extra,
      );
    const coming = await db
      .select(columns)
      .from(bookings)
      .where(scope(gte(bookings.endDate, today)))
      .orderBy(asc(bookings.startDate))
      .limit(20);
    if (coming.length > 0) return coming;
    const since = new Date(`${today}T00:00:00Z`);
    since.setUTCDate(since.getUTCDate() - RECENT_PAST_DAYS);
    return db
      .select(columns)
      .from(bookings)
      .where(scope(and(lt(bookings.endDate, today), gte(bookings.endDate, since.toISOString().slice(0, 10)))))
      .orderBy(desc(bookings.endDate))
      .limit(20);
  }

  return {
    /** The account's stay for this phone (`today`: YYYY-MM-DD), or null. */
    async stayOfPhone(accountId: string, digits: string, today: string): Promise<StayOfContact | null> {
      return (await stayOfPhone(accountId, digits, today))[0] ?? null;
    },
    /** Every account with a current, coming or recent stay for this phone (the shared number's routing). */
    async accountsOfPhone(digits: string, today: string): Promise<string[]> {
      return [...new Set((await stayOfPhone(null, digits, today)).map((s) => s.accountId))];
    },
    /** A stay of the account by e-mail (replies to our e-mails), the same rule. */
    async stayOfEmail(accountId: string, email: string, today: string): Promise<StayOfContact | null> {
      const [row] = await db
        .select(columns)
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            ne(bookings.status, 'cancelled'),
            sql`lower(${bookings.email}) = ${email.toLowerCase()}`,
            gte(bookings.endDate, today),
          ),
        )
        .orderBy(asc(bookings.startDate))
        .limit(1);
      return row ?? null;
    },
  };
}

export type StayContacts = ReturnType<typeof createStayContacts>;
