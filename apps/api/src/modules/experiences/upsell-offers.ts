import { experiencesGuestPages } from '@posada/contracts/experiences';
import { addDays } from '@posada/domain/booking-rules';
import {
  localized,
  UPSELL_DAYS_BEFORE_MAX,
  UPSELL_SEND_HOUR,
  UPSELL_STALE_MS,
  upsellOfferDate,
} from '@posada/domain/experiences';
import { todayIn, zonedTime } from '@posada/domain/zoned-time';
import { translate } from '../../i18n/messages.ts';
import { type GuestDeliveryOutcome, outcomeOf } from '../delivery/delivery.types.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';
import { createUpsellRepo, type OfferedService, type TimedMoment } from './upsell.repo.ts';
import { localeOf, OFFER_TITLES_MAX } from './upsell.service.ts';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

type Stay = Awaited<ReturnType<ReturnType<typeof createUpsellRepo>['stays']>>[number];
type Outcome = GuestDeliveryOutcome;

/**
 * The upselling offers (docs/experiences.md "Upselling configuration"): for each switched-on before-arrival
 * (N days before arrival) and during-stay (day N) moment of a property whose own store is on and whose account
 * passes the cross-selling gate, every stay due today gets one offer from 10:00 property time. The offer is
 * claimed first (a unique check-in × moment row), then sent through the inbox: WhatsApp free text inside the
 * 24-hour window, the approved upsell template outside it, e-mail otherwise. A moment more than 48 hours old
 * is not sent (the job was down, or the moment was switched on late).
 */
export function createUpsellOffers(deps: ExperiencesDeps, access: StoreAccess) {
  const { clock } = deps;
  const repo = createUpsellRepo({ db: deps.db });

  /** Where the offer leads: the services page after a finished check-in, else the check-in itself. */
  async function linkOf(moment: TimedMoment, stay: Stay): Promise<string | null> {
    if (stay.status === 'complete')
      return new URL(experiencesGuestPages.services(moment.propertyId, stay.id), deps.appUrl).toString();
    return (await deps.checkinLink?.(moment.accountId, stay.id).catch(() => null)) ?? null;
  }

  async function deliver(moment: TimedMoment, stay: Stay, offered: OfferedService[]): Promise<Outcome> {
    const send = deps.deliver();
    if (!send) return { error: 'delivery.not_configured' };
    const link = await linkOf(moment, stay);
    if (!link) return { error: 'experiences.no_link' };
    const locale = localeOf(stay.language);
    const titles = offered.map((s) => localized(s.title, locale));
    const values = {
      name: firstName(stay.name),
      property: moment.propertyName,
      services: titles.join(', '),
      link,
    };
    return outcomeOf(
      await send({
        accountId: moment.accountId,
        kind: 'upsell_offer',
        to: { name: stay.name, phone: stay.phone.replace(/\D/g, '') || null, email: stay.email || null },
        propertyId: moment.propertyId,
        bookingId: stay.bookingId,
        checkinId: stay.id,
        language: locale,
        text: translate(locale, 'experiences.message.offer', values),
        subject: translate(locale, 'experiences.message.offer_subject', { property: moment.propertyName }),
        values: { guest_name: values.name, property_name: moment.propertyName, services: values.services },
        link,
      }),
    );
  }

  /** The stays of one moment due now: the check-in's offer day has reached 10:00 and is under 48 hours old. */
  async function dueStays(moment: TimedMoment, now: Date): Promise<Stay[]> {
    const days = Math.min(Math.max(moment.days ?? 0, 0), UPSELL_DAYS_BEFORE_MAX);
    if (days < 1) return [];
    const today = todayIn(moment.timeZone, now);
    // Offer days from two days ago to today: arrivals shifted by the moment's days.
    const shift = moment.moment === 'before_arrival' ? days : -(days - 1);
    const stays = await repo.stays(
      moment.accountId,
      moment.propertyId,
      moment.moment,
      addDays(today, shift - 3),
      addDays(today, shift),
    );
    return stays.filter((stay) => {
      const day = upsellOfferDate(moment.moment, days, stay.startDate, stay.endDate);
      if (!day) return false;
      const dueAt = zonedTime(day, UPSELL_SEND_HOUR, moment.timeZone);
      return dueAt <= now && now.getTime() - dueAt.getTime() <= UPSELL_STALE_MS;
    });
  }

  /** One run: claims and sends every due offer once. Answers how many went out. */
  async function run(): Promise<{ sent: number; failed: number; skipped: number }> {
    const result = { sent: 0, failed: 0, skipped: 0 };
    const gate = new Map<string, boolean>();
    for (const moment of await repo.timedMoments()) {
      if (!gate.has(moment.accountId))
        gate.set(moment.accountId, await access.crossSelling(moment.accountId));
      if (!gate.get(moment.accountId)) continue;
      // The message names up to 3 of the moment's services: those are the ones offered.
      const offered = (
        await repo.offeredServices(moment.accountId, moment.propertyId, moment.serviceIds)
      ).slice(0, OFFER_TITLES_MAX);
      if (offered.length === 0) continue;
      for (const stay of await dueStays(moment, clock.now())) {
        const hasAddress = digitsOf(stay.phone).length >= 6 || stay.email.trim() !== '';
        const claimed = await repo.claim({
          accountId: moment.accountId,
          propertyId: moment.propertyId,
          checkinId: stay.id,
          moment: moment.moment,
          channel: hasAddress ? (digitsOf(stay.phone).length >= 6 ? 'whatsapp' : 'email') : 'none',
          status: 'claimed',
          serviceIds: offered.map((s) => s.id),
          createdAt: clock.now(),
        });
        if (!claimed) continue;
        if (!hasAddress) {
          await repo.finish(claimed.id, {
            status: 'skipped',
            channel: 'none',
            failure: 'no_address',
            sentAt: null,
          });
          result.skipped++;
          continue;
        }
        const outcome = await deliver(moment, stay, offered);
        if ('error' in outcome) {
          await repo.finish(claimed.id, {
            status: 'failed',
            channel: outcome.channel ?? claimed.channel,
            failure: outcome.error.slice(0, 200),
            sentAt: null,
          });
          result.failed++;
          continue;
        }
        const at = clock.now();
        await repo.finish(claimed.id, {
          status: 'sent',
          channel: outcome.channel,
          failure: null,
          sentAt: at,
        });
        await repo.recordOffered(
          offered.map((s) => ({
            accountId: moment.accountId,
            propertyId: moment.propertyId,
            serviceId: s.id,
            checkinId: stay.id,
            at,
          })),
        );
        result.sent++;
      }
    }
    return result;
  }

  return { run };
}

export type UpsellOffers = ReturnType<typeof createUpsellOffers>;
