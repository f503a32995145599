import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type {
  ConfirmVerificationBody,
  GuestSession,
  SendVerificationBody,
  VerificationChannel,
  VerificationSent,
} from '@posada/contracts/guest-checkin';
import { maskContact } from '@posada/domain/contact-mask';
import { normalizePhone } from '@posada/domain/phone';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { sameSecret } from '../../lib/constant-time.ts';
import type { CheckinRecords } from '../checkins/checkin-records.service.ts';
import { guestCheckinErrors as errors } from './guest-checkin.errors.ts';
import type { GuestCheckinRepo } from './guest-checkin.repo.ts';
import { contactFor, type GuestContext, reachable } from './guest-context.ts';
import type { MessageSender } from './messaging.ts';

export const VERIFICATION_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_ATTEMPTS = 5;
export const VERIFICATION_SENDS = 3;

/** The messaging step: a 6-digit code sent to the stay's contact, and its confirmation. */
export function createGuestVerification(deps: {
  repo: GuestCheckinRepo;
  records: CheckinRecords;
  context: GuestContext;
  clock: Clock;
  appSecret: string;
  senders: Partial<Record<VerificationChannel, MessageSender>>;
}) {
  const { repo, context, clock } = deps;
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

  return {
    async sendVerification(token: string | undefined, body: SendVerificationBody): Promise<VerificationSent> {
      const s = await context.load(token);
      const checkin = context.requireCode(s);
      const sender = deps.senders[body.channel];
      if (!sender) throw errors.channelUnavailable();
      // issue 11: the code goes only to the stay's own contact, whatever the caller sends; a walk-in
      // (no booking contact) verifies the one its guest gives, kept with the check-in once confirmed.
      const contact = await context.stayContact(checkin);
      let destination: string;
      if (contact.guestGives) {
        destination = body.destination?.trim() ?? '';
        if (!reachable(body.channel, destination)) throw errors.invalidDestination();
        // A phone typed as the guest knows it (699 887 766) is sent to, and kept as, its E.164 form.
        if (body.channel !== 'email') destination = normalizePhone(destination, 'ES') ?? destination;
      } else {
        destination = contactFor(body.channel, contact);
        if (!destination) throw body.channel === 'email' ? errors.noStayEmail() : errors.noStayPhone();
      }
      const now = clock.now();
      const recent = await repo.sendsSince(checkin.id, new Date(now.getTime() - VERIFICATION_TTL_MS));
      if (recent >= VERIFICATION_SENDS) throw errors.tooManySends();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + VERIFICATION_TTL_MS);
      await repo.insertVerificationCode({
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
          code,
          stay: {
            accountId: checkin.accountId,
            propertyId: checkin.propertyId,
            bookingId: checkin.bookingId,
            checkinId: checkin.id,
            name: checkin.name,
            language: locale,
          },
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

    async confirmVerification(
      token: string | undefined,
      body: ConfirmVerificationBody,
    ): Promise<GuestSession> {
      const s = await context.load(token);
      const checkin = context.requireCode(s);
      const now = clock.now();
      const row = await repo.latestOpenCode(checkin.id);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw errors.noActiveCode();
      if (row.attempts >= VERIFICATION_ATTEMPTS) throw errors.tooManyAttempts();
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hashCode(checkin.id, body.code), 'hex');
      if (!sameSecret(given, expected)) {
        await repo.countWrongCode(row.id);
        throw errors.wrongMessagingCode();
      }
      await repo.markCodeVerified(row.id, now);
      let stay = checkin;
      if ((await context.stayContact(checkin)).guestGives) {
        const kept =
          row.channel === 'email'
            ? { email: row.destination.toLowerCase() }
            : { phone: normalizePhone(row.destination, 'ES') ?? row.destination };
        stay = (await deps.records.updateCheckin(checkin.id, kept)) ?? checkin;
      }
      return context.sessionAnswer({ ...s.claims, messaging: true }, s.property, stay);
    },
  };
}
