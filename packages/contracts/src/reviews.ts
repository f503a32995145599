import { REVIEW_MAX_DELAY_DAYS } from '@posada/domain/reviews';
import { z } from 'zod';

/**
 * Review requests after a stay (issue 17 item 6, docs/messaging.md "Review requests"): the operator's
 * settings and report (empresa) and the guest's public page `/r/{token}` (no login, rate limited).
 * The review URL and the on/off switch stay in the `guest-reviews` property settings (spec 5).
 */
export const reviewPaths = {
  settings: (propertyId: string) => `/api/properties/${propertyId}/review-settings`,
  report: (propertyId: string) => `/api/properties/${propertyId}/reviews/report`,
  publicRequest: (token: string) => `/api/public/reviews/${token}`,
  /** The guest page the message links to (the light guest entry, checkin.html). */
  guestPage: (token: string) => `/r/${token}`,
} as const;

const scale = z.union([z.literal(5), z.literal(10)], { message: 'validation.invalid_option' });

/** PUT /api/properties/{id}/review-settings. */
export const reviewSettingsBody = z.object({
  /** Hour of the day, in the property's time zone. */
  send_hour: z.number().int().min(0).max(23),
  /** Days after the departure date (0: the departure day). */
  delay_days: z.number().int().min(0).max(REVIEW_MAX_DELAY_DAYS),
  /** spec 9 keeps both readings: 1 to 5 and 1 to 10. */
  scale,
});
export type ReviewSettingsBody = z.input<typeof reviewSettingsBody>;

export const reviewSettingsSchema = z.object({
  send_hour: z.number().int(),
  delay_days: z.number().int(),
  scale: z.number().int(),
  /** From the guest-reviews settings (read only here): requests go out only when on and the URL is set. */
  enabled: z.boolean(),
  review_url: z.string(),
  time_zone: z.string(),
  /** The plan allows review requests (spec 6, a paid extra free during the trial). */
  feature_available: z.boolean(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

export const reviewAnswerSchema = z.object({
  booking_id: z.string(),
  guest_name: z.string(),
  score: z.number().int(),
  scale: z.number().int(),
  channel: z.string(),
  answered_at: z.string(),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** GET /api/properties/{id}/reviews/report. */
export const reviewReportSchema = z.object({
  /** The scale the average and the distribution are shown on (the current setting). */
  scale: z.number().int(),
  /** Requests that went out (sent or answered). */
  sent: z.number().int(),
  answered: z.number().int(),
  /** Requests waiting for their moment. */
  scheduled: z.number().int(),
  failed: z.number().int(),
  /** On `scale`, one decimal; null before the first answer. */
  average: z.number().nullable(),
  /** count per score 1…scale (answers on the other scale rescaled). */
  distribution: z.array(z.object({ score: z.number().int(), count: z.number().int() })),
  latest: z.array(reviewAnswerSchema),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** GET /api/public/reviews/{token}: what the guest page shows. */
export const publicReviewSchema = z.object({
  property_name: z.string(),
  guest_name: z.string(),
  scale: z.number().int(),
  /** The stored score once answered (the first answer stands). */
  score: z.number().int().nullable(),
  /** Given once answered: the same URL for every guest, whatever the score (no review gating). */
  review_url: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** POST /api/public/reviews/{token}. */
export const publicReviewBody = z.object({
  score: z
    .number({ message: 'reviews.invalid_score' })
    .int('reviews.invalid_score')
    .min(1, 'reviews.invalid_score')
    .max(10, 'reviews.invalid_score'),
});
export type PublicReviewBody = z.input<typeof publicReviewBody>;
