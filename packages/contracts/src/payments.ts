import { z } from 'zod';
import { text } from './primitives.ts';

/**
 * Guest payments (issue 16, docs/payments.md): the operator's payments account (Stripe Connect, spec 4
 * Payments account) and the payments of guests through it (spec 4 Guest charges, spec 8 payment link).
 * Money is integer minor units plus an ISO currency. Every answer is wrapped in the envelope.
 */

/** spec 4 Payments account: none, in progress ("approval can take days"), approved; restricted, rejected. */
export const paymentAccountStatuses = ['none', 'in_progress', 'approved', 'restricted', 'rejected'] as const;
export type PaymentAccountStatusName = (typeof paymentAccountStatuses)[number];

/** GET /api/payments/account */
export const paymentAccountSchema = z.object({
  /** False when the platform has no STRIPE_SECRET_KEY: nothing can be charged. */
  configured: z.boolean(),
  status: z.enum(paymentAccountStatuses),
  stripe_account_id: z.string().nullable(),
  country: z.string().nullable(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  /** What Stripe still needs, in plain words in the caller's language (empty when nothing). */
  requirements: z.array(z.string()),
  /** Stripe's disabled_reason in plain words, when the account is restricted or rejected. */
  disabled_reason: z.string().nullable(),
  current_deadline: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/** POST /api/payments/account/onboarding-link */
export const onboardingLinkSchema = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** `service`: a guest's request from the experiences store (issue 18). */
export const guestPaymentKinds = ['booking', 'link', 'deposit', 'service'] as const;
export type GuestPaymentKindName = (typeof guestPaymentKinds)[number];

/** See GuestPaymentStatus in apps/api/src/db/schema/payments.ts. */
export const guestPaymentStatuses = [
  'open',
  'authorized',
  'paid',
  'rejected',
  'expired',
  'released',
  'refunded',
  'canceled',
] as const;
export type GuestPaymentStatusName = (typeof guestPaymentStatuses)[number];

export const sendVias = ['email', 'whatsapp', 'copy'] as const;
export type SendVia = (typeof sendVias)[number];

export const guestPaymentSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  booking_id: z.string().nullable(),
  checkin_id: z.string().nullable(),
  kind: z.enum(guestPaymentKinds),
  status: z.enum(guestPaymentStatuses),
  concept: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  captured_amount: z.number().int(),
  refunded_amount: z.number().int(),
  /** The Checkout page, only while the payment is open. */
  checkout_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  capture_before: z.string().nullable(),
  guest_name: z.string().nullable(),
  guest_email: z.string().nullable(),
  guest_phone: z.string().nullable(),
  sent_via: z.string().nullable(),
  sent_at: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type GuestPayment = z.infer<typeof guestPaymentSchema>;

/** The longest concept Stripe shows well on Checkout. */
export const CONCEPT_MAX = 120;
/** A guest charge of at most 1e9 minor units (ten million euros; a PostgreSQL integer holds it). */
export const GUEST_PAYMENT_MAX = 1_000_000_000;

/** POST /api/bookings/{bookingId}/payments: a payment link (guest charge) on a reservation. */
export const createPaymentLinkBody = z.object({
  concept: text({ max: CONCEPT_MAX, trim: true }).min(1, { message: 'validation.required' }),
  /** Minor units; 0 is refused with payments.price_zero (spec 8). */
  amount: z.number().int().min(0).max(GUEST_PAYMENT_MAX),
  send_via: z.enum(sendVias).optional(),
});
export type CreatePaymentLinkBody = z.input<typeof createPaymentLinkBody>;

/** POST /api/guest-payments/{id}/send */
export const sendGuestPaymentBody = z.object({ via: z.enum(sendVias) });
export type SendGuestPaymentBody = z.input<typeof sendGuestPaymentBody>;

/** POST /api/guest-payments/{id}/refund: the whole remaining amount when `amount` is left out. */
export const refundGuestPaymentBody = z.object({
  amount: z.number().int().min(1).max(GUEST_PAYMENT_MAX).optional(),
});
export type RefundGuestPaymentBody = z.input<typeof refundGuestPaymentBody>;

export const paymentsRoutes = {
  account: '/api/payments/account',
  onboardingLink: '/api/payments/account/onboarding-link',
  refreshAccount: '/api/payments/account/refresh',
  bookingPayments: (bookingId: string) => `/api/bookings/${bookingId}/payments`,
  send: (id: string) => `/api/guest-payments/${id}/send`,
  refund: (id: string) => `/api/guest-payments/${id}/refund`,
  cancel: (id: string) => `/api/guest-payments/${id}/cancel`,
} as const;
