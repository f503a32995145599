import type { CheckinGuest } from '@posada/contracts/checkin-guest-data';
import type {
  CheckinDetail,
  CheckinLink,
  CheckinListItem,
  CheckinsPage,
  checkinsHistoryQuery,
  checkinsQuery,
  HistoryPage,
  manualCheckinBody,
  ProgrammedCheckin,
  SendCheckinData,
  sendCheckinBody,
} from '@posada/contracts/checkins';
import {
  departsAfterArrival,
  isIsoDate,
  PHONE_MIN_DIGITS,
  phoneDigits,
  todayIn,
} from '@posada/domain/booking-rules';
import {
  guestDataErrors,
  isValidEmail,
  normalizeDocumentNumber,
  purgeDate,
  sendContactRequired,
} from '@posada/domain/checkin-rules';
import { normalizePhone } from '@posada/domain/phone';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { type CheckinChannel, checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid, containsPattern as likeTerm } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { lookupPostalCode, municipalityFor } from '../guest-checkin/postal-codes.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  checkinUrl,
  createProgrammedCheckin,
  DOCUMENT_PURPOSE,
  linkExpiry,
  newCheckinLink,
  openLinkToken,
  programmedPlan,
} from './checkin-links.ts';
import { checkinsErrors } from './checkins.errors.ts';

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

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const masked = (last4: string | null) => (last4 ? `****${last4}` : null);
const sexOf = (gender: string | null) => (gender === 'female' ? 'F' : gender === 'male' ? 'M' : null);
const asLocale = (language: string): Locale =>
  (locales as readonly string[]).includes(language) ? (language as Locale) : 'es';

type CheckinRow = typeof checkins.$inferSelect;
type GuestRow = typeof checkinGuests.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

const lead = alias(checkinGuests, 'lead');

const listColumns = {
  checkin: checkins,
  propertyName: properties.nombre,
  timeZone: properties.timeZone,
  bookingCode: bookings.code,
  leadFirstName: lead.firstName,
  leadLastName: lead.lastName,
  leadCountry: lead.country,
  leadBirthDate: lead.birthDate,
  leadGender: lead.gender,
  leadDocumentType: lead.documentType,
  leadDocumentLast4: lead.documentLast4,
  leadId: lead.id,
  leadSealed: lead.documentNumberSealed,
  registered: sql<number>`(select count(*)::int from checkin_guests g where g.checkin_id = ${checkins.id})`,
};

type ListRow = {
  checkin: CheckinRow;
  propertyName: string;
  timeZone: string;
  bookingCode: string | null;
  leadFirstName: string | null;
  leadLastName: string | null;
  leadCountry: string | null;
  leadBirthDate: string | null;
  leadGender: string | null;
  leadDocumentType: string | null;
  leadDocumentLast4: string | null;
  leadId: string | null;
  leadSealed: string | null;
  registered: number;
};

/**
 * The operator side of check-in (docs/checkins.md): list, history, detail, keys, link, send and manual
 * check-in, and the programmed check-in of every booking with the job that sends it. Every query is
 * scoped to the caller's account: another account's ids are 404.
 */
export function createCheckinsService(deps: CheckinsDeps) {
  const { db, clock, secrets, logger } = deps;

  const ownedProperty = async (accountId: string, id: string | undefined): Promise<PropertyRow> => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(properties)
          .where(and(eq(properties.id, id), eq(properties.accountId, accountId)))
          .limit(1)
      : [];
    if (!row) throw checkinsErrors.propertyNotFound();
    return row;
  };

  const ownedCheckin = async (accountId: string, id: string): Promise<CheckinRow> => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(checkins)
          .where(and(eq(checkins.id, id), eq(checkins.accountId, accountId)))
          .limit(1)
      : [];
    if (!row) throw checkinsErrors.notFound();
    return row;
  };

  const ownedBooking = async (accountId: string, id: string | undefined) => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, id), eq(bookings.accountId, accountId)))
          .limit(1)
      : [];
    if (!row) throw checkinsErrors.bookingNotFound();
    return row;
  };

  const openDocument = (guestId: string, sealed: string): string => {
    try {
      return secrets.open(sealed, DOCUMENT_PURPOSE, guestId);
    } catch (err) {
      logger.error({ err, guestId }, 'checkins: a document number does not open');
      return '';
    }
  };

  const linkOf = (row: CheckinRow): CheckinLink => ({
    url: checkinUrl(deps.appUrl, row.propertyId, openLinkToken(secrets, row.id, row.linkTokenSealed)),
    expires_at: row.linkExpiresAt.toISOString(),
    qr_svg: null,
  });

  function toItem(row: ListRow, fullDocument = false): CheckinListItem {
    const c = row.checkin;
    const docType = row.leadDocumentType;
    const [first = '', ...rest] = c.name.split(' ');
    return {
      id: c.id,
      status: c.status,
      origin: c.origin,
      property_id: c.propertyId,
      property_name: row.propertyName,
      booking_id: c.bookingId,
      booking_code: row.bookingCode,
      name: c.name,
      email: c.email,
      phone: c.phone,
      language: c.language,
      start_date: c.startDate,
      end_date: c.endDate,
      guests_registered: Number(row.registered),
      guests_expected: c.expectedGuests,
      keys_delivered: c.keysDelivered,
      channel: c.sendChannel,
      scheduled_for: iso(c.scheduledFor),
      sent_at: iso(c.sentAt),
      opened_at: iso(c.openedAt),
      completed_at: iso(c.completedAt),
      created_at: c.createdAt.toISOString(),
      nombre: row.leadFirstName ?? first,
      apellido: row.leadLastName ?? rest.join(' '),
      cliente: {
        whatsapp: c.phone,
        fecha_desde_hospedaje: c.startDate,
        fecha_hospedaje: c.endDate,
        pais_code: row.leadCountry,
        date_of_birth: row.leadBirthDate,
        sex: sexOf(row.leadGender),
      },
      type_documento: docType ? (docType === 'passport' ? 'P' : 'ID') : null,
      nu_documento:
        fullDocument && row.leadId && row.leadSealed
          ? openDocument(row.leadId, row.leadSealed)
          : masked(row.leadDocumentLast4),
      programmed: { id: c.id, cantidad_payment: c.depositAmount },
    };
  }

  const toGuest = (g: GuestRow, checkinId: string): CheckinGuest => ({
    id: g.id,
    is_lead: g.isLead,
    first_name: g.firstName,
    last_name: g.lastName,
    gender: g.gender,
    birth_date: g.birthDate,
    phone: g.phone,
    email: g.email,
    document_type: g.documentType,
    document_number: openDocument(g.id, g.documentNumberSealed),
    issue_date: g.issueDate ?? '',
    expiry_date: g.expiryDate ?? '',
    support_number: g.supportNumber,
    nationality: g.nationality,
    country: g.country,
    address: g.address,
    city: g.city,
    postal_code: g.postalCode,
    residence_country: g.residenceCountry,
    payment_method: g.paymentMethod ?? '',
    payment_date: g.paymentDate ?? '',
    minors: g.minors,
    kinship: g.kinship ?? null,
    process: g.process,
    province: g.province,
    municipality: g.municipality,
    face_score: g.faceScore,
    face_match: g.faceMatch,
    has_signature: !!g.signature,
    pdf_url: g.registrationPdf ? `/api/checkins/${checkinId}/guests/${g.id}/registration.pdf` : null,
    created_at: g.createdAt.toISOString(),
  });

  const listBase = () =>
    db
      .select(listColumns)
      .from(checkins)
      .innerJoin(properties, eq(properties.id, checkins.propertyId))
      .leftJoin(bookings, eq(bookings.id, checkins.bookingId))
      .leftJoin(lead, and(eq(lead.checkinId, checkins.id), eq(lead.isLead, true)));

  async function itemById(accountId: string, id: string, fullDocument = false): Promise<CheckinListItem> {
    const [row] = await listBase()
      .where(and(eq(checkins.accountId, accountId), eq(checkins.id, id)))
      .limit(1);
    if (!row) throw checkinsErrors.notFound();
    return toItem(row as ListRow, fullDocument);
  }

  async function detail(accountId: string, id: string): Promise<CheckinDetail> {
    await ownedCheckin(accountId, id);
    const item = await itemById(accountId, id, true);
    const guests = await db
      .select()
      .from(checkinGuests)
      .where(and(eq(checkinGuests.checkinId, id), eq(checkinGuests.accountId, accountId)))
      .orderBy(desc(checkinGuests.isLead), checkinGuests.createdAt);
    return { ...item, guests: guests.map((g) => toGuest(g, id)) };
  }

  /** The message with the link, in the guest's language, on the channel asked for. */
  async function deliver(row: CheckinRow, propertyName: string, channel: CheckinChannel): Promise<boolean> {
    if (channel === 'qr' || channel === 'log') return false;
    const locale = asLocale(row.language);
    const params = {
      name: row.name,
      property: propertyName,
      url: linkOf(row).url,
      start: row.startDate,
      end: row.endDate,
    };
    const text = translate(locale, 'checkin.mail.text', params);
    if ((channel === 'whatsapp' || channel === 'sms') && deps.messaging && row.phone) {
      if (await deps.messaging.send({ channel, to: row.phone, text })) return true;
    }
    if (channel !== 'email') {
      logger.info(
        { checkin: row.id, channel },
        'checkins: no messaging adapter configured; the link goes by e-mail instead',
      );
    }
    if (!row.email) {
      logger.warn({ checkin: row.id, channel }, 'checkins: no e-mail address; the link was not sent');
      return false;
    }
    await deps.mail.send({
      to: row.email,
      subject: translate(locale, 'checkin.mail.subject', params),
      text,
    });
    return true;
  }

  const fieldErrors = (errors: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter((e): e is [string, string] => !!e[1])
        .map(([field, key]) => [field, [key]]),
    );

  /** Creates or re-plans the programmed check-in of a booking (create, update, pause, activate, cancel). */
  async function planForBooking(accountId: string, bookingId: string): Promise<CheckinRow | null> {
    const [found] = await db
      .select({ booking: bookings, property: properties })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, accountId)))
      .limit(1);
    if (!found) return null;
    const { booking, property } = found;
    const [existing] = await db.select().from(checkins).where(eq(checkins.bookingId, bookingId)).limit(1);
    const sending = booking.status !== 'cancelled' && !booking.paused;
    const plan = programmedPlan(booking, property);
    if (!existing) {
      if (booking.status === 'cancelled') return null;
      const row = await createProgrammedCheckin(db, secrets, booking, property, clock.now());
      if (sending) return row;
      const [cleared] = await db
        .update(checkins)
        .set({ scheduledFor: null })
        .where(eq(checkins.id, row.id))
        .returning();
      return cleared ?? row;
    }
    const arrivalMoved = existing.startDate !== booking.startDate;
    const pending = existing.status === 'pending';
    const [updated] = await db
      .update(checkins)
      .set({
        propertyId: booking.propertyId,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        startDate: booking.startDate,
        endDate: booking.endDate,
        expectedGuests: booking.guests,
        linkExpiresAt: linkExpiry(booking.endDate, property.timeZone),
        purgeAfter: purgeDate(booking.endDate),
        ...(pending
          ? {
              schedule: plan.schedule,
              scheduledFor: sending ? plan.scheduledFor : null,
              sendChannel: plan.sendChannel,
              // A moved arrival sends the link again for the new dates.
              ...(arrivalMoved ? { sentAt: null } : {}),
            }
          : {}),
      })
      .where(eq(checkins.id, existing.id))
      .returning();
    return updated ?? existing;
  }

  return {
    planForBooking,

    /** Never throws: a booking change must not fail because its check-in could not be re-planned. */
    async replan(accountId: string, bookingId: string): Promise<void> {
      try {
        await planForBooking(accountId, bookingId);
      } catch (err) {
        logger.error({ err, bookingId }, 'checkins: the programmed check-in could not be re-planned');
      }
    },

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

    async link(tenant: Tenant, id: string): Promise<CheckinLink> {
      return linkOf(await ownedCheckin(tenant.accountId, id));
    },

    /**
     * POST /api/checkins/{id}/resend: the link of a pending check-in again, on the channel it was planned
     * or sent on (e-mail when that was a QR code).
     */
    async resend(tenant: Tenant, id: string): Promise<SendCheckinData> {
      const row = await ownedCheckin(tenant.accountId, id);
      if (row.status === 'complete') throw checkinsErrors.alreadyComplete();
      const property = await ownedProperty(tenant.accountId, row.propertyId);
      const channel = row.sendChannel === 'whatsapp' || row.sendChannel === 'sms' ? row.sendChannel : 'email';
      const sent = await deliver(row, property.nombre, channel);
      if (sent) await db.update(checkins).set({ sentAt: clock.now() }).where(eq(checkins.id, row.id));
      return { checkin: await itemById(tenant.accountId, row.id), link: linkOf(row), sent };
    },

    /** POST /api/checkins/send (checkinPrevie, checkinPrevieLink). */
    async send(tenant: Tenant, input: z.output<typeof sendCheckinBody>): Promise<SendCheckinData> {
      const errors: Record<string, string> = {};
      const required = 'checkin.errors.required';
      if (!input.property_id) errors.property_id = required;
      if (!input.name) errors.name = required;
      const needs = sendContactRequired(input.channel);
      if (!input.phone) {
        if (needs.phone) errors.phone = required;
      } else if (phoneDigits(input.phone) < PHONE_MIN_DIGITS) errors.phone = 'checkin.errors.phone';
      if (!input.email) {
        if (needs.email) errors.email = required;
      } else if (!isValidEmail(input.email)) errors.email = 'checkin.errors.email';
      const booking = input.booking_id ? await ownedBooking(tenant.accountId, input.booking_id) : null;
      if (!booking) {
        if (!isIsoDate(input.start_date))
          errors.start_date = input.start_date ? 'checkin.errors.date' : required;
        if (!isIsoDate(input.end_date)) errors.end_date = input.end_date ? 'checkin.errors.date' : required;
        // The bookings' rule (spec 5): at least one night.
        else if (!errors.start_date && !departsAfterArrival(input.start_date, input.end_date))
          errors.end_date = 'checkin.errors.departure_after_arrival';
      }
      if (Object.keys(errors).length > 0) throw checkinsErrors.invalid(fieldErrors(errors));
      const property = await ownedProperty(tenant.accountId, booking?.propertyId ?? input.property_id);

      const contact = {
        name: input.name,
        email: input.email.toLowerCase(),
        phone: normalizePhone(input.phone, 'ES') ?? input.phone,
        language: input.language,
      };
      let row: CheckinRow;
      if (booking) {
        const planned = await planForBooking(tenant.accountId, booking.id);
        if (!planned) throw checkinsErrors.bookingNotFound();
        const [updated] = await db
          .update(checkins)
          .set({ ...contact, ...(input.channel === 'qr' ? {} : { sendChannel: input.channel }) })
          .where(eq(checkins.id, planned.id))
          .returning();
        row = updated ?? planned;
      } else {
        const id = crypto.randomUUID();
        const link = newCheckinLink(secrets, id);
        const [created] = await db
          .insert(checkins)
          .values({
            id,
            accountId: tenant.accountId,
            propertyId: property.id,
            ...contact,
            startDate: input.start_date,
            endDate: input.end_date,
            expectedGuests: input.guests,
            linkTokenHash: link.hash,
            linkTokenSealed: link.sealed,
            linkExpiresAt: linkExpiry(input.end_date, property.timeZone),
            sendChannel: input.channel,
            origin: 'send',
            purgeAfter: purgeDate(input.end_date),
            createdAt: clock.now(),
          })
          .returning();
        if (!created) throw new Error('checkins: the check-in was not created');
        row = created;
      }
      const sent = await deliver(row, property.nombre, input.channel);
      if (sent) await db.update(checkins).set({ sentAt: clock.now() }).where(eq(checkins.id, row.id));
      return { checkin: await itemById(tenant.accountId, row.id), link: linkOf(row), sent };
    },

    /** POST /api/checkins/manual (checkinManual): a complete check-in with one guest, or 422 and nothing saved. */
    async manual(tenant: Tenant, input: z.output<typeof manualCheckinBody>): Promise<CheckinDetail> {
      const property = input.property_id ? await ownedProperty(tenant.accountId, input.property_id) : null;
      const booking = input.booking_id ? await ownedBooking(tenant.accountId, input.booking_id) : null;
      const guest = input.guest;
      const today = todayIn(property?.timeZone ?? 'Europe/Madrid', clock.now());
      const ruleErrors = guestDataErrors(
        {
          ...guest,
          kinship: guest.kinship ?? null,
          arrival: input.start_date,
          departure: input.end_date,
        },
        { today, form: 'manual' },
      );
      const errors: Record<string, string> = {};
      for (const [field, key] of Object.entries(ruleErrors)) {
        if (!key) continue;
        const name =
          field === 'arrival' ? 'start_date' : field === 'departure' ? 'end_date' : `guest.${field}`;
        errors[name] = `checkin.${key}`;
      }
      // spec 5: a Spanish postal code must exist in the records (the guest flow's dataset).
      const spanish = guest.residence_country.trim().toUpperCase() === 'ES';
      const postal =
        spanish && guest.postal_code && !errors['guest.postal_code']
          ? lookupPostalCode(guest.postal_code)
          : null;
      if (spanish && guest.postal_code && !errors['guest.postal_code'] && !postal) {
        errors['guest.postal_code'] = 'checkin.errors.postal_code_unknown';
      }
      // The shared rules stop at the first missing stay date; the form marks both.
      if (!input.end_date) errors.end_date ??= 'checkin.errors.required';
      if (!property) errors.property_id = 'checkin.errors.required';
      if (!input.accepted_terms) errors.accepted_terms = 'checkin.errors.accepted_terms';
      if (Object.keys(errors).length > 0 || !property) throw checkinsErrors.invalid(fieldErrors(errors));

      const now = clock.now();
      const documentNumber = normalizeDocumentNumber(guest.document_number);
      const pdf = deps.renderPdf
        ? await deps
            .renderPdf({
              language: 'es',
              property: {
                name: property.nombre,
                address: property.address ?? '',
                city: property.city ?? undefined,
                postalCode: property.zipCode ?? undefined,
                country: property.pais,
              },
              stay: { arrival: input.start_date, departure: input.end_date },
              guest: {
                firstName: guest.first_name,
                lastName: guest.last_name,
                gender: guest.gender,
                birthDate: guest.birth_date,
                nationality: guest.nationality,
                documentType: guest.document_type,
                documentNumber,
                supportNumber: guest.support_number,
                issueDate: guest.issue_date || null,
                expiryDate: guest.expiry_date || null,
                phone: guest.phone,
                email: guest.email,
                address: guest.address,
                city: guest.city,
                postalCode: guest.postal_code,
                province: null,
                municipality: null,
                country: guest.country,
                residenceCountry: guest.residence_country,
                minors: !!guest.minors,
                kinship: guest.kinship || null,
                paymentMethod: guest.payment_method || null,
                paymentDate: guest.payment_date || null,
                isLead: true,
              },
              signature: guest.signature.startsWith('data:image/png;base64,') ? guest.signature : null,
              signedAt: now,
              signedPlace: property.city ?? property.nombre,
            })
            .catch((err) => {
              logger.error({ err }, 'checkins: the registration card could not be rendered');
              return null;
            })
        : null;

      const checkinId = await db.transaction(async (tx) => {
        let id: string;
        if (booking) {
          // The booking's programmed check-in becomes the complete one.
          const planned = await planForBooking(tenant.accountId, booking.id);
          id = planned?.id ?? crypto.randomUUID();
        } else {
          id = crypto.randomUUID();
        }
        const stay = {
          accountId: tenant.accountId,
          propertyId: property.id,
          name: `${guest.first_name} ${guest.last_name}`.trim(),
          email: guest.email.toLowerCase(),
          phone: normalizePhone(guest.phone, 'ES') ?? guest.phone,
          startDate: input.start_date,
          endDate: input.end_date,
          status: 'complete' as const,
          completedAt: now,
          scheduledFor: null,
          linkExpiresAt: linkExpiry(input.end_date, property.timeZone),
          purgeAfter: purgeDate(input.end_date),
        };
        const existing = booking
          ? (await tx.select({ id: checkins.id }).from(checkins).where(eq(checkins.id, id)).limit(1))[0]
          : undefined;
        if (existing) {
          await tx.update(checkins).set(stay).where(eq(checkins.id, id));
        } else {
          const link = newCheckinLink(secrets, id);
          await tx.insert(checkins).values({
            id,
            ...stay,
            bookingId: booking?.id ?? null,
            linkTokenHash: link.hash,
            linkTokenSealed: link.sealed,
            origin: 'manual',
            createdAt: now,
          });
        }
        const guestId = crypto.randomUUID();
        await tx.insert(checkinGuests).values({
          id: guestId,
          checkinId: id,
          accountId: tenant.accountId,
          isLead: true,
          firstName: guest.first_name,
          lastName: guest.last_name,
          gender: guest.gender as GuestRow['gender'],
          birthDate: guest.birth_date,
          phone: guest.phone,
          email: guest.email.toLowerCase(),
          documentType: guest.document_type as GuestRow['documentType'],
          documentNumberSealed: secrets.seal(documentNumber, DOCUMENT_PURPOSE, guestId),
          documentLast4: documentNumber.slice(-4),
          issueDate: guest.issue_date || null,
          expiryDate: guest.expiry_date || null,
          supportNumber: normalizeDocumentNumber(guest.support_number),
          nationality: guest.nationality.toUpperCase(),
          country: guest.country.toUpperCase(),
          address: guest.address,
          city: guest.city,
          postalCode: guest.postal_code,
          province: postal?.province ?? null,
          municipality: postal ? municipalityFor(postal, guest.city) : null,
          residenceCountry: guest.residence_country.toUpperCase(),
          paymentMethod: guest.payment_method || null,
          paymentDate: guest.payment_date || null,
          minors: !!guest.minors,
          kinship: guest.kinship || null,
          signature: guest.signature || null,
          registrationPdf: pdf,
          process: 'operator_manual',
          createdAt: now,
        });
        return id;
      });
      return detail(tenant.accountId, checkinId);
    },

    /** GET /api/retrieve-programmed-checkin (spec 7). */
    async programmed(tenant: Tenant, bookingId: string): Promise<ProgrammedCheckin> {
      const booking = await ownedBooking(tenant.accountId, bookingId);
      let [row] = await db.select().from(checkins).where(eq(checkins.bookingId, booking.id)).limit(1);
      // Bookings imported or seeded before check-ins existed get their plan on first sight.
      row ??= (await planForBooking(tenant.accountId, booking.id)) ?? undefined;
      if (!row) {
        return {
          checkin_id: null,
          schedule: null,
          scheduled_for: null,
          channel: null,
          sent_at: null,
          opened_at: null,
          completed_at: null,
          status: 'disabled',
        };
      }
      const disabled =
        row.status === 'pending' && !row.sentAt && (row.scheduledFor === null || booking.paused);
      return {
        checkin_id: row.id,
        schedule: row.schedule,
        scheduled_for: iso(row.scheduledFor),
        channel: row.sendChannel,
        sent_at: iso(row.sentAt),
        opened_at: iso(row.openedAt),
        completed_at: iso(row.completedAt),
        status: disabled ? 'disabled' : row.status,
      };
    },

    /**
     * The checkin.send job: every programmed check-in due now and not sent goes out on its channel. The
     * booking is read again here, so a paused or cancelled one is never sent whatever the plan says.
     */
    async sendDue(limit = 200): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ checkin: checkins, propertyName: properties.nombre })
        .from(checkins)
        .innerJoin(properties, eq(properties.id, checkins.propertyId))
        .innerJoin(bookings, eq(bookings.id, checkins.bookingId))
        .where(
          and(
            isNotNull(checkins.scheduledFor),
            lte(checkins.scheduledFor, now),
            isNull(checkins.sentAt),
            eq(checkins.status, 'pending'),
            eq(bookings.paused, false),
            sql`${bookings.status} <> 'cancelled'`,
            sql`${checkins.linkExpiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(checkins.scheduledFor)
        .limit(limit);
      let sent = 0;
      for (const { checkin, propertyName } of due) {
        // Claim first: jobs run at least once, and a second run must not send the link twice.
        const [claimed] = await db
          .update(checkins)
          .set({ sentAt: now })
          .where(and(eq(checkins.id, checkin.id), isNull(checkins.sentAt)))
          .returning();
        if (!claimed) continue;
        try {
          const delivered = await deliver(claimed, propertyName, claimed.sendChannel ?? 'email');
          if (delivered) sent++;
          else await db.update(checkins).set({ scheduledFor: null }).where(eq(checkins.id, checkin.id));
        } catch (err) {
          logger.error({ err, checkin: checkin.id }, 'checkins: the programmed link could not be sent');
          await db.update(checkins).set({ sentAt: null }).where(eq(checkins.id, checkin.id));
        }
      }
      return sent;
    },

    /** The checkins.purge job (RD 933/2021): check-ins (and their guests) past their purge date. */
    async purge(): Promise<number> {
      const today = clock.now().toISOString().slice(0, 10);
      const gone = await db
        .delete(checkins)
        .where(lt(checkins.purgeAfter, today))
        .returning({ id: checkins.id });
      return gone.length;
    },
  };
}
