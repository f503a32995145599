import type { ServiceRequestStatus } from '@posada/domain/experiences';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import {
  serviceFunnelEvents,
  serviceProviders,
  serviceRequests,
  services,
  upsellSettings,
} from '../../db/schema/experiences.ts';
import { guestPayments } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { containsPattern } from '../../lib/sql.ts';

export type RequestRow = typeof serviceRequests.$inferSelect;
export type NewRequestRow = typeof serviceRequests.$inferInsert;
export type RequestPatch = PgUpdateSetSource<typeof serviceRequests>;
export type StoreServiceRow = typeof services.$inferSelect;

/** The request's newest payment as the engine keeps it (null: none started). */
export interface RequestPaymentRow {
  id: string;
  status: string;
  amount: number;
  currency: string;
  checkoutUrl: string | null;
  expiresAt: Date | null;
}

/** A request with what its screens show beside it. */
export type RequestView = RequestRow & {
  propertyName: string;
  providerName: string | null;
  payment: RequestPaymentRow | null;
};

export interface RequestFilters {
  status?: ServiceRequestStatus;
  propertyId?: string;
  serviceId?: string;
  search?: string;
  from?: string;
  to?: string;
}

const viewColumns = {
  request: serviceRequests,
  propertyName: properties.nombre,
  providerName: serviceProviders.name,
  paymentId: guestPayments.id,
  paymentStatus: guestPayments.status,
  paymentAmount: guestPayments.amount,
  paymentCurrency: guestPayments.currency,
  paymentCheckoutUrl: guestPayments.checkoutUrl,
  paymentExpiresAt: guestPayments.expiresAt,
};

/** Queries of service requests, the guest store's reads and its funnel (modules/experiences owns them). */
export function createRequestsRepo({ db }: { db: Db }) {
  const select = (on: Db = db) =>
    on
      .select(viewColumns)
      .from(serviceRequests)
      .innerJoin(properties, eq(properties.id, serviceRequests.propertyId))
      .leftJoin(serviceProviders, eq(serviceProviders.id, serviceRequests.providerId))
      .leftJoin(guestPayments, eq(guestPayments.id, serviceRequests.guestPaymentId));
  type Raw = Awaited<ReturnType<typeof select>>[number];
  const view = (r: Raw): RequestView => ({
    ...r.request,
    propertyName: r.propertyName,
    providerName: r.providerName,
    payment: r.paymentId
      ? {
          id: r.paymentId,
          status: r.paymentStatus ?? 'open',
          amount: r.paymentAmount ?? 0,
          currency: r.paymentCurrency ?? r.request.currency,
          checkoutUrl: r.paymentCheckoutUrl ?? null,
          expiresAt: r.paymentExpiresAt ?? null,
        }
      : null,
  });

  const filtersOf = (accountId: string, f: RequestFilters) => {
    const pattern = f.search ? containsPattern(f.search) : null;
    return and(
      eq(serviceRequests.accountId, accountId),
      f.propertyId ? eq(serviceRequests.propertyId, f.propertyId) : undefined,
      f.serviceId ? eq(serviceRequests.serviceId, f.serviceId) : undefined,
      f.from ? gte(serviceRequests.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
      f.to ? lte(serviceRequests.createdAt, new Date(`${f.to}T23:59:59.999Z`)) : undefined,
      pattern
        ? or(
            ilike(serviceRequests.clientName, pattern),
            ilike(serviceRequests.phone, pattern),
            ilike(serviceRequests.documentNumber, pattern),
            ilike(serviceRequests.serviceName, pattern),
          )
        : undefined,
    );
  };

  return {
    /** The check-in a guest route names, with its property's store settings. */
    async checkinWithProperty(checkinId: string) {
      const [row] = await db
        .select({
          checkin: checkins,
          propertyName: properties.nombre,
          storeEnabled: properties.storeEnabled,
          storeType: properties.storeType,
          storeMessage: properties.storeExternalMessage,
          storeUrl: properties.storeExternalUrl,
        })
        .from(checkins)
        .innerJoin(properties, eq(properties.id, checkins.propertyId))
        .where(eq(checkins.id, checkinId))
        .limit(1);
      return row ?? null;
    },

    /** A property's account and store switch (the done step's featured services, before a check-in is complete). */
    async propertyStore(propertyId: string) {
      const [row] = await db
        .select({
          accountId: properties.accountId,
          storeEnabled: properties.storeEnabled,
          storeType: properties.storeType,
        })
        .from(properties)
        .where(eq(properties.id, propertyId))
        .limit(1);
      return row ?? null;
    },

    /** The check-in's main guest (the lead, else the first registered). */
    async leadGuest(checkinId: string) {
      const [row] = await db
        .select({
          firstName: checkinGuests.firstName,
          lastName: checkinGuests.lastName,
          phone: checkinGuests.phone,
          email: checkinGuests.email,
          documentType: checkinGuests.documentType,
          documentLast4: checkinGuests.documentLast4,
        })
        .from(checkinGuests)
        .where(eq(checkinGuests.checkinId, checkinId))
        .orderBy(desc(checkinGuests.isLead), asc(checkinGuests.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Active services of the property and of every property of the account. */
    async offeredServices(accountId: string, propertyId: string): Promise<StoreServiceRow[]> {
      return db
        .select()
        .from(services)
        .where(
          and(
            eq(services.accountId, accountId),
            eq(services.active, true),
            or(eq(services.propertyId, propertyId), isNull(services.propertyId)),
          ),
        )
        .orderBy(asc(services.category), asc(services.createdAt));
    },

    /** The services the property's `checkin_done` moment highlights, when that moment is on. */
    async featuredIds(propertyId: string): Promise<string[]> {
      const [row] = await db
        .select({ enabled: upsellSettings.enabled, ids: upsellSettings.serviceIds })
        .from(upsellSettings)
        .where(and(eq(upsellSettings.propertyId, propertyId), eq(upsellSettings.moment, 'checkin_done')))
        .limit(1);
      return row?.enabled ? row.ids : [];
    },

    /** Records the funnel once per kind, service and check-in (a repeat changes nothing). */
    async recordFunnel(
      rows: { accountId: string; propertyId: string; serviceId: string; checkinId: string }[],
      kind: 'offered' | 'viewed',
      at: Date,
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(serviceFunnelEvents)
        .values(rows.map((r) => ({ ...r, kind, at })))
        .onConflictDoNothing();
    },

    async insert(row: NewRequestRow, on: Db = db): Promise<RequestRow> {
      const [created] = await on.insert(serviceRequests).values(row).returning();
      if (!created) throw new Error('service request not inserted');
      return created;
    },

    async find(accountId: string, id: string, on: Db = db): Promise<RequestView | null> {
      const [row] = await select(on)
        .where(and(eq(serviceRequests.accountId, accountId), eq(serviceRequests.id, id)))
        .limit(1);
      return row ? view(row) : null;
    },

    /** The request whose newest payment is `paymentId` (the payments engine's events name only it). */
    async findByPayment(paymentId: string): Promise<RequestView | null> {
      const [row] = await select().where(eq(serviceRequests.guestPaymentId, paymentId)).limit(1);
      return row ? view(row) : null;
    },

    async ofCheckin(checkinId: string): Promise<RequestView[]> {
      const rows = await select()
        .where(eq(serviceRequests.checkinId, checkinId))
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
      return rows.map(view);
    },

    async list(accountId: string, f: RequestFilters, page: number, perPage: number) {
      const where = and(filtersOf(accountId, f), f.status ? eq(serviceRequests.status, f.status) : undefined);
      const rows = await select()
        .where(where)
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await db.select({ n: count() }).from(serviceRequests).where(where);
      const byStatus = await db
        .select({ status: serviceRequests.status, n: count() })
        .from(serviceRequests)
        .where(filtersOf(accountId, f))
        .groupBy(serviceRequests.status);
      return {
        items: rows.map(view),
        total: Number(total?.n ?? 0),
        counts: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])) as Partial<
          Record<ServiceRequestStatus, number>
        >,
      };
    },

    /**
     * Moves a request only from one of `from` (the state it was read in): a concurrent change wins and
     * this answers null.
     */
    async move(
      id: string,
      from: readonly ServiceRequestStatus[],
      patch: RequestPatch,
      on: Db = db,
    ): Promise<RequestRow | null> {
      const [row] = await on
        .update(serviceRequests)
        .set(patch)
        .where(and(eq(serviceRequests.id, id), inArray(serviceRequests.status, [...from])))
        .returning();
      return row ?? null;
    },

    async update(id: string, patch: RequestPatch, on: Db = db): Promise<void> {
      await on.update(serviceRequests).set(patch).where(eq(serviceRequests.id, id));
    },

    /** Deletes a request that is not paid; false when it is gone or paid meanwhile. */
    async discard(accountId: string, id: string, on: Db = db): Promise<boolean> {
      const rows = await on
        .delete(serviceRequests)
        .where(
          and(
            eq(serviceRequests.accountId, accountId),
            eq(serviceRequests.id, id),
            sql`${serviceRequests.status} <> 'paid'`,
          ),
        )
        .returning({ id: serviceRequests.id });
      return rows.length > 0;
    },

    /** Claims telling the provider: true once, for the first caller. */
    async claimProviderNotice(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(serviceRequests)
        .set({ providerNotifiedAt: at })
        .where(and(eq(serviceRequests.id, id), isNull(serviceRequests.providerNotifiedAt)))
        .returning({ id: serviceRequests.id });
      return rows.length > 0;
    },

    async releaseProviderNotice(id: string): Promise<void> {
      await db.update(serviceRequests).set({ providerNotifiedAt: null }).where(eq(serviceRequests.id, id));
    },

    async provider(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(serviceProviders)
        .where(and(eq(serviceProviders.accountId, accountId), eq(serviceProviders.id, id)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type RequestsRepo = ReturnType<typeof createRequestsRepo>;
