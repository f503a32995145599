import type { CheckinLink, SendCheckinData, sendCheckinBody } from '@posada/contracts/checkins';
import { purgeDate, sendCheckinErrors } from '@posada/domain/checkin-rules';
import { normalizePhone } from '@posada/domain/phone';
import type { z } from 'zod';
import type { CheckinChannel } from '../../db/schema/checkins.ts';
import { translate } from '../../i18n/messages.ts';
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
    const upsell = await deps.upsellLine?.(row.accountId, row.propertyId, locale).catch((err) => {
      logger.warn({ err, checkin: row.id }, 'checkins: the upselling line was left out');
      return null;
    });
    const text = [translate(locale, 'checkin.mail.text', params), upsell].filter(Boolean).join('\n\n');
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

  return {
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
      if (sent) await repo.updateCheckin(row.id, { sentAt: clock.now() });
      return { checkin: await itemById(tenant.accountId, row.id), link: linkOf(row), sent };
    },

    /** POST /api/checkins/send (checkinPrevie, checkinPrevieLink). */
    async send(tenant: Tenant, input: z.output<typeof sendCheckinBody>): Promise<SendCheckinData> {
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
      const sent = await deliver(row, property.nombre, input.channel);
      if (sent) await repo.updateCheckin(row.id, { sentAt: clock.now() });
      return { checkin: await itemById(tenant.accountId, row.id), link: linkOf(row), sent };
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
          const delivered = await deliver(claimed, propertyName, claimed.sendChannel ?? 'email');
          if (delivered) sent++;
          else await repo.updateCheckin(checkin.id, { scheduledFor: null });
        } catch (err) {
          logger.error({ err, checkin: checkin.id }, 'checkins: the programmed link could not be sent');
          await repo.updateCheckin(checkin.id, { sentAt: null });
        }
      }
      return sent;
    },
  };
}
