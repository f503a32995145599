import { randomBytes } from 'node:crypto';
import type {
  PublicReview,
  ReviewReport,
  ReviewSettings,
  ReviewSettingsBody,
} from '@posada/contracts/reviews';
import { featureAvailable } from '@posada/domain/feature-gates';
import { rescaleScore, reviewDueAt } from '@posada/domain/reviews';
import type { StatusSubscription } from '@posada/domain/subscription';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { reviewsErrors as errors } from './reviews.errors.ts';
import { createReviewsRepo, defaultReviewSettings, type ReviewRequestRow } from './reviews.repo.ts';

export interface ReviewsDeps {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'create'>;
}

/** 128 random bits, URL-safe: the public page's key (/r/{token}). */
export const newReviewToken = () => randomBytes(16).toString('base64url');

/** How many answers the report lists. */
const LATEST_ANSWERS = 10;

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * Review requests (issue 17 item 6, docs/messaging.md "Review requests"): the operator's settings and report,
 * and the guest's answer. The scheduling and sending job lives in review-requests.ts.
 *
 * No review gating: every guest who answers gets the same review URL, whatever the score. Sending only happy
 * guests to the public review site breaks the travel platforms' policies (Google, Booking.com, Tripadvisor)
 * and consumer law (EU Omnibus Directive, FTC rule on fake reviews); the score is only a private signal.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, clock } = deps;
  const repo = createReviewsRepo({ db });

  async function ownedProperty(tenant: Tenant, id: string) {
    const row = isUuid(id) ? await repo.findProperty(tenant.accountId, id) : null;
    if (!row) throw errors.propertyNotFound();
    return row;
  }

  /** spec 6: review requests are a paid extra (free during the trial). */
  async function featureOn(accountId: string): Promise<boolean> {
    const holder = await repo.planHolder(accountId);
    if (!holder) return false;
    return featureAvailable(
      {
        plan: holder.plan,
        status_subscription: holder.statusSubscription as StatusSubscription,
        servicios: holder.servicios,
      },
      'reviews',
    );
  }

  async function settingsOf(propertyId: string) {
    const row = await repo.settings(propertyId);
    return row
      ? { sendHour: row.sendHour, delayDays: row.delayDays, scale: row.scale }
      : { ...defaultReviewSettings };
  }

  async function settingsView(tenant: Tenant, propertyId: string): Promise<ReviewSettings> {
    const property = await ownedProperty(tenant, propertyId);
    const s = await settingsOf(propertyId);
    return {
      send_hour: s.sendHour,
      delay_days: s.delayDays,
      scale: s.scale,
      enabled: property.reviewsEnabled,
      review_url: property.reviewUrl ?? '',
      time_zone: property.timeZone,
      feature_available: await featureOn(tenant.accountId),
    };
  }

  /** Records a score once and rings the bell; null when the request was answered before. */
  async function recordScore(request: ReviewRequestRow, score: number): Promise<ReviewRequestRow | null> {
    if (!Number.isInteger(score) || score < 1 || score > request.scale) throw errors.invalidScore();
    const answered = await repo.answer(request.id, score, clock.now());
    if (!answered) return null;
    const property = await repo.propertyById(request.propertyId);
    const stay = await repo.stayOf(request.bookingId);
    await deps.notifications.create({
      accountId: request.accountId,
      propertyId: request.propertyId,
      kind: 'review',
      title: translate('es', 'reviews.notify.title', { score, scale: request.scale }),
      body: translate('es', 'reviews.notify.body', {
        guest: stay?.name ?? '',
        property: property?.name ?? '',
      }),
      relationId: request.bookingId,
    });
    return answered;
  }

  /** A token the guest may hold: a request whose message went out. */
  async function sentRequest(token: string): Promise<ReviewRequestRow> {
    const row = token.length >= 16 && token.length <= 64 ? await repo.byToken(token) : null;
    if (!row || (row.status !== 'sent' && row.status !== 'answered')) throw errors.notFound();
    return row;
  }

  async function publicView(row: ReviewRequestRow): Promise<PublicReview> {
    const property = await repo.propertyById(row.propertyId);
    const stay = await repo.stayOf(row.bookingId);
    const answered = row.status === 'answered';
    return {
      property_name: property?.name ?? '',
      guest_name: (stay?.name ?? '').split(/\s+/)[0] ?? '',
      scale: row.scale,
      score: answered ? row.score : null,
      // The same URL for everyone, whatever the score (no review gating).
      review_url: answered ? (property?.reviewUrl ?? null) : null,
    };
  }

  return {
    featureOn,
    settingsOf,
    recordScore,

    getSettings: settingsView,

    /** PUT /api/properties/{id}/review-settings: waiting requests move to the new moment. */
    async putSettings(tenant: Tenant, propertyId: string, body: ReviewSettingsBody): Promise<ReviewSettings> {
      const property = await ownedProperty(tenant, propertyId);
      if (!(await featureOn(tenant.accountId))) throw errors.featureUnavailable();
      const now = clock.now();
      await repo.saveSettings({
        propertyId,
        accountId: tenant.accountId,
        sendHour: body.send_hour,
        delayDays: body.delay_days,
        scale: body.scale,
        updatedAt: now,
      });
      for (const waiting of await repo.scheduledOf(propertyId)) {
        await repo.update(waiting.id, {
          dueAt: reviewDueAt(waiting.endDate, body.delay_days, body.send_hour, property.timeZone),
          scale: body.scale,
        });
      }
      return settingsView(tenant, propertyId);
    },

    /** GET /api/properties/{id}/reviews/report: on the current scale (answers on the other one rescaled). */
    async report(tenant: Tenant, propertyId: string): Promise<ReviewReport> {
      await ownedProperty(tenant, propertyId);
      const { scale } = await settingsOf(propertyId);
      const counts = Object.fromEntries(
        (await repo.counts(tenant.accountId, propertyId)).map((c) => [c.status, Number(c.count)]),
      ) as Record<string, number>;
      const distribution = Array.from({ length: scale }, (_, i) => ({ score: i + 1, count: 0 }));
      let total = 0;
      let sum = 0;
      for (const s of await repo.scores(tenant.accountId, propertyId)) {
        if (s.score === null) continue;
        const n = Number(s.count);
        const bucket = distribution[rescaleScore(s.score, s.scale, scale) - 1];
        if (bucket) bucket.count += n;
        total += n;
        sum += ((s.score * scale) / s.scale) * n;
      }
      const latest = await repo.latestAnswers(tenant.accountId, propertyId, LATEST_ANSWERS);
      return {
        scale,
        sent: (counts.sent ?? 0) + (counts.answered ?? 0),
        answered: counts.answered ?? 0,
        scheduled: counts.scheduled ?? 0,
        failed: counts.failed ?? 0,
        average: total ? Math.round((sum / total) * 10) / 10 : null,
        distribution,
        latest: latest.map((a) => ({
          booking_id: a.bookingId,
          guest_name: a.guestName,
          score: a.score ?? 0,
          scale: a.scale,
          channel: a.channel,
          answered_at: (a.answeredAt ?? now()).toISOString(),
        })),
      };
    },

    /** GET /api/public/reviews/{token}. */
    async publicRequest(token: string): Promise<PublicReview> {
      return publicView(await sentRequest(token));
    },

    /**
     * POST /api/public/reviews/{token}: the first answer stands (a second one changes nothing and answers the
     * stored score), so the report counts each stay once. Answers the review URL, the same for every score.
     */
    async publicAnswer(token: string, score: number): Promise<PublicReview> {
      const row = await sentRequest(token);
      if (row.status === 'answered') return publicView(row);
      if (!Number.isInteger(score) || score < 1 || score > row.scale) throw errors.invalidScore();
      const answered = await recordScore(row, score);
      return publicView(answered ?? (await sentRequest(token)));
    },
  };

  function now() {
    return clock.now();
  }
}
