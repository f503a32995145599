import type { UpsellMoment } from '@posada/domain/experiences';
import { and, count, eq, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { serviceFunnelEvents, services, upsellOffers, upsellSettings } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';

export type UpsellSettingRow = typeof upsellSettings.$inferSelect;
export type UpsellOfferRow = typeof upsellOffers.$inferSelect;

/** What an offer says about a service: its guest-facing title. */
export interface OfferedService {
  id: string;
  title: (typeof services.$inferSelect)['title'];
}

/** A property whose store is on and internal, with a timed moment switched on. */
export interface TimedMoment {
  accountId: string;
  propertyId: string;
  propertyName: string;
  timeZone: string;
  moment: UpsellMoment;
  days: number | null;
  serviceIds: string[];
}

/** Services among `ids` that are the account's, active, and offered at the property (or at all). */
const offerable = (accountId: string, propertyId: string, ids: string[]) =>
  and(
    eq(services.accountId, accountId),
    inArray(services.id, ids),
    eq(services.active, true),
    or(isNull(services.propertyId), eq(services.propertyId, propertyId)),
  );

/** Drizzle queries of the upselling configuration and its offers (upsell_settings, upsell_offers). */
export function createUpsellRepo({ db }: { db: Db }) {
  return {
    async ownedProperty(accountId: string, propertyId: string) {
      const [row] = await db
        .select({
          id: properties.id,
          name: properties.nombre,
          storeEnabled: properties.storeEnabled,
          storeType: properties.storeType,
        })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)));
      return row ?? null;
    },

    async settingsOf(accountId: string, propertyId: string): Promise<UpsellSettingRow[]> {
      return db
        .select()
        .from(upsellSettings)
        .where(and(eq(upsellSettings.accountId, accountId), eq(upsellSettings.propertyId, propertyId)));
    },

    async setting(propertyId: string, moment: UpsellMoment): Promise<UpsellSettingRow | null> {
      const [row] = await db
        .select()
        .from(upsellSettings)
        .where(and(eq(upsellSettings.propertyId, propertyId), eq(upsellSettings.moment, moment)));
      return row ?? null;
    },

    async saveSettings(rows: (typeof upsellSettings.$inferInsert)[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(upsellSettings)
            .values(row)
            .onConflictDoUpdate({
              target: [upsellSettings.propertyId, upsellSettings.moment],
              set: {
                enabled: row.enabled,
                days: row.days,
                serviceIds: row.serviceIds,
                updatedAt: row.updatedAt,
              },
            });
        }
      });
    },

    /** The ids among `ids` that are active services of the account offered at the property (or at all). */
    async offerableIds(accountId: string, propertyId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(offerable(accountId, propertyId, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** The chosen services still offerable, in the order they were chosen. */
    async offeredServices(accountId: string, propertyId: string, ids: string[]): Promise<OfferedService[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: services.id, title: services.title })
        .from(services)
        .where(offerable(accountId, propertyId, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async sentCount(accountId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(upsellOffers)
        .where(
          and(
            eq(upsellOffers.accountId, accountId),
            eq(upsellOffers.propertyId, propertyId),
            eq(upsellOffers.status, 'sent'),
          ),
        );
      return row?.n ?? 0;
    },

    /** Every switched-on before-arrival and during-stay moment of a property whose own store is on. */
    async timedMoments(): Promise<TimedMoment[]> {
      return db
        .select({
          accountId: upsellSettings.accountId,
          propertyId: upsellSettings.propertyId,
          propertyName: properties.nombre,
          timeZone: properties.timeZone,
          moment: upsellSettings.moment,
          days: upsellSettings.days,
          serviceIds: upsellSettings.serviceIds,
        })
        .from(upsellSettings)
        .innerJoin(properties, eq(properties.id, upsellSettings.propertyId))
        .where(
          and(
            eq(upsellSettings.enabled, true),
            inArray(upsellSettings.moment, ['before_arrival', 'during_stay']),
            eq(properties.storeEnabled, true),
            eq(properties.storeType, 'internal'),
            eq(properties.accountId, upsellSettings.accountId),
          ),
        );
    },

    /**
     * The check-ins of a property arriving between two dates with no offer of that moment yet; a walk-in
     * (no booking) counts, a cancelled booking does not.
     */
    async stays(
      accountId: string,
      propertyId: string,
      moment: UpsellMoment,
      fromStart: string,
      toStart: string,
    ) {
      return db
        .select({
          id: checkins.id,
          name: checkins.name,
          email: checkins.email,
          phone: checkins.phone,
          language: checkins.language,
          status: checkins.status,
          startDate: checkins.startDate,
          endDate: checkins.endDate,
          bookingId: checkins.bookingId,
        })
        .from(checkins)
        .leftJoin(bookings, eq(bookings.id, checkins.bookingId))
        .leftJoin(upsellOffers, and(eq(upsellOffers.checkinId, checkins.id), eq(upsellOffers.moment, moment)))
        .where(
          and(
            eq(checkins.accountId, accountId),
            eq(checkins.propertyId, propertyId),
            gte(checkins.startDate, fromStart),
            lte(checkins.startDate, toStart),
            or(isNull(checkins.bookingId), ne(bookings.status, 'cancelled')),
            isNull(upsellOffers.id),
          ),
        );
    },

    /** Claims the offer of a check-in and moment: null when another run already has it. */
    async claim(row: typeof upsellOffers.$inferInsert): Promise<UpsellOfferRow | null> {
      const [claimed] = await db
        .insert(upsellOffers)
        .values(row)
        .onConflictDoNothing({ target: [upsellOffers.checkinId, upsellOffers.moment] })
        .returning();
      return claimed ?? null;
    },

    async finish(
      id: string,
      set: Pick<typeof upsellOffers.$inferInsert, 'status' | 'channel' | 'failure' | 'sentAt'>,
    ): Promise<void> {
      await db.update(upsellOffers).set(set).where(eq(upsellOffers.id, id));
    },

    /** The funnel's `offered`, once per service and check-in. */
    async recordOffered(
      rows: { accountId: string; propertyId: string; serviceId: string; checkinId: string; at: Date }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(serviceFunnelEvents)
        .values(rows.map((r) => ({ ...r, kind: 'offered' as const })))
        .onConflictDoNothing();
    },

    /** The property's store state, read again just before sending. */
    async storeOf(propertyId: string) {
      const [row] = await db
        .select({ enabled: properties.storeEnabled, type: properties.storeType })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row ?? null;
    },
  };
}

export type UpsellRepo = ReturnType<typeof createUpsellRepo>;
