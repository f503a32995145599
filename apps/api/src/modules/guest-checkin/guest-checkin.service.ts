import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  CheckinCodeBody,
  ConfirmVerificationBody,
  FinishCheckinData,
  GuestCheckinSummary,
  GuestPrefill,
  GuestServicesData,
  GuestSession,
  PostalCodeData,
  RegisteredGuest,
  registerGuestBody,
  SendVerificationBody,
  StartCheckinBody,
  StartCheckinData,
  VerificationChannel,
  VerificationPlan,
  VerificationSent,
} from '@posada/contracts/guest-checkin';
import { PHONE_MIN_DIGITS, phoneDigits, todayIn } from '@posada/domain/booking-rules';
import {
  guestDataErrors,
  isValidEmail,
  normalizeDocumentNumber,
  purgeDate,
} from '@posada/domain/checkin-rules';
import { maskContact } from '@posada/domain/contact-mask';
import { normalizePhone } from '@posada/domain/phone';
import { isHotelType } from '@posada/domain/property-types';
import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins, checkinVerificationCodes } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { roomTypes } from '../../db/schema/rooms.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import {
  createProgrammedCheckin,
  DOCUMENT_PURPOSE,
  hashLinkToken,
  linkExpiry,
  newCheckinLink,
} from '../checkins/checkin-links.ts';
import { isPngDataUrl } from '../files/decode.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from '../notifications/notifications.service.ts';
import type { AttemptCounter } from './code-attempts.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import type { MessageSender } from './messaging.ts';
import { lookupPostalCode, municipalityFor } from './postal-codes.ts';
import { renderRegistrationPdf } from './registration-pdf.ts';
import type { SessionClaims, SessionSigner } from './session.ts';

type PropertyRow = typeof properties.$inferSelect;
type CheckinRow = typeof checkins.$inferSelect;
type GuestBody = z.output<typeof registerGuestBody>;

export const CODE_ATTEMPTS = 5;
/** Wrong codes from one address on one property within an hour, across sessions. */
export const CODE_ATTEMPTS_PER_ADDRESS = 20;
export const VERIFICATION_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_ATTEMPTS = 5;
export const VERIFICATION_SENDS = 3;

const sameCode = (a: string | null | undefined, b: string) =>
  Boolean(a) && (a as string).trim().toLowerCase() === b.trim().toLowerCase();

/** "Calle Mayor 1, 01001, Vitoria-Gasteiz": postal code and city added unless the address already has them. */
const addressOf = (p: { address: string | null; zipCode: string | null; city: string | null }) => {
  const address = p.address?.trim() ?? '';
  const extra = [p.zipCode, p.city]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part && !address.toLowerCase().includes(part.toLowerCase()));
  return [address, ...extra].filter(Boolean).join(', ');
};

/** Whether `value` can take a code on `channel`: an e-mail address, or a phone of enough digits. */
const reachable = (channel: VerificationChannel, value: string) =>
  channel === 'email' ? isValidEmail(value) : phoneDigits(value) >= PHONE_MIN_DIGITS;

interface Loaded {
  claims: SessionClaims;
  property: PropertyRow;
  checkin: CheckinRow | null;
}

export interface GuestCheckinService {
  start(body: StartCheckinBody & { language: Locale }, address: string): Promise<StartCheckinData>;
  code(token: string | undefined, body: CheckinCodeBody, address: string): Promise<GuestSession>;
  sendVerification(token: string | undefined, body: SendVerificationBody): Promise<VerificationSent>;
  confirmVerification(token: string | undefined, body: ConfirmVerificationBody): Promise<GuestSession>;
  postalCode(code: string): PostalCodeData;
  registerGuest(token: string | undefined, body: GuestBody): Promise<RegisteredGuest>;
  finish(token: string | undefined): Promise<FinishCheckinData>;
  summary(token: string | undefined, checkinId: string): Promise<GuestCheckinSummary>;
  services(propertyId: string, checkinId: string): Promise<GuestServicesData>;
  verificationChannels(): VerificationChannel[];
}

export function createGuestCheckinService(deps: {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  signer: SessionSigner;
  attempts: AttemptCounter;
  appSecret: string;
  senders: Partial<Record<VerificationChannel, MessageSender>>;
  /** checkin.completed is recorded with the completion (the operator's lists reload). */
  events?: EventProducer;
  /** The bell; defaults to one on `db`. */
  notifications?: NotificationsService;
}): GuestCheckinService {
  const { db, clock } = deps;
  const bell = deps.notifications ?? createNotificationsService({ db, clock });
  const codeKey = Buffer.from(
    hkdfSync(
      'sha256',
      deps.appSecret,
      Buffer.from('posada/checkin-code/v1'),
      'posada:checkin.verification',
      32,
    ),
  );
  // Keyed, so a leaked table does not give the 6-digit codes away by trying the million candidates.
  const hashCode = (checkinId: string, code: string) =>
    createHmac('sha256', codeKey).update(`${checkinId}:${code}`).digest('hex');

  const propertyById = async (id: string) =>
    isUuid(id)
      ? ((await db.select().from(properties).where(eq(properties.id, id)).limit(1))[0] ?? null)
      : null;
  const checkinById = async (id: string) =>
    (await db.select().from(checkins).where(eq(checkins.id, id)).limit(1))[0] ?? null;

  const guestCount = async (checkinId: string) =>
    Number(
      (await db.select({ n: count() }).from(checkinGuests).where(eq(checkinGuests.checkinId, checkinId)))[0]
        ?.n ?? 0,
    );

  const summaryOf = async (property: PropertyRow, row: CheckinRow): Promise<GuestCheckinSummary> => ({
    id: row.id,
    propiedad_id: row.propertyId,
    property_name: property.nombre,
    start_date: row.startDate,
    end_date: row.endDate,
    expected_guests: row.expectedGuests,
    registered_guests: await guestCount(row.id),
    lead_name: row.name,
    status: row.status,
    language: row.language,
    property_address: addressOf(property),
  });

  const usable = (property: PropertyRow, checkin: CheckinRow | null) => {
    if (!property.active) throw errors.accommodationDisabled();
    if (checkin && checkin.linkExpiresAt.getTime() <= clock.now().getTime()) throw errors.linkExpired();
  };

  const load = async (token: string | undefined): Promise<Loaded> => {
    const claims = token ? deps.signer.verify(token, clock.now()) : null;
    if (!claims) throw errors.sessionInvalid();
    const property = await propertyById(claims.propertyId);
    if (!property) throw errors.notFound();
    const checkin = claims.checkinId ? await checkinById(claims.checkinId) : null;
    if (claims.checkinId && (!checkin || checkin.propertyId !== property.id)) throw errors.notFound();
    usable(property, checkin);
    return { claims, property, checkin };
  };

  /** The stay's own contact: the check-in's, else its booking's (imported bookings may lack one). */
  const stayContact = async (checkin: CheckinRow) => {
    let email = checkin.email.trim();
    let phone = checkin.phone.trim();
    if ((!email || !phone) && checkin.bookingId) {
      const [booking] = await db
        .select({ email: bookings.email, phone: bookings.phone })
        .from(bookings)
        .where(eq(bookings.id, checkin.bookingId))
        .limit(1);
      email ||= booking?.email.trim() ?? '';
      phone ||= booking?.phone.trim() ?? '';
    }
    return {
      email: reachable('email', email) ? email : '',
      phone: reachable('sms', phone) ? phone : '',
      // A walk-in made with the security code has no booking and no contact: the guest gives one.
      guestGives: !checkin.bookingId && !email && !phone,
    };
  };
  const contactFor = (channel: VerificationChannel, contact: { email: string; phone: string }) =>
    channel === 'email' ? contact.email : contact.phone;

  const verificationPlan = async (checkin: CheckinRow): Promise<VerificationPlan> => {
    const contact = await stayContact(checkin);
    return {
      guest_contact: contact.guestGives,
      channels: channelsOn().map((channel) => {
        const value = contact.guestGives ? '' : contactFor(channel, contact);
        return { channel, destination: value ? maskContact(channel, value) : null };
      }),
    };
  };

  const sessionAnswer = async (
    claims: Omit<SessionClaims, 'exp' | 'sid'> & { sid?: string },
    property: PropertyRow,
    checkin: CheckinRow | null,
  ): Promise<GuestSession> => {
    const issued = deps.signer.issue(claims, clock.now());
    return {
      session: issued.token,
      expires_at: new Date(issued.claims.exp).toISOString(),
      verified: { code: issued.claims.code, messaging: issued.claims.messaging },
      checkin: checkin ? await summaryOf(property, checkin) : null,
      // Only a session that passed the code step learns where the code goes (masked).
      verification: checkin && issued.claims.code ? await verificationPlan(checkin) : null,
      prefill: checkin && issued.claims.code ? await prefillOf(checkin) : null,
    };
  };

  /** issue 13: the lead guest's name and contact as the operator entered them, until a guest registers. */
  const prefillOf = async (checkin: CheckinRow): Promise<GuestPrefill | null> => {
    if ((await guestCount(checkin.id)) > 0) return null;
    const contact = await stayContact(checkin);
    const [first = '', ...rest] = checkin.name.trim().split(/\s+/);
    return { first_name: first, last_name: rest.join(' '), email: contact.email, phone: contact.phone };
  };

  /**
   * A walk-in has no booking to count its guests: it holds the property's capacity (a hotel's or a
   * camping's largest room type), which the operator can raise.
   */
  const walkInCapacity = async (property: PropertyRow) => {
    if (!isHotelType(property.tipoPropiedad)) return Math.max(property.guests, 1);
    const [row] = await db
      .select({ most: sql<number | null>`max(${roomTypes.adults} + ${roomTypes.children})` })
      .from(roomTypes)
      .where(eq(roomTypes.propertyId, property.id));
    return Math.max(Number(row?.most ?? 0), property.guests, 1);
  };

  /** A walk-in (QR code + the property's security code): dates come with the first guest. */
  const createWalkIn = async (property: PropertyRow, language: string): Promise<CheckinRow> => {
    const id = randomUUID();
    const expectedGuests = await walkInCapacity(property);
    const link = newCheckinLink(deps.secrets, id);
    const today = todayIn(property.timeZone, clock.now());
    const [row] = await db
      .insert(checkins)
      .values({
        id,
        accountId: property.accountId,
        propertyId: property.id,
        // Nameless until the lead guest registers: that is how a walk-in is told from an operator's send.
        name: '',
        language,
        startDate: today,
        endDate: today,
        expectedGuests,
        linkTokenHash: link.hash,
        linkTokenSealed: link.sealed,
        linkExpiresAt: linkExpiry(today, property.timeZone),
        sendChannel: 'qr',
        origin: 'send',
        purgeAfter: purgeDate(today),
        createdAt: clock.now(),
      })
      .returning();
    if (!row) throw new Error('guest check-in: walk-in not created');
    return row;
  };

  /** A registered check-in code of the property: a check-in's own code, or a booking code. */
  const checkinByCode = async (property: PropertyRow, code: string): Promise<CheckinRow | null> => {
    const wanted = code.trim().toLowerCase();
    const [own] = await db
      .select()
      .from(checkins)
      .where(and(eq(checkins.propertyId, property.id), sql`lower(${checkins.checkinCode}) = ${wanted}`))
      .orderBy(desc(checkins.createdAt))
      .limit(1);
    if (own) return own;
    const [booking] = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.propertyId, property.id),
          sql`lower(${bookings.code}) = ${wanted}`,
          ne(bookings.status, 'cancelled'),
        ),
      )
      .limit(1);
    if (!booking) return null;
    const [existing] = await db.select().from(checkins).where(eq(checkins.bookingId, booking.id)).limit(1);
    if (existing) return existing;
    // A booking made before check-ins existed: its programmed check-in is created now.
    return createProgrammedCheckin(db, deps.secrets, booking, property, clock.now());
  };

  const requireCode = (s: Loaded): CheckinRow => {
    if (!s.claims.code || !s.checkin) throw errors.codeStepMissing();
    return s.checkin;
  };
  const requireAllSteps = (s: Loaded): CheckinRow => {
    if (!s.claims.code || !s.claims.messaging || !s.checkin) throw errors.stepsMissing();
    return s.checkin;
  };

  function channelsOn(): VerificationChannel[] {
    return (['whatsapp', 'sms', 'email'] as const).filter((c) => deps.senders[c]);
  }

  return {
    verificationChannels: channelsOn,

    async start(body, _address) {
      const property = await propertyById(body.propiedad_id);
      if (!property) throw errors.notFound();
      let checkin: CheckinRow | null = null;
      if (body.t) {
        [checkin = null] = await db
          .select()
          .from(checkins)
          .where(and(eq(checkins.linkTokenHash, hashLinkToken(body.t)), eq(checkins.propertyId, property.id)))
          .limit(1);
        if (!checkin) throw errors.notFound();
      }
      usable(property, checkin);
      if (checkin) {
        // The guest's language is the one messages to the guest (and the card) are written in.
        const [updated] = await db
          .update(checkins)
          .set({ openedAt: checkin.openedAt ?? clock.now(), language: body.language })
          .where(eq(checkins.id, checkin.id))
          .returning();
        checkin = updated ?? checkin;
      }
      const session = await sessionAnswer(
        {
          propertyId: property.id,
          checkinId: checkin?.id ?? null,
          code: false,
          messaging: false,
          language: body.language,
        },
        property,
        checkin,
      );
      return {
        ...session,
        property: { id: property.id, name: property.nombre },
        needs: {
          code: true as const,
          verification_channels: this.verificationChannels(),
          identity_verification: property.identityVerification,
        },
      };
    },

    async code(token, body, address) {
      const s = await load(token);
      const now = clock.now();
      const sessionKey = `code:${s.claims.sid}`;
      const addressKey = `code-ip:${s.property.id}:${address}`;
      if (
        (await deps.attempts.count(sessionKey, now)) >= CODE_ATTEMPTS ||
        (await deps.attempts.count(addressKey, now)) >= CODE_ATTEMPTS_PER_ADDRESS
      ) {
        throw errors.tooManyAttempts();
      }
      const wrong = async (error: Error) => {
        await deps.attempts.hit(sessionKey, CODE_ATTEMPTS, 2 * 60 * 60 * 1000, now);
        await deps.attempts.hit(addressKey, CODE_ATTEMPTS_PER_ADDRESS, 60 * 60 * 1000, now);
        return error;
      };

      let checkin = s.checkin;
      if (body.security_code) {
        if (!sameCode(s.property.securityCode, body.security_code))
          throw await wrong(errors.wrongSecurityCode());
        checkin ??= await createWalkIn(s.property, s.claims.language);
      } else {
        const given = body.checkin_code ?? '';
        if (checkin) {
          let ok = sameCode(checkin.checkinCode, given);
          if (!ok && checkin.bookingId) {
            const [booking] = await db
              .select({ code: bookings.code })
              .from(bookings)
              .where(eq(bookings.id, checkin.bookingId))
              .limit(1);
            ok = sameCode(booking?.code, given);
          }
          if (!ok) throw await wrong(errors.codeNotRegistered());
        } else {
          checkin = await checkinByCode(s.property, given);
          if (!checkin) throw await wrong(errors.codeNotRegistered());
          usable(s.property, checkin);
        }
      }
      return sessionAnswer(
        {
          ...s.claims,
          checkinId: checkin.id,
          code: true,
          messaging: s.claims.messaging && checkin.id === s.claims.checkinId,
        },
        s.property,
        checkin,
      );
    },

    async sendVerification(token, body) {
      const s = await load(token);
      const checkin = requireCode(s);
      const sender = deps.senders[body.channel];
      if (!sender) throw errors.channelUnavailable();
      // issue 11: the code goes only to the stay's own contact, whatever the caller sends; a walk-in
      // (no booking contact) verifies the one its guest gives, kept with the check-in once confirmed.
      const contact = await stayContact(checkin);
      let destination: string;
      if (contact.guestGives) {
        destination = body.destination?.trim() ?? '';
        if (!reachable(body.channel, destination)) throw errors.invalidDestination();
      } else {
        destination = contactFor(body.channel, contact);
        if (!destination) throw body.channel === 'email' ? errors.noStayEmail() : errors.noStayPhone();
      }
      const now = clock.now();
      const [recent] = await db
        .select({ n: count() })
        .from(checkinVerificationCodes)
        .where(
          and(
            eq(checkinVerificationCodes.checkinId, checkin.id),
            gte(checkinVerificationCodes.createdAt, new Date(now.getTime() - VERIFICATION_TTL_MS)),
          ),
        );
      if (Number(recent?.n ?? 0) >= VERIFICATION_SENDS) throw errors.tooManySends();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + VERIFICATION_TTL_MS);
      await db.insert(checkinVerificationCodes).values({
        checkinId: checkin.id,
        codeHash: hashCode(checkin.id, code),
        channel: body.channel,
        destination,
        expiresAt,
        createdAt: now,
      });
      const locale = (['es', 'en', 'ar'].includes(s.claims.language) ? s.claims.language : 'es') as Locale;
      try {
        await sender.send({
          to: destination,
          subject: translate(locale, 'checkin.verification_subject', { property: s.property.nombre }),
          text: translate(locale, 'checkin.verification_message', { code, property: s.property.nombre }),
        });
      } catch {
        throw errors.sendFailed();
      }
      return {
        channel: body.channel,
        destination: maskContact(body.channel, destination),
        expires_at: expiresAt.toISOString(),
      };
    },

    async confirmVerification(token, body) {
      const s = await load(token);
      const checkin = requireCode(s);
      const now = clock.now();
      const [row] = await db
        .select()
        .from(checkinVerificationCodes)
        .where(
          and(
            eq(checkinVerificationCodes.checkinId, checkin.id),
            isNull(checkinVerificationCodes.verifiedAt),
          ),
        )
        .orderBy(desc(checkinVerificationCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw errors.noActiveCode();
      if (row.attempts >= VERIFICATION_ATTEMPTS) throw errors.tooManyAttempts();
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hashCode(checkin.id, body.code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await db
          .update(checkinVerificationCodes)
          .set({ attempts: sql`${checkinVerificationCodes.attempts} + 1` })
          .where(eq(checkinVerificationCodes.id, row.id));
        throw errors.wrongMessagingCode();
      }
      await db
        .update(checkinVerificationCodes)
        .set({ verifiedAt: now })
        .where(eq(checkinVerificationCodes.id, row.id));
      let stay = checkin;
      if ((await stayContact(checkin)).guestGives) {
        const kept =
          row.channel === 'email'
            ? { email: row.destination.toLowerCase() }
            : { phone: normalizePhone(row.destination, 'ES') ?? row.destination };
        const [updated] = await db.update(checkins).set(kept).where(eq(checkins.id, checkin.id)).returning();
        stay = updated ?? checkin;
      }
      return sessionAnswer({ ...s.claims, messaging: true }, s.property, stay);
    },

    postalCode(code) {
      const info = lookupPostalCode(code);
      if (!info) throw errors.postalCodeNotFound();
      return {
        code: info.code,
        province_code: info.provinceCode,
        province: info.province,
        municipalities: info.municipalities,
      };
    },

    async registerGuest(token, body) {
      const s = await load(token);
      const current = requireAllSteps(s);
      if (current.status === 'complete') throw errors.alreadyComplete();
      const property = s.property;
      const today = todayIn(property.timeZone, clock.now());

      const found = guestDataErrors({ ...body, kinship: body.kinship ?? null }, { today, form: 'guest' });
      const spanish = body.residence_country.trim().toUpperCase() === 'ES';
      const postal =
        spanish && !found.postal_code && body.postal_code ? lookupPostalCode(body.postal_code) : null;
      if (spanish && !found.postal_code && body.postal_code && !postal)
        found.postal_code = 'errors.postal_code_unknown';
      // The signature goes into the signed PDF and back to the operator: only a PNG that decodes completely.
      if (!found.signature && body.signature && !(await isPngDataUrl(body.signature)))
        found.signature = 'errors.signature_damaged';
      const keys = Object.entries(found).filter(([, key]) => key);
      if (keys.length > 0) {
        throw errors.invalidGuest(
          Object.fromEntries(keys.map(([field, key]) => [field, [`checkin.${key}`]])),
        );
      }

      const guestId = randomUUID();
      const documentNumber = normalizeDocumentNumber(body.document_number);
      const province = postal?.province ?? null;
      const municipality = postal ? municipalityFor(postal, body.city) : null;
      const now = clock.now();

      const result = await db.transaction(async (tx) => {
        const [checkin] = await tx.select().from(checkins).where(eq(checkins.id, current.id)).for('update');
        if (!checkin) throw errors.notFound();
        if (checkin.status === 'complete') throw errors.alreadyComplete();
        const [existing] = await tx
          .select({ n: count() })
          .from(checkinGuests)
          .where(eq(checkinGuests.checkinId, checkin.id));
        const registered = Number(existing?.n ?? 0);
        // issue 11: at most the booking's guest count (the operator raises it on the booking or check-in).
        if (registered >= checkin.expectedGuests) throw errors.guestLimit(checkin.expectedGuests);
        const isLead = registered === 0;
        const walkIn = checkin.origin === 'send' && !checkin.bookingId && checkin.name === '';
        const patch: Partial<CheckinRow> = {};
        if (walkIn && isLead) {
          Object.assign(patch, {
            startDate: body.arrival,
            endDate: body.departure,
            linkExpiresAt: linkExpiry(body.departure, property.timeZone),
            purgeAfter: purgeDate(body.departure),
          });
        }
        if (isLead && checkin.name === '') {
          Object.assign(patch, {
            name: `${body.first_name} ${body.last_name}`.trim(),
            email: checkin.email || body.email,
            phone: checkin.phone || body.phone,
          });
        }
        let stay = checkin;
        if (Object.keys(patch).length > 0) {
          const [updated] = await tx
            .update(checkins)
            .set(patch)
            .where(eq(checkins.id, checkin.id))
            .returning();
          stay = updated ?? checkin;
        }
        const pdf = await renderRegistrationPdf({
          language: stay.language,
          property: {
            name: property.nombre,
            address: property.address ?? '',
            city: property.city ?? '',
            postalCode: property.zipCode ?? '',
            country: property.pais,
          },
          stay: { arrival: stay.startDate, departure: stay.endDate },
          guest: {
            firstName: body.first_name,
            lastName: body.last_name,
            gender: body.gender,
            birthDate: body.birth_date,
            nationality: body.nationality.toUpperCase(),
            documentType: body.document_type,
            documentNumber,
            supportNumber: normalizeDocumentNumber(body.support_number),
            issueDate: body.issue_date || null,
            expiryDate: body.expiry_date || null,
            phone: body.phone,
            email: body.email,
            address: body.address,
            city: body.city,
            postalCode: body.postal_code,
            province,
            municipality,
            country: body.country.toUpperCase(),
            residenceCountry: body.residence_country.toUpperCase(),
            minors: body.minors === true,
            kinship: body.minors ? body.kinship || null : null,
            paymentMethod: body.payment_method || null,
            paymentDate: body.payment_date || null,
            isLead,
          },
          signature: body.signature,
          signedAt: now,
          signedPlace: property.city ?? property.nombre,
        });
        await tx.insert(checkinGuests).values({
          id: guestId,
          checkinId: checkin.id,
          accountId: checkin.accountId,
          isLead,
          firstName: body.first_name,
          lastName: body.last_name,
          gender: body.gender as Exclude<typeof body.gender, ''>,
          birthDate: body.birth_date,
          phone: body.phone,
          email: body.email,
          documentType: body.document_type as Exclude<typeof body.document_type, ''>,
          documentNumberSealed: deps.secrets.seal(documentNumber, DOCUMENT_PURPOSE, guestId),
          documentLast4: documentNumber.slice(-4),
          issueDate: body.issue_date || null,
          expiryDate: body.expiry_date || null,
          supportNumber: normalizeDocumentNumber(body.support_number),
          nationality: body.nationality.toUpperCase(),
          country: body.country.toUpperCase(),
          address: body.address,
          city: body.city,
          postalCode: body.postal_code,
          province,
          municipality,
          residenceCountry: body.residence_country.toUpperCase(),
          paymentMethod: body.payment_method || null,
          paymentDate: body.payment_date || null,
          minors: body.minors === true,
          kinship: body.minors ? body.kinship || null : null,
          signature: body.signature,
          registrationPdf: Buffer.from(pdf),
          process: body.process,
          faceScore: body.face?.score ?? null,
          faceMatch: body.face?.match ?? null,
          createdAt: now,
        });
        return { stay, isLead };
      });
      return {
        id: guestId,
        is_lead: result.isLead,
        first_name: body.first_name,
        last_name: body.last_name,
        checkin: await summaryOf(property, result.stay),
      };
    },

    async finish(token) {
      const s = await load(token);
      const checkin = requireAllSteps(s);
      if ((await guestCount(checkin.id)) === 0) throw errors.noGuests();
      const now = clock.now();
      await (deps.events ?? withoutEvents).transaction(db, async (tx, emit) => {
        const [row] = await tx
          .update(checkins)
          .set({ status: 'complete', completedAt: now })
          .where(and(eq(checkins.id, checkin.id), ne(checkins.status, 'complete')))
          .returning();
        if (!row) return;
        await bell.create(
          {
            accountId: row.accountId,
            propertyId: row.propertyId,
            kind: 'checkin',
            title: row.name,
            body: `${s.property.nombre} · ${row.startDate} → ${row.endDate}`,
            relationId: row.id,
          },
          tx,
        );
        await emit(row.accountId, 'checkin.completed', {
          checkin_id: row.id,
          property_id: row.propertyId,
          booking_id: row.bookingId,
        });
      });
      return {
        propiedad_id: checkin.propertyId,
        checkin_id: checkin.id,
        services_path: `/services/${checkin.propertyId}/${checkin.id}/property`,
      };
    },

    async summary(token, checkinId) {
      const s = await load(token);
      // A session only ever reaches its own check-in.
      if (!s.checkin || s.checkin.id !== checkinId) throw errors.notFound();
      return summaryOf(s.property, s.checkin);
    },

    async services(propertyId, checkinId) {
      // spec 2.2 services page: only a completed check-in of that very property; the ids are unguessable
      // uuids, and a made-up, pending or other property's id reads as not found.
      const row = isUuid(checkinId) && isUuid(propertyId) ? await checkinById(checkinId) : null;
      if (!row || row.propertyId !== propertyId || row.status !== 'complete') throw errors.notFound();
      return {
        checkin_id: row.id,
        propiedad_id: row.propertyId,
        start_date: row.startDate,
        end_date: row.endDate,
        registered_guests: await guestCount(row.id),
        completed_at: row.completedAt?.toISOString() ?? null,
      };
    },
  };
}
