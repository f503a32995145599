import { randomUUID } from 'node:crypto';
import type {
  CheckinCodeBody,
  ConfirmVerificationBody,
  FinishCheckinData,
  GuestCheckinSummary,
  GuestServicesData,
  GuestSession,
  IdentityCheckBody,
  IdentityVerdict,
  PostalCodeData,
  RegisteredGuest,
  SendVerificationBody,
  StartCheckinBody,
  StartCheckinData,
  VerificationChannel,
  VerificationSent,
} from '@posada/contracts/guest-checkin';
import type { GuestAccessCode } from '@posada/contracts/smart-locks';
import { purgeDate } from '@posada/domain/checkin-rules';
import { isHotelType } from '@posada/domain/property-types';
import { todayIn } from '@posada/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import {
  createProgrammedCheckin,
  hashLinkToken,
  linkExpiry,
  newCheckinLink,
} from '../checkins/checkin-links.ts';
import { type CheckinRecords, createCheckinRecords } from '../checkins/checkin-records.service.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from '../notifications/notifications.service.ts';
import type { AttemptCounter } from './code-attempts.ts';
import type { FaceMatcher } from './face-match.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import { type CheckinRow, createGuestCheckinRepo, type PropertyRow } from './guest-checkin.repo.ts';
import { createGuestContext } from './guest-context.ts';
import { createGuestIdentity } from './guest-identity.ts';
import { createGuestRegistration, type GuestBody } from './guest-registration.ts';
import { createGuestVerification } from './guest-verification.ts';
import type { MessageSender } from './messaging.ts';
import { lookupPostalCode } from './postal-codes.ts';
import type { SessionSigner } from './session.ts';

export { VERIFICATION_ATTEMPTS, VERIFICATION_SENDS, VERIFICATION_TTL_MS } from './guest-verification.ts';

export const CODE_ATTEMPTS = 5;
/** Wrong codes from one address on one property within an hour, across sessions. */
export const CODE_ATTEMPTS_PER_ADDRESS = 20;

const sameCode = (a: string | null | undefined, b: string) =>
  Boolean(a) && (a as string).trim().toLowerCase() === b.trim().toLowerCase();

export interface GuestCheckinService {
  start(body: StartCheckinBody & { language: Locale }, address: string): Promise<StartCheckinData>;
  code(token: string | undefined, body: CheckinCodeBody, address: string): Promise<GuestSession>;
  sendVerification(token: string | undefined, body: SendVerificationBody): Promise<VerificationSent>;
  confirmVerification(token: string | undefined, body: ConfirmVerificationBody): Promise<GuestSession>;
  postalCode(code: string): PostalCodeData;
  registerGuest(token: string | undefined, body: GuestBody): Promise<RegisteredGuest>;
  /** Issue 27: the identity check compared on the server; only the verdict is kept. */
  checkIdentity(token: string | undefined, body: IdentityCheckBody): Promise<IdentityVerdict>;
  finish(token: string | undefined): Promise<FinishCheckinData>;
  summary(token: string | undefined, checkinId: string): Promise<GuestCheckinSummary>;
  services(propertyId: string, checkinId: string): Promise<GuestServicesData>;
  verificationChannels(): VerificationChannel[];
  /**
   * The check-in a session has proven (code step passed), for the deposit step (issue 16); throws the
   * session errors otherwise.
   */
  sessionCheckin(
    token: string | undefined,
  ): Promise<{ accountId: string; checkinId: string; propertyId: string; language: string }>;
}

/**
 * The guest's check-in flow: the session and code step here, the messaging step in
 * guest-verification.ts, guest registration in guest-registration.ts, then completion.
 */
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
  /** The check-in and guest rows (checkins owns them); defaults to ones on `db`. */
  checkinRecords?: CheckinRecords;
  /** smart-locks' guest view of the door code (issue 14): added to the done step and the services page. */
  accessCode?: (accountId: string, checkinId: string) => Promise<GuestAccessCode>;
  /** The identity check's face matcher (a worker thread; the app closes it). */
  faceMatcher: FaceMatcher;
}): GuestCheckinService {
  const { db, clock } = deps;
  const bell = deps.notifications ?? createNotificationsService({ db, clock });
  const repo = createGuestCheckinRepo({ db });
  const records = deps.checkinRecords ?? createCheckinRecords({ db });
  const context = createGuestContext({ repo, clock, signer: deps.signer, senders: deps.senders });
  const { load, usable, summaryOf, sessionAnswer, requireAllSteps } = context;
  const verification = createGuestVerification({
    repo,
    records,
    context,
    clock,
    appSecret: deps.appSecret,
    senders: deps.senders,
  });
  const registration = createGuestRegistration({
    db,
    records,
    context,
    clock,
    secrets: deps.secrets,
    ...(deps.events ? { events: deps.events } : {}),
  });

  /**
   * A walk-in has no booking to count its guests: it holds the property's capacity (a hotel's or a
   * camping's largest room type), which the operator can raise.
   */
  const walkInCapacity = async (property: PropertyRow) => {
    if (!isHotelType(property.tipoPropiedad)) return Math.max(property.guests, 1);
    return Math.max(await repo.largestRoomType(property.id), property.guests, 1);
  };

  /** A walk-in (QR code + the property's security code): dates come with the first guest. */
  const createWalkIn = async (property: PropertyRow, language: string): Promise<CheckinRow> => {
    const id = randomUUID();
    const expectedGuests = await walkInCapacity(property);
    const link = newCheckinLink(deps.secrets, id);
    const today = todayIn(property.timeZone, clock.now());
    const row = await records.insertCheckin({
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
    });
    if (!row) throw new Error('guest check-in: walk-in not created');
    return row;
  };

  /** A registered check-in code of the property: a check-in's own code, or a booking code. */
  const checkinByCode = async (property: PropertyRow, code: string): Promise<CheckinRow | null> => {
    const wanted = code.trim().toLowerCase();
    const own = await repo.checkinByOwnCode(property.id, wanted);
    if (own) return own;
    const booking = await repo.activeBookingByCode(property.id, wanted);
    if (!booking) return null;
    const existing = await repo.checkinOfBooking(booking.id);
    if (existing) return existing;
    // A booking made before check-ins existed: its programmed check-in is created now.
    return createProgrammedCheckin(db, deps.secrets, booking, property, clock.now());
  };

  return {
    verificationChannels: context.channelsOn,

    async start(body, _address) {
      const property = await repo.propertyById(body.propiedad_id);
      if (!property) throw errors.notFound();
      let checkin: CheckinRow | null = null;
      if (body.t) {
        checkin = await repo.checkinByLink(property.id, hashLinkToken(body.t));
        if (!checkin) throw errors.notFound();
      }
      usable(property, checkin);
      if (checkin) {
        // The guest's language is the one messages to the guest (and the card) are written in.
        checkin =
          (await records.updateCheckin(checkin.id, {
            openedAt: checkin.openedAt ?? clock.now(),
            language: body.language,
          })) ?? checkin;
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
        property: { id: property.id, name: property.nombre, time_zone: property.timeZone },
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
            ok = sameCode(await repo.bookingCode(checkin.bookingId), given);
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

    sendVerification: verification.sendVerification,
    confirmVerification: verification.confirmVerification,

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

    registerGuest: registration.registerGuest,
    checkIdentity: createGuestIdentity({ repo, context, clock, matcher: deps.faceMatcher }).checkIdentity,

    async finish(token) {
      const s = await load(token);
      const checkin = requireAllSteps(s);
      if ((await repo.guestCount(checkin.id)) === 0) throw errors.noGuests();
      const now = clock.now();
      await (deps.events ?? withoutEvents).transaction(db, async (tx, emit) => {
        const row = await records.completeCheckin(checkin.id, now, tx);
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
        ...(deps.accessCode ? { access_code: await deps.accessCode(checkin.accountId, checkin.id) } : {}),
      };
    },

    async sessionCheckin(token) {
      const s = await load(token);
      const checkin = context.requireCode(s);
      return {
        accountId: checkin.accountId,
        checkinId: checkin.id,
        propertyId: checkin.propertyId,
        language: s.claims.language,
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
      const row = isUuid(checkinId) && isUuid(propertyId) ? await repo.checkinById(checkinId) : null;
      if (!row || row.propertyId !== propertyId || row.status !== 'complete') throw errors.notFound();
      return {
        checkin_id: row.id,
        propiedad_id: row.propertyId,
        start_date: row.startDate,
        end_date: row.endDate,
        registered_guests: await repo.guestCount(row.id),
        completed_at: row.completedAt?.toISOString() ?? null,
        ...(deps.accessCode ? { access_code: await deps.accessCode(row.accountId, row.id) } : {}),
      };
    },
  };
}
