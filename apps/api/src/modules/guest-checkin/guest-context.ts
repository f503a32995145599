import type {
  GuestCheckinSummary,
  GuestPrefill,
  GuestSession,
  VerificationChannel,
  VerificationPlan,
} from '@posada/contracts/guest-checkin';
import { PHONE_MIN_DIGITS, phoneDigits } from '@posada/domain/booking-rules';
import { isValidEmail } from '@posada/domain/checkin-rules';
import { maskContact } from '@posada/domain/contact-mask';
import type { Clock } from '../../lib/clock.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import type { CheckinRow, GuestCheckinRepo, PropertyRow } from './guest-checkin.repo.ts';
import type { MessageSender } from './messaging.ts';
import type { SessionClaims, SessionSigner } from './session.ts';

export interface Loaded {
  claims: SessionClaims;
  property: PropertyRow;
  checkin: CheckinRow | null;
}

/** "Calle Mayor 1, 01001, Vitoria-Gasteiz": postal code and city added unless the address already has them. */
const addressOf = (p: { address: string | null; zipCode: string | null; city: string | null }) => {
  const address = p.address?.trim() ?? '';
  const extra = [p.zipCode, p.city]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part && !address.toLowerCase().includes(part.toLowerCase()));
  return [address, ...extra].filter(Boolean).join(', ');
};

/** Whether `value` can take a code on `channel`: an e-mail address, or a phone of enough digits. */
export const reachable = (channel: VerificationChannel, value: string) =>
  channel === 'email' ? isValidEmail(value) : phoneDigits(value) >= PHONE_MIN_DIGITS;

export const contactFor = (channel: VerificationChannel, contact: { email: string; phone: string }) =>
  channel === 'email' ? contact.email : contact.phone;

/**
 * What every step of the guest's flow shares: the session it loads and answers with, the check-in's
 * summary, the stay's contact and the steps already passed.
 */
export function createGuestContext(deps: {
  repo: GuestCheckinRepo;
  clock: Clock;
  signer: SessionSigner;
  senders: Partial<Record<VerificationChannel, MessageSender>>;
}) {
  const { repo, clock } = deps;

  function channelsOn(): VerificationChannel[] {
    return (['whatsapp', 'sms', 'email'] as const).filter((c) => deps.senders[c]);
  }

  const summaryOf = async (property: PropertyRow, row: CheckinRow): Promise<GuestCheckinSummary> => ({
    id: row.id,
    propiedad_id: row.propertyId,
    property_name: property.nombre,
    start_date: row.startDate,
    end_date: row.endDate,
    expected_guests: row.expectedGuests,
    registered_guests: await repo.guestCount(row.id),
    lead_name: row.name,
    status: row.status,
    language: row.language,
    property_address: addressOf(property),
    checkin_time: property.checkinTime,
    checkout_time: property.checkoutTime,
  });

  const usable = (property: PropertyRow, checkin: CheckinRow | null) => {
    if (!property.active) throw errors.accommodationDisabled();
    if (checkin && checkin.linkExpiresAt.getTime() <= clock.now().getTime()) throw errors.linkExpired();
  };

  const load = async (token: string | undefined): Promise<Loaded> => {
    const claims = token ? deps.signer.verify(token, clock.now()) : null;
    if (!claims) throw errors.sessionInvalid();
    const property = await repo.propertyById(claims.propertyId);
    if (!property) throw errors.notFound();
    const checkin = claims.checkinId ? await repo.checkinById(claims.checkinId) : null;
    if (claims.checkinId && (!checkin || checkin.propertyId !== property.id)) throw errors.notFound();
    usable(property, checkin);
    return { claims, property, checkin };
  };

  /** The stay's own contact: the check-in's, else its booking's (imported bookings may lack one). */
  const stayContact = async (checkin: CheckinRow) => {
    let email = checkin.email.trim();
    let phone = checkin.phone.trim();
    if ((!email || !phone) && checkin.bookingId) {
      const booking = await repo.bookingContact(checkin.bookingId);
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

  /** issue 13: the lead guest's name and contact as the operator entered them, until a guest registers. */
  const prefillOf = async (checkin: CheckinRow): Promise<GuestPrefill | null> => {
    if ((await repo.guestCount(checkin.id)) > 0) return null;
    const contact = await stayContact(checkin);
    const [first = '', ...rest] = checkin.name.trim().split(/\s+/);
    return { first_name: first, last_name: rest.join(' '), email: contact.email, phone: contact.phone };
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

  const requireCode = (s: Loaded): CheckinRow => {
    if (!s.claims.code || !s.checkin) throw errors.codeStepMissing();
    return s.checkin;
  };
  const requireAllSteps = (s: Loaded): CheckinRow => {
    if (!s.claims.code || !s.claims.messaging || !s.checkin) throw errors.stepsMissing();
    return s.checkin;
  };

  return {
    channelsOn,
    summaryOf,
    usable,
    load,
    stayContact,
    sessionAnswer,
    requireCode,
    requireAllSteps,
  };
}

export type GuestContext = ReturnType<typeof createGuestContext>;
