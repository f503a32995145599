import type { CheckinLink, SendCheckinData, sendCheckinBody } from '@posada/contracts/checkins';
import type { MessageDelivery } from '@posada/contracts/deliveries';
import { purgeDate, sendCheckinErrors } from '@posada/domain/checkin-rules';
import { normalizePhone } from '@posada/domain/phone';
import type { z } from 'zod';
import type { CheckinChannel } from '../../db/schema/checkins.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { linkExpiry, newCheckinLink } from './checkin-links.ts';
import type { CheckinPlanning } from './checkin-planning.ts';

import type { CheckinRow, CheckinsContext } from './checkins.context.ts';
import { checkinsErrors } from './checkins.errors.ts';
import { createCheckinsRepo } from './checkins.repo.ts';
import type { CheckinsDeps } from './checkins.service.ts';

/** Sending the check-in link (docs/checkins.md): by hand, again, and the job that sends the programmed ones. */
export function createCheckinDelivery(deps: CheckinsDeps, ctx: CheckinsContext, planning: CheckinPlanning) {
  const { db, clock, secrets, logger } = deps;
  const { ownedProperty, ownedCheckin, ownedBooking, linkOf, itemById, fieldErrors, asLocale } = ctx;
  const { planForBooking } = planning;
  const repo = createCheckinsRepo({ db });

  /**
   * The message with the link, in the guest's language, through the delivery pipeline: the channel asked
   * for first, then the property's choice for the kind. Answers the delivery record (its state is the
   * provider's), or null for the QR channel (nothing is sent).
   */
  async function deliver(
    row: CheckinRow,
    propertyName: string,
    channel: CheckinChannel,
    kind: 'checkin_link' | 'checkin_reminder',
    answerLocale: Locale = 'es',
    /** A finished check-in still missing travellers: the message says how many (issue 27). */
    missing?: { registered: number; expected: number },
  ): Promise<MessageDelivery | null> {
    if (channel === 'qr' || channel === 'log') return null;
    const send = deps.deliver?.();
    if (!send) throw new Error('checkins: the delivery pipeline is not bound');
    const locale = asLocale(row.language);
    const link = linkOf(row).url;
    const params = {
      name: row.name,
      property: propertyName,
      url: link,
      start: row.startDate,
      end: row.endDate,
      ...(missing ? { ...missing, missing: missing.expected - missing.registered } : {}),
    };
    const upsell = await deps.upsellLine?.(row.accountId, row.propertyId, locale).catch((err) => {
      logger.warn({ err, checkin: row.id }, 'checkins: the upselling line was left out');
      return null;
    });
    const body = translate(locale, missing ? 'checkin.mail.missing_text' : 'checkin.mail.text', params);
    const text = [body, upsell].filter(Boolean).join('\n\n');
    const { delivery } = await send(
      {
        accountId: row.accountId,
        kind,
        to: { name: row.name, phone: row.phone || null, email: row.email || null },
        propertyId: row.propertyId,
        bookingId: row.bookingId,
        checkinId: row.id,
        language: locale,
        text,
        subject: translate(locale, 'checkin.mail.subject', params),
        values: {
          guest_name: row.name.trim().split(/\s+/)[0] ?? row.name,
          property_name: propertyName,
          arrival: row.startDate,
          departure: row.endDate,
        },
        link,
        firstChannel: channel,
      },
      answerLocale,
    );
    return delivery;
  }

  /** Whether a record means a provider has the message (or is being asked for it now). */
  const underway = (d: MessageDelivery | null) => !!d && !['failed', 'skipped'].includes(d.status);

  /** The link sent (or resent) by the operator: marked sent once underway, answered with the row again. */
  async function sendAndAnswer(
    tenant: Tenant,
    row: CheckinRow,
    propertyName: string,
    channel: CheckinChannel,
    kind: 'checkin_link' | 'checkin_reminder',
    locale: Locale,
  ): Promise<SendCheckinData> {
    const delivery = await deliver(row, propertyName, channel, kind, locale);
    if (underway(delivery)) await repo.updateCheckin(row.id, { sentAt: clock.now() });
    return {
      checkin: await itemById(tenant.accountId, row.id, false, locale),
      link: linkOf(row),
      sent: underway(delivery),
      delivery,
    };
  }

  return {
    async link(tenant: Tenant, id: string): Promise<CheckinLink> {
      return linkOf(await ownedCheckin(tenant.accountId, id));
    },

    /**
     * POST /api/checkins/{id}/resend: the link of a pending check-in again, on the channel it was planned
     * or sent on (e-mail when that was a QR code).
     */
    async resend(tenant: Tenant, id: string, locale: Locale = 'es'): Promise<SendCheckinData> {
      const row = await ownedCheckin(tenant.accountId, id);
      if (row.status === 'complete') throw checkinsErrors.alreadyComplete();
      if (row.linkExpiresAt.getTime() <= clock.now().getTime()) throw checkinsErrors.linkExpired();
      const property = await ownedProperty(tenant.accountId, row.propertyId);
      const channel = row.sendChannel === 'whatsapp' || row.sendChannel === 'sms' ? row.sendChannel : 'email';
      return sendAndAnswer(tenant, row, property.nombre, channel, 'checkin_reminder', locale);
    },

    /** POST /api/checkins/send (checkinPrevie, checkinPrevieLink). */
    async send(
      tenant: Tenant,
      input: z.output<typeof sendCheckinBody>,
      locale: Locale = 'es',
    ): Promise<SendCheckinData> {
      const booking = input.booking_id ? await ownedBooking(tenant.accountId, input.booking_id) : null;
      const errors = Object.fromEntries(
        Object.entries(sendCheckinErrors(input, booking !== null)).map(([field, code]) => [
          field,
          `checkin.errors.${code}`,
        ]),
      );
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
        const updated = await repo.updateCheckin(planned.id, {
          ...contact,
          ...(input.channel === 'qr' ? {} : { sendChannel: input.channel }),
        });
        row = updated ?? planned;
      } else {
        const id = crypto.randomUUID();
        const link = newCheckinLink(secrets, id);
        const created = await repo.insertCheckin({
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
        });
        if (!created) throw new Error('checkins: the check-in was not created');
        row = created;
      }
      return sendAndAnswer(tenant, row, property.nombre, input.channel, 'checkin_link', locale);
    },

    /**
     * The checkin.send job: every programmed check-in due now and not sent goes out on its channel. The
     * booking is read again here, so a paused or cancelled one is never sent whatever the plan says.
     */
    async sendDue(limit = 200): Promise<number> {
      const now = clock.now();
      const due = await repo.dueToSend(now, limit);
      let sent = 0;
      for (const { checkin, propertyName } of due) {
        // Claim first: jobs run at least once, and a second run must not send the link twice.
        const claimed = await repo.claimSend(checkin.id, now);
        if (!claimed) continue;
        try {
          const delivery = await deliver(
            claimed,
            propertyName,
            claimed.sendChannel ?? 'email',
            'checkin_link',
          );
          if (underway(delivery)) sent++;
          // Nothing could take it: the record and the bell say why; the job does not try it again every minute.
          else await repo.updateCheckin(checkin.id, { scheduledFor: null, sentAt: null });
        } catch (err) {
          logger.error({ err, checkin: checkin.id }, 'checkins: the programmed link could not be sent');
          await repo.updateCheckin(checkin.id, { sentAt: null });
        }
      }
      return sent + (await remindMissingTravellers(now));
    },
  };

  /**
   * A finished check-in still missing travellers: its police report waits for them, so the lead guest is
   * reminded with the link (at most TRAVELLER_REMINDERS times, a day apart) until every one registered.
   */
  async function remindMissingTravellers(now: Date): Promise<number> {
    let sent = 0;
    for (const due of await repo.dueTravellerReminders(now, TRAVELLER_REMINDERS, 200)) {
      const claimed = await repo.claimTravellerReminder(due.checkin, now);
      if (!claimed) continue;
      const channel =
        claimed.sendChannel === 'whatsapp' || claimed.sendChannel === 'sms' ? claimed.sendChannel : 'email';
      try {
        const delivery = await deliver(claimed, due.propertyName, channel, 'checkin_reminder', 'es', {
          registered: due.registered,
          expected: claimed.expectedGuests,
        });
        if (underway(delivery)) sent++;
      } catch (err) {
        logger.error({ err, checkin: claimed.id }, 'checkins: the missing-travellers reminder failed');
      }
    }
    return sent;
  }
}

/** Reminders to a lead guest whose finished check-in still misses travellers (issue 27). */
export const TRAVELLER_REMINDERS = 3;
