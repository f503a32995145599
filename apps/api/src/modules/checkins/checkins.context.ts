import type { CheckinGuest } from '@posada/contracts/checkin-guest-data';
import type { CheckinDetail, CheckinLink, CheckinListItem } from '@posada/contracts/checkins';
import type { DeliverySummary } from '@posada/contracts/deliveries';
import { type Locale, locales } from '../../i18n/messages.ts';
import { checkinUrl, DOCUMENT_PURPOSE, openLinkToken } from './checkin-links.ts';
import { checkinsErrors } from './checkins.errors.ts';
import {
  type CheckinRow,
  createCheckinsRepo,
  type GuestRow,
  type ListRow,
  type PropertyRow,
} from './checkins.repo.ts';

import type { CheckinsDeps } from './checkins.service.ts';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const masked = (last4: string | null) => (last4 ? `****${last4}` : null);
const sexOf = (gender: string | null) => (gender === 'female' ? 'F' : gender === 'male' ? 'M' : null);
export const asLocale = (language: string): Locale =>
  (locales as readonly string[]).includes(language) ? (language as Locale) : 'es';

export type { CheckinRow, GuestRow, ListRow, PropertyRow };

/** What every part of the check-in module shares: the tenant checks, the views of a check-in and its link. */
export function createCheckinsContext(deps: CheckinsDeps) {
  const { db, secrets, logger } = deps;
  const repo = createCheckinsRepo({ db });

  const ownedProperty = async (accountId: string, id: string | undefined): Promise<PropertyRow> => {
    const row = await repo.propertyOf(accountId, id);
    if (!row) throw checkinsErrors.propertyNotFound();
    return row;
  };

  const ownedCheckin = async (accountId: string, id: string): Promise<CheckinRow> => {
    const row = await repo.checkinOf(accountId, id);
    if (!row) throw checkinsErrors.notFound();
    return row;
  };

  const ownedBooking = async (accountId: string, id: string | undefined) => {
    const row = await repo.bookingOf(accountId, id);
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

  function toItem(
    row: ListRow,
    fullDocument = false,
    lastMessage: DeliverySummary | null = null,
  ): CheckinListItem {
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
      link_expired: c.status === 'pending' && c.linkExpiresAt.getTime() <= deps.clock.now().getTime(),
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
      last_message: lastMessage,
    };
  }

  /** The latest link or reminder each check-in's guest was sent, as the delivery pipeline records it. */
  async function lastMessages(accountId: string, ids: string[], locale: Locale) {
    if (!deps.lastMessages || ids.length === 0) return new Map<string, DeliverySummary>();
    return deps.lastMessages(accountId, ids, locale).catch((err) => {
      logger.warn({ err }, 'checkins: the messages of the list were left out');
      return new Map<string, DeliverySummary>();
    });
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

  const { listBase } = repo;

  async function itemById(
    accountId: string,
    id: string,
    fullDocument = false,
    locale: Locale = 'es',
  ): Promise<CheckinListItem> {
    const row = await repo.listRowById(accountId, id);
    if (!row) throw checkinsErrors.notFound();
    return toItem(
      row,
      fullDocument,
      (await lastMessages(accountId, [row.checkin.id], locale)).get(row.checkin.id),
    );
  }

  async function detail(accountId: string, id: string, locale: Locale = 'es'): Promise<CheckinDetail> {
    await ownedCheckin(accountId, id);
    const item = await itemById(accountId, id, true, locale);
    const guests = await repo.guestsOf(accountId, id);
    return { ...item, guests: guests.map((g) => toGuest(g, id)) };
  }

  const fieldErrors = (errors: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter((e): e is [string, string] => !!e[1])
        .map(([field, key]) => [field, [key]]),
    );

  return {
    ownedProperty,
    ownedCheckin,
    ownedBooking,
    openDocument,
    linkOf,
    toItem,
    lastMessages,
    toGuest,
    listBase,
    itemById,
    detail,
    fieldErrors,
    iso,
    asLocale,
  };
}

export type CheckinsContext = ReturnType<typeof createCheckinsContext>;
