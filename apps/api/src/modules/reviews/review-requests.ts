import { reviewPaths } from '@posada/contracts/reviews';
import { addDays } from '@posada/domain/booking-rules';
import {
  emailReplyText,
  parseScoreReply,
  REVIEW_MAX_DELAY_DAYS,
  REVIEW_REPLY_WINDOW_MS,
  reviewDueAt,
  reviewIsDue,
} from '@posada/domain/reviews';
import { todayIn } from '@posada/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Deliver, type GuestDeliveryOutcome, outcomeOf } from '../delivery/delivery.types.ts';
import type { InboxService } from '../inbox/inbox.types.ts';
import {
  createReviewsRepo,
  defaultReviewSettings,
  type ReviewRequestRow,
  reviewableStatuses,
} from './reviews.repo.ts';
import { newReviewToken, type ReviewsService } from './reviews.service.ts';

export interface ReviewRequestsDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  appUrl: string;
  reviews: Pick<ReviewsService, 'featureOn' | 'recordScore'>;
  /** The inbox (bound late): the thanks after a score goes into the guest's thread. */
  inbox: () => InboxService | null;
  /**
   * The delivery pipeline (bound late): the request goes as WhatsApp free text in the 24-hour window, else the
   * approved template WHATSAPP_REVIEW_TEMPLATE, else the property's next channel (docs/messaging.md Delivery).
   */
  deliver: () => Deliver | null;
}

/** A stay's departure date is looked at for this many days after it (the longest delay and a margin). */
const LOOKBACK_DAYS = REVIEW_MAX_DELAY_DAYS + 3;

const localeOf = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : 'es';
const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The review-request job (docs/messaging.md "Review requests"): schedules a request for each stay that ended
 * in a property with reviews on (and a review URL, the plan's 'reviews' gate, a phone or e-mail), then sends
 * the due ones through the inbox: WhatsApp free text inside the 24-hour window, the approved template
 * outside it, e-mail otherwise. A guest's reply that is a number on the scale records the score.
 */
export function createReviewRequests(deps: ReviewRequestsDeps) {
  const { clock, logger } = deps;
  const repo = createReviewsRepo({ db: deps.db });

  /** Writes the request of every ended stay once (a unique booking index keeps a second run harmless). */
  async function schedule(): Promise<number> {
    const now = clock.now();
    const today = now.toISOString().slice(0, 10);
    const stays = await repo.endedStaysWithoutRequest(addDays(today, -LOOKBACK_DAYS), addDays(today, 1));
    const gate = new Map<string, boolean>();
    let created = 0;
    for (const stay of stays) {
      // The stay ended in the property's own calendar.
      if (stay.endDate > todayIn(stay.timeZone, now)) continue;
      const sendHour = stay.sendHour ?? defaultReviewSettings.sendHour;
      const delayDays = stay.delayDays ?? defaultReviewSettings.delayDays;
      const dueAt = reviewDueAt(stay.endDate, delayDays, sendHour, stay.timeZone);
      // Reviews switched on late do not write to the guests of the past weeks.
      if (dueAt <= now && !reviewIsDue(dueAt, now)) continue;
      if (!gate.has(stay.accountId)) gate.set(stay.accountId, await deps.reviews.featureOn(stay.accountId));
      if (!gate.get(stay.accountId)) continue;
      const inserted = await repo.insertRequest({
        accountId: stay.accountId,
        propertyId: stay.propertyId,
        bookingId: stay.bookingId,
        token: newReviewToken(),
        channel: digitsOf(stay.phone).length >= 6 ? 'whatsapp' : 'email',
        scale: stay.scale ?? defaultReviewSettings.scale,
        dueAt,
        createdAt: now,
      });
      if (inserted) created++;
    }
    return created;
  }

  type Outcome = GuestDeliveryOutcome;

  /** Sends one claimed request; answers how it went (stored on the row). */
  async function deliver(row: ReviewRequestRow): Promise<Outcome | { cancelled: string }> {
    const property = await repo.propertyById(row.propertyId);
    const stay = await repo.stayOf(row.bookingId);
    if (!property || !stay || !(reviewableStatuses as readonly string[]).includes(stay.status))
      return { cancelled: 'booking_cancelled' };
    if (!property.reviewsEnabled || !property.reviewUrl) return { cancelled: 'reviews_disabled' };
    if (!(await deps.reviews.featureOn(row.accountId))) return { cancelled: 'feature_unavailable' };
    const send = deps.deliver();
    if (!send) return { error: 'delivery.not_configured' };

    const locale = localeOf(stay.language);
    const link = new URL(reviewPaths.guestPage(row.token), deps.appUrl).toString();
    const values = { name: firstName(stay.name), property: property.name, scale: row.scale, link };
    return outcomeOf(
      await send({
        accountId: row.accountId,
        kind: 'review_request',
        ref: `review_request:${row.id}`,
        to: { name: stay.name, phone: digitsOf(stay.phone) || null, email: stay.email || null },
        propertyId: row.propertyId,
        bookingId: row.bookingId,
        language: locale,
        text: translate(locale, 'reviews.message.request', values),
        subject: translate(locale, 'reviews.message.subject', { property: property.name }),
        values: { guest_name: values.name, property_name: property.name, scale: String(row.scale) },
        link,
      }),
    );
  }

  /** Sends every due request once: a row is claimed (scheduled → sent) before anything goes out. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (const { id } of await repo.dueRequests(clock.now())) {
      const row = await repo.claim(id, clock.now());
      if (!row) continue;
      const outcome = await deliver(row);
      if ('cancelled' in outcome)
        await repo.update(id, { status: 'cancelled', sentAt: null, error: outcome.cancelled });
      else if ('error' in outcome)
        await repo.update(id, { status: 'failed', error: outcome.error.slice(0, 200) });
      else {
        await repo.update(id, { channel: outcome.channel, threadId: outcome.threadId, error: null });
        sent++;
      }
    }
    return sent;
  }

  return {
    schedule,
    sendDue,
    /** One run of the job: schedule the stays that ended, then send what is due. */
    async run(): Promise<{ scheduled: number; sent: number }> {
      const scheduled = await schedule();
      return { scheduled, sent: await sendDue() };
    },

    /**
     * 'inbox.message_received': a reply that is only a number on the scale, in the thread of a request sent
     * in the last 7 days and not yet answered, is the score; the guest gets the review URL back (the same for
     * every score) while the 24-hour window is open, which their reply has just opened.
     */
    async replyReceived(accountId: string, threadId: string, messageId: string): Promise<boolean> {
      const message = await repo.inboundMessage(accountId, messageId);
      if (message?.direction !== 'in') return false;
      const since = new Date(clock.now().getTime() - REVIEW_REPLY_WINDOW_MS);
      const request = await repo.openRequestOfThread(accountId, threadId, since);
      if (!request) return false;
      const text = message.channel === 'email' ? emailReplyText(message.body) : message.body;
      const score = parseScoreReply(text, request.scale);
      if (score === null) return false;
      const answered = await deps.reviews.recordScore(request, score);
      if (!answered) return false;
      const property = await repo.propertyById(request.propertyId);
      const stay = await repo.stayOf(request.bookingId);
      const inbox = deps.inbox();
      if (inbox && property?.reviewUrl) {
        const body = translate(localeOf(stay?.language), 'reviews.message.thanks', {
          url: property.reviewUrl,
        });
        // The thanks goes while the window the reply opened lasts; a failure is only logged.
        await inbox
          .send({
            accountId,
            kind: 'review_request',
            to: { threadId },
            content: { type: 'text', body },
            authorUserId: null,
          })
          .catch((err: unknown) => logger.warn({ err }, 'reviews: the thanks could not be sent'));
      }
      return true;
    },
  };
}

export type ReviewRequests = ReturnType<typeof createReviewRequests>;
