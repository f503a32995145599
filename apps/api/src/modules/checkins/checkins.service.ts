import type {
  CheckinListItem,
  CheckinsPage,
  checkinsHistoryQuery,
  checkinsQuery,
  HistoryPage,
} from '@posada/contracts/checkins';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid, containsPattern as likeTerm } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createCheckinDelivery } from './checkin-delivery.ts';
import { createCheckinPlanning } from './checkin-planning.ts';
import { createCheckinsContext, type ListRow, masked } from './checkins.context.ts';
import { checkinsErrors } from './checkins.errors.ts';
import { createManualCheckin } from './manual-checkin.ts';

/**
 * WhatsApp and SMS delivery (guest-checkin/messaging.ts). `send` answers false when the channel has no
 * provider configured; the link then goes by e-mail (and that is logged).
 */
export interface MessagingAdapter {
  send(message: { channel: 'whatsapp' | 'sms'; to: string; text: string }): Promise<boolean>;
}

export type RegistrationPdfRenderer = (
  input: import('../guest-checkin/registration-pdf.ts').RegistrationPdfInput,
) => Promise<Uint8Array>;

export interface CheckinsDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  mail: MailService;
  appUrl: string;
  logger: FastifyBaseLogger;
  messaging?: MessagingAdapter | null;
  renderPdf?: RegistrationPdfRenderer | null;
}

export type CheckinsService = ReturnType<typeof createCheckinsService>;

/**
 * The operator side of check-in (docs/checkins.md): list, history, detail, keys, link, send and manual
 * check-in, and the programmed check-in of every booking with the job that sends it (planning, delivery
 * and the manual check-in in their own files, composed here). Every query is
 * scoped to the caller's account: another account's ids are 404.
 */
export function createCheckinsService(deps: CheckinsDeps) {
  const ctx = createCheckinsContext(deps);
  const planning = createCheckinPlanning(deps, ctx);
  const { db, clock } = deps;
  const { ownedProperty, ownedCheckin, toItem, toGuest, listBase, itemById, detail, fieldErrors } = ctx;

  return {
    ...planning,

    async assertCheckin(tenant: Tenant, id: string) {
      await ownedCheckin(tenant.accountId, id);
    },

    /** GET /api/checkins: tabs, filters, server paging. */
    async list(tenant: Tenant, query: z.output<typeof checkinsQuery>): Promise<CheckinsPage> {
      const conditions: (SQL | undefined)[] = [eq(checkins.accountId, tenant.accountId)];
      if (query.property_id) {
        await ownedProperty(tenant.accountId, query.property_id);
        conditions.push(eq(checkins.propertyId, query.property_id));
      }
      if (query.tab === 'pending') conditions.push(eq(checkins.status, 'pending'));
      if (query.tab === 'complete') conditions.push(eq(checkins.status, 'complete'));
      // Today in each property's own time zone.
      const propertyToday = sql`(${clock.now().toISOString()}::timestamptz at time zone ${properties.timeZone})::date`;
      if (query.tab === 'today') conditions.push(sql`${checkins.startDate} = ${propertyToday}`);
      if (query.from) conditions.push(gte(checkins.startDate, query.from));
      if (query.to) conditions.push(lte(checkins.startDate, query.to));
      if (query.country) {
        conditions.push(
          sql`exists (select 1 from checkin_guests g where g.checkin_id = ${checkins.id} and g.country = ${query.country.toUpperCase()})`,
        );
      }
      const term = query.q?.trim();
      if (term) {
        const pattern = likeTerm(term);
        conditions.push(
          or(
            ilike(checkins.name, pattern),
            ilike(checkins.email, pattern),
            ilike(checkins.phone, pattern),
            ilike(bookings.code, pattern),
            sql`exists (select 1 from checkin_guests g where g.checkin_id = ${checkins.id} and (g.first_name || ' ' || g.last_name) ilike ${pattern})`,
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        listBase()
          .where(where)
          // Operators start from today (issue 13): today's arrivals, then the next ones nearest first,
          // then the past stays, most recent first.
          .orderBy(
            sql`case when ${checkins.startDate} >= ${propertyToday} then 0 else 1 end`,
            sql`case when ${checkins.startDate} >= ${propertyToday} then ${checkins.startDate} end asc`,
            desc(checkins.startDate),
            desc(checkins.createdAt),
            checkins.id,
          )
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db
          .select({ n: count() })
          .from(checkins)
          .innerJoin(properties, eq(properties.id, checkins.propertyId))
          .leftJoin(bookings, eq(bookings.id, checkins.bookingId))
          .where(where),
      ]);
      return {
        items: rows.map((r) => toItem(r as ListRow)),
        total: Number(total?.n ?? 0),
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** GET /api/checkins/history: the registered guests of completed check-ins (document masked). */
    async history(tenant: Tenant, query: z.output<typeof checkinsHistoryQuery>): Promise<HistoryPage> {
      const conditions: (SQL | undefined)[] = [
        eq(checkinGuests.accountId, tenant.accountId),
        eq(checkins.status, 'complete'),
      ];
      if (query.property_id) {
        await ownedProperty(tenant.accountId, query.property_id);
        conditions.push(eq(checkins.propertyId, query.property_id));
      }
      if (query.from) conditions.push(gte(checkins.startDate, query.from));
      if (query.to) conditions.push(lte(checkins.startDate, query.to));
      if (query.country) conditions.push(eq(checkinGuests.country, query.country.toUpperCase()));
      const where = and(...conditions);
      const base = () =>
        db
          .select({ guest: checkinGuests, checkin: checkins, propertyName: properties.nombre })
          .from(checkinGuests)
          .innerJoin(checkins, eq(checkins.id, checkinGuests.checkinId))
          .innerJoin(properties, eq(properties.id, checkins.propertyId));
      const [rows, [total]] = await Promise.all([
        base()
          .where(where)
          .orderBy(desc(checkins.startDate), desc(checkinGuests.createdAt), checkinGuests.id)
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db
          .select({ n: count() })
          .from(checkinGuests)
          .innerJoin(checkins, eq(checkins.id, checkinGuests.checkinId))
          .where(where),
      ]);
      return {
        items: rows.map((r) => ({
          ...toGuest(r.guest, r.checkin.id),
          document_number: masked(r.guest.documentLast4) ?? '',
          checkin_id: r.checkin.id,
          property_id: r.checkin.propertyId,
          property_name: r.propertyName,
          start_date: r.checkin.startDate,
          end_date: r.checkin.endDate,
        })),
        total: Number(total?.n ?? 0),
        page: query.page,
        page_size: query.page_size,
      };
    },

    detail: (tenant: Tenant, id: string) => detail(tenant.accountId, id),

    async registrationPdf(tenant: Tenant, id: string, guestId: string): Promise<Uint8Array> {
      await ownedCheckin(tenant.accountId, id);
      const [row] = isUuid(guestId)
        ? await db
            .select({ pdf: checkinGuests.registrationPdf })
            .from(checkinGuests)
            .where(
              and(
                eq(checkinGuests.id, guestId),
                eq(checkinGuests.checkinId, id),
                eq(checkinGuests.accountId, tenant.accountId),
              ),
            )
            .limit(1)
        : [];
      if (!row) throw checkinsErrors.guestNotFound();
      if (!row.pdf) throw checkinsErrors.pdfNotFound();
      return row.pdf;
    },

    async setKeys(tenant: Tenant, id: string, delivered: boolean): Promise<CheckinListItem> {
      await ownedCheckin(tenant.accountId, id);
      await db
        .update(checkins)
        .set({ keysDelivered: delivered })
        .where(and(eq(checkins.id, id), eq(checkins.accountId, tenant.accountId)));
      return itemById(tenant.accountId, id);
    },

    /**
     * The guest cap (issue 11): a check-in holds at most `expected_guests`. A booking's check-in changes
     * the booking's guest count with it, so re-planning the booking keeps the new number.
     */
    async setExpectedGuests(tenant: Tenant, id: string, expected: number): Promise<CheckinListItem> {
      const row = await ownedCheckin(tenant.accountId, id);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(checkins).where(eq(checkins.id, row.id)).for('update');
        const [registered] = await tx
          .select({ n: count() })
          .from(checkinGuests)
          .where(eq(checkinGuests.checkinId, row.id));
        if (expected < Number(registered?.n ?? 0)) {
          throw checkinsErrors.invalid(
            fieldErrors({ expected_guests: 'checkin.errors.guests_below_registered' }),
          );
        }
        await tx.update(checkins).set({ expectedGuests: expected }).where(eq(checkins.id, row.id));
        if (locked?.bookingId) {
          await tx
            .update(bookings)
            .set({ guests: expected })
            .where(and(eq(bookings.id, locked.bookingId), eq(bookings.accountId, tenant.accountId)));
        }
      });
      return itemById(tenant.accountId, id);
    },

    ...createCheckinDelivery(deps, ctx, planning),
    ...createManualCheckin(deps, ctx, planning),
  };
}
