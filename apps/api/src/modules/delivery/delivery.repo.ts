import type { DeliveryChannel, DeliveryStatus } from '@posada/contracts/deliveries';
import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { deliveryPreferences, messageDeliveries, messagingOptOuts } from '../../db/schema/deliveries.ts';
import { properties } from '../../db/schema/properties.ts';

export type DeliveryRow = typeof messageDeliveries.$inferSelect;
export type NewDelivery = typeof messageDeliveries.$inferInsert;

/** A provider's status, applied only when it moves the record forward (docs/messaging.md, Delivery). */
export type ProviderStatus = Exclude<DeliveryStatus, 'queued' | 'skipped'>;

/** The states each status may be reached from: forward only; failed never after delivered or read. */
const reachableFrom: Record<ProviderStatus, DeliveryStatus[]> = {
  accepted: ['queued'],
  sent: ['queued', 'accepted'],
  delivered: ['queued', 'accepted', 'sent'],
  read: ['queued', 'accepted', 'sent', 'delivered'],
  failed: ['queued', 'accepted', 'sent'],
};

/** message_deliveries, delivery_preferences and messaging_opt_outs (owned here). */
export function createDeliveryRepo(db: Db) {
  return {
    async insert(rows: NewDelivery[]): Promise<DeliveryRow[]> {
      if (rows.length === 0) return [];
      return db.insert(messageDeliveries).values(rows).returning();
    },

    async byId(id: string): Promise<DeliveryRow | null> {
      const [row] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id));
      return row ?? null;
    },

    async owned(accountId: string, id: string): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.accountId, accountId), eq(messageDeliveries.id, id)));
      return row ?? null;
    },

    async byProviderId(channel: DeliveryChannel, providerId: string): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.channel, channel), eq(messageDeliveries.providerId, providerId)));
      return row ?? null;
    },

    /** Takes a queued record for one attempt (another process or the sweep cannot take it until `leaseUntil`). */
    async claim(id: string, now: Date, leaseUntil: Date): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(messageDeliveries)
        .set({ nextAttemptAt: leaseUntil })
        .where(
          and(
            eq(messageDeliveries.id, id),
            eq(messageDeliveries.status, 'queued'),
            lte(messageDeliveries.nextAttemptAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Queued records whose attempt is due (retries, and first attempts a crash left behind). */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: messageDeliveries.id })
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.status, 'queued'), lte(messageDeliveries.nextAttemptAt, now)))
        .orderBy(messageDeliveries.nextAttemptAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Plans a queued record's attempt for later (the sweep takes it then). */
    async delay(id: string, at: Date) {
      await db
        .update(messageDeliveries)
        .set({ nextAttemptAt: at })
        .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.status, 'queued')));
    },

    /** A temporary failure: counted, the next attempt planned, the record stays queued. */
    async retryLater(
      id: string,
      values: { attempts: number; at: Date; now: Date; code: string; detail: string },
    ) {
      await db
        .update(messageDeliveries)
        .set({
          attempts: values.attempts,
          nextAttemptAt: values.at,
          errorCode: values.code,
          errorDetail: values.detail,
          updatedAt: values.now,
        })
        .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.status, 'queued')));
    },

    /**
     * Moves a record to a provider's status if that is forward; answers the record as it is now and
     * whether it moved. `providerId` fills in the id when a status arrives before our own acceptance.
     */
    async move(
      id: string,
      status: ProviderStatus,
      values: {
        at: Date;
        providerId?: string | null;
        errorCode?: string | null;
        errorDetail?: string | null;
        pricing?: string | null;
        attempts?: number;
      },
    ): Promise<{ row: DeliveryRow; moved: boolean } | null> {
      const at = values.at;
      const [moved] = await db
        .update(messageDeliveries)
        .set({
          status,
          updatedAt: at,
          nextAttemptAt: null,
          ...(values.providerId
            ? { providerId: sql`coalesce(${messageDeliveries.providerId}, ${values.providerId})` }
            : {}),
          ...(values.attempts !== undefined ? { attempts: values.attempts } : {}),
          // A refusal is not an acceptance: failed leaves accepted_at as it was.
          ...(status !== 'failed'
            ? { acceptedAt: sql`coalesce(${messageDeliveries.acceptedAt}, ${at})` }
            : {}),
          ...(status === 'delivered' || status === 'read'
            ? { deliveredAt: sql`coalesce(${messageDeliveries.deliveredAt}, ${at})` }
            : {}),
          ...(status === 'read' ? { readAt: at } : {}),
          ...(status === 'failed'
            ? {
                failedAt: at,
                errorCode: values.errorCode ?? null,
                errorDetail: values.errorDetail ?? null,
              }
            : { errorCode: null, errorDetail: null }),
          ...(values.pricing
            ? { pricing: sql`coalesce(${messageDeliveries.pricing}, ${values.pricing})` }
            : {}),
        })
        .where(and(eq(messageDeliveries.id, id), inArray(messageDeliveries.status, reachableFrom[status])))
        .returning();
      if (moved) return { row: moved, moved: true };
      const row = await this.byId(id);
      return row ? { row, moved: false } : null;
    },

    /** The fallback happens once: the first caller to set fallback_id takes it. */
    async claimFallback(id: string, fallbackId: string): Promise<boolean> {
      const [row] = await db
        .update(messageDeliveries)
        .set({ fallbackId })
        .where(and(eq(messageDeliveries.id, id), isNull(messageDeliveries.fallbackId)))
        .returning({ id: messageDeliveries.id });
      return !!row;
    },

    /** A stay's records (its booking, and its check-ins), newest first. */
    async ofBooking(accountId: string, bookingId: string, checkinIds: string[]): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(messageDeliveries)
        .where(
          and(
            eq(messageDeliveries.accountId, accountId),
            checkinIds.length
              ? or(
                  eq(messageDeliveries.bookingId, bookingId),
                  inArray(messageDeliveries.checkinId, checkinIds),
                )
              : eq(messageDeliveries.bookingId, bookingId),
          ),
        )
        .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
        .limit(200);
    },

    async ofCheckin(accountId: string, checkinId: string): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.accountId, accountId), eq(messageDeliveries.checkinId, checkinId)))
        .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
        .limit(200);
    },

    /** Records of some check-ins or refs, newest first (the caller keeps the first of each). */
    async latestOf(accountId: string, by: { checkinIds?: string[]; refs?: string[]; kinds: string[] }) {
      const scope = by.refs
        ? by.refs.length
          ? inArray(messageDeliveries.ref, by.refs)
          : null
        : by.checkinIds?.length
          ? inArray(messageDeliveries.checkinId, by.checkinIds)
          : null;
      if (!scope) return [];
      return db
        .select()
        .from(messageDeliveries)
        .where(
          and(eq(messageDeliveries.accountId, accountId), scope, inArray(messageDeliveries.kind, by.kinds)),
        )
        .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
        .limit(2000);
    },

    /** The latest accepted (or later) and the latest failed record of a channel for a property, and the week's counts. */
    async health(accountId: string, propertyId: string, channel: DeliveryChannel, since: Date) {
      const scope = and(
        eq(messageDeliveries.accountId, accountId),
        or(eq(messageDeliveries.propertyId, propertyId), isNull(messageDeliveries.propertyId)),
        eq(messageDeliveries.channel, channel),
      );
      const [lastAccepted] = await db
        .select()
        .from(messageDeliveries)
        .where(and(scope, inArray(messageDeliveries.status, ['accepted', 'sent', 'delivered', 'read'])))
        .orderBy(desc(messageDeliveries.acceptedAt))
        .limit(1);
      const [lastFailed] = await db
        .select()
        .from(messageDeliveries)
        .where(and(scope, eq(messageDeliveries.status, 'failed')))
        .orderBy(desc(messageDeliveries.failedAt))
        .limit(1);
      const [week] = await db
        .select({
          accepted: sql<number>`count(*) filter (where ${messageDeliveries.acceptedAt} is not null and ${messageDeliveries.status} <> 'failed')::int`,
          failed: sql<number>`count(*) filter (where ${messageDeliveries.status} = 'failed')::int`,
        })
        .from(messageDeliveries)
        .where(and(scope, gte(messageDeliveries.updatedAt, since)));
      return {
        lastAccepted: lastAccepted ?? null,
        lastFailed: lastFailed ?? null,
        week: { accepted: week?.accepted ?? 0, failed: week?.failed ?? 0 },
      };
    },

    /** A booking of the account and its check-ins' ids (the stay's records); null for another account's. */
    async stay(accountId: string, bookingId: string): Promise<{ checkinIds: string[] } | null> {
      const [booking] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
      if (!booking) return null;
      const rows = await db
        .select({ id: checkins.id })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId)));
      return { checkinIds: rows.map((r) => r.id) };
    },

    async checkinOwned(accountId: string, checkinId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: checkins.id })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.id, checkinId)));
      return !!row;
    },

    /** The property's confirmation channels (spec: messaging, e-mail, SMS) and its account; null for another account's. */
    async property(accountId: string, propertyId: string) {
      const [row] = await db
        .select({
          id: properties.id,
          whatsapp: properties.confirmWhatsapp,
          sms: properties.confirmSms,
          email: properties.confirmEmail,
        })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)));
      return row ?? null;
    },

    async preferences(propertyId: string) {
      return db
        .select({ kind: deliveryPreferences.kind, channels: deliveryPreferences.channels })
        .from(deliveryPreferences)
        .where(eq(deliveryPreferences.propertyId, propertyId));
    },

    async savePreferences(
      accountId: string,
      propertyId: string,
      rows: { kind: string; channels: DeliveryChannel[] }[],
      at: Date,
    ) {
      for (const row of rows) {
        await db
          .insert(deliveryPreferences)
          .values({ accountId, propertyId, kind: row.kind, channels: row.channels, updatedAt: at })
          .onConflictDoUpdate({
            target: [deliveryPreferences.propertyId, deliveryPreferences.kind],
            set: { channels: row.channels, updatedAt: at },
          });
      }
    },

    async optedOut(
      channel: DeliveryChannel,
      sender: string,
      address: string,
      scopes: ('all' | 'marketing')[],
    ): Promise<boolean> {
      const [row] = await db
        .select({ address: messagingOptOuts.address })
        .from(messagingOptOuts)
        .where(
          and(
            eq(messagingOptOuts.channel, channel),
            inArray(messagingOptOuts.sender, [sender, '']),
            eq(messagingOptOuts.address, address),
            inArray(messagingOptOuts.scope, scopes),
          ),
        )
        .limit(1);
      return !!row;
    },

    async optOut(row: {
      channel: DeliveryChannel;
      sender: string;
      address: string;
      scope: 'all' | 'marketing';
      source: string;
      at: Date;
    }) {
      await db
        .insert(messagingOptOuts)
        .values({ ...row, optedOutAt: row.at })
        .onConflictDoNothing();
    },

    async optIn(channel: DeliveryChannel, sender: string, address: string, scope: 'all' | 'marketing') {
      await db
        .delete(messagingOptOuts)
        .where(
          and(
            eq(messagingOptOuts.channel, channel),
            inArray(messagingOptOuts.sender, [sender, '']),
            eq(messagingOptOuts.address, address),
            eq(messagingOptOuts.scope, scope),
          ),
        );
    },
  };
}

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
