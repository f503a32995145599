import { z } from 'zod';
import { uuid } from './primitives.ts';

/**
 * Deposits of programmed check-ins (issue 16; spec 2.4 Deposit widget and Booking details deposit table,
 * spec 3 programmed.cantidad_payment, spec 4 Deposit, spec 7 request-verification-deposit and refund-deposit;
 * docs/payments.md "Deposits"). `programmed_id` is the check-in's id. Money in minor units; COP for a property
 * in Colombia, EUR otherwise.
 */

/** spec 4 Deposit: 0 unknown (skeleton), 1 paid, 2 pending, 3 refunded. */
export const depositStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** How a deposit is secured: a hold on the card (stays inside the ~7-day window) or a saved card. */
export const depositMethods = ['hold', 'saved_card'] as const;

/** POST /api/request-verification-deposit and POST /api/refund-deposit (spec 7). */
export const programmedIdBody = z.object({ programmed_id: uuid('validation.required') });
export type ProgrammedIdBody = z.input<typeof programmedIdBody>;

/** The answer of request-verification-deposit (spec 7 `is_refunded`, `payment_status`, and what screens need). */
export const depositVerificationSchema = z.object({
  programmed_id: z.string(),
  booking_id: z.string().nullable(),
  is_refunded: z.boolean(),
  /** 'succeeded' when the deposit is held or taken, else 'pending'. */
  payment_status: z.enum(['succeeded', 'pending']),
  status: depositStateSchema,
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(depositMethods).nullable(),
  /** The guest payment's own state (guest_payments.status), null when the guest has not started. */
  payment_state: z.string().nullable(),
  captured_amount: z.number().int(),
  refunded_amount: z.number().int(),
  /** A hold must be captured before this instant; null for a saved card or no hold. */
  capture_before: z.string().nullable(),
  /** spec 4: the refund is offered only when paid. */
  can_refund: z.boolean(),
  /** A damage amount can be charged: a hold in place, or a saved card. */
  can_capture: z.boolean(),
  /** False when the platform has no Stripe key: the deposit is then paid at the property. */
  configured: z.boolean(),
});
export type DepositVerification = z.infer<typeof depositVerificationSchema>;

/** POST /api/deposits/{checkinId}/capture: charge a damage amount (≤ what is held). */
export const captureDepositBody = z.object({
  amount: z.number().int().min(1, 'deposits.amount_invalid').max(1_000_000_000),
});
export type CaptureDepositBody = z.input<typeof captureDepositBody>;

/** PUT /api/deposits/{checkinId}: the deposit a check-in asks for (0 removes it). */
export const setDepositBody = z.object({
  amount: z.number().int().min(0, 'deposits.amount_invalid').max(1_000_000_000),
});
export type SetDepositBody = z.input<typeof setDepositBody>;

export const depositParams = z.object({ checkinId: uuid() });

/** GET /api/deposits?booking_id= | upcoming: the programmed check-ins that ask for a deposit. */
export const depositsQuery = z.object({
  booking_id: uuid().optional(),
  property_id: uuid().optional(),
});

export const depositItemSchema = z.object({
  programmed_id: z.string(),
  booking_id: z.string().nullable(),
  property_id: z.string(),
  property_name: z.string(),
  guest_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The last state stored (spec 4 0..3); screens verify it with request-verification-deposit. */
  status: depositStateSchema,
});
export type DepositItem = z.infer<typeof depositItemSchema>;
export const depositListSchema = z.object({ items: z.array(depositItemSchema) });
export type DepositList = z.infer<typeof depositListSchema>;

/** Why a guest cannot pay the deposit online (it is then paid at the property). */
export const guestDepositUnavailable = ['not_configured', 'no_payments_account'] as const;

/** GET /api/guest/checkin/deposit (guest session). */
export const guestDepositSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  status: depositStateSchema,
  method: z.enum(depositMethods).nullable(),
  /** open: the guest started Checkout and has not finished it. */
  payment_state: z.string().nullable(),
  online: z.boolean(),
  unavailable: z.enum(guestDepositUnavailable).nullable(),
});
export type GuestDeposit = z.infer<typeof guestDepositSchema>;

/** POST /api/guest/checkin/deposit/checkout: where to send the guest. */
export const guestDepositCheckoutSchema = z.object({ url: z.string() });
export type GuestDepositCheckout = z.infer<typeof guestDepositCheckoutSchema>;

export const depositPaths = {
  verify: '/api/request-verification-deposit',
  refund: '/api/refund-deposit',
  list: '/api/deposits',
  deposit: (checkinId: string) => `/api/deposits/${checkinId}`,
  capture: (checkinId: string) => `/api/deposits/${checkinId}/capture`,
  guest: '/api/guest/checkin/deposit',
  guestCheckout: '/api/guest/checkin/deposit/checkout',
} as const;
