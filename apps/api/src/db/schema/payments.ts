import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { checkins } from './checkins.ts';
import { properties } from './properties.ts';

/**
 * Every Stripe webhook event received (issue 16, docs/payments.md): stored once by its event id before it
 * is applied, so a replay changes nothing. `stripe_account` is the connected account of a Connect event.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull().default(false),
    stripeAccount: text('stripe_account'),
    /** The Posada account it concerns, when one was found (null: stored, nothing to apply). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** event.created: Stripe's clock, used to ignore an older state arriving after a newer one. */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('stripe_events_type_idx').on(t.type, t.receivedAt)],
);

/** spec 4 Payments account: none | in_progress | approved; restricted and rejected say what Stripe needs. */
export type PaymentAccountStatus = 'none' | 'in_progress' | 'approved' | 'restricted' | 'rejected';

/**
 * The operator's payments account (spec 3 Payments account; Stripe Connect): the connected account and
 * what its last reading said. Updated from `account.updated` by re-reading the account (order safe).
 */
export const paymentAccounts = pgTable('payment_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique('payment_accounts_stripe_account_key'),
  status: text('status').$type<PaymentAccountStatus>().notNull().default('in_progress'),
  country: text('country').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  currentlyDue: text('currently_due').array().notNull().default(sql`'{}'::text[]`),
  pastDue: text('past_due').array().notNull().default(sql`'{}'::text[]`),
  pendingVerification: text('pending_verification').array().notNull().default(sql`'{}'::text[]`),
  disabledReason: text('disabled_reason'),
  currentDeadline: timestamp('current_deadline', { withTimezone: true }),
  /** Stripe's `created` of the reading applied last: an older reading never overwrites a newer one. */
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a guest payment is for: `booking` a direct booking paid online in advance, `link` a payment link or
 * guest charge for any amount on a reservation, `deposit` the hold of a programmed check-in, `service` a
 * request from the experiences store (issue 18).
 */
export type GuestPaymentKind = 'booking' | 'link' | 'deposit' | 'service';
/**
 * open: Checkout session open, waiting for the guest; authorized: a deposit held (requires_capture);
 * paid: money taken; rejected: payment failed; expired: the session or the hold ran out; released: a
 * deposit hold cancelled (no money moved); refunded: money given back (refunded_amount may be partial);
 * canceled: the operator withdrew the link before it was paid.
 */
export type GuestPaymentStatus =
  | 'open'
  | 'authorized'
  | 'paid'
  | 'rejected'
  | 'expired'
  | 'released'
  | 'refunded'
  | 'canceled';

/** A guest's payment through the operator's payments account (issue 16, docs/payments.md). */
export const guestPayments = pgTable(
  'guest_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    kind: text('kind').$type<GuestPaymentKind>().notNull(),
    status: text('status').$type<GuestPaymentStatus>().notNull().default('open'),
    /** What the guest sees on Checkout ('3 noches · Apartamento 2B', 'Traslado aeropuerto'). */
    concept: text('concept').notNull(),
    /** Minor units (ARCHITECTURE §6). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The platform fee taken on a destination charge (0 when none is configured). */
    applicationFeeAmount: integer('application_fee_amount').notNull().default(0),
    capturedAmount: integer('captured_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    stripeAccountId: text('stripe_account_id').notNull(),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique('guest_payments_session_key'),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique('guest_payments_intent_key'),
    /** A deposit for a stay longer than a hold lasts: the saved card, charged off-session only if needed. */
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    checkoutUrl: text('checkout_url'),
    /** When the Checkout session expires (open) or the hold must be captured by (authorized). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    captureBefore: timestamp('capture_before', { withTimezone: true }),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    guestPhone: text('guest_phone'),
    /** email | whatsapp | sms | copy: how a link was last sent, and when. */
    sentVia: text('sent_via'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guest_payments_account_idx').on(t.accountId, t.createdAt),
    index('guest_payments_booking_idx').on(t.bookingId),
    index('guest_payments_checkin_idx').on(t.checkinId),
    index('guest_payments_open_idx').on(t.status, t.expiresAt),
    uniqueIndex('guest_payments_one_live_deposit_idx')
      .on(t.checkinId)
      .where(sql`${t.kind} = 'deposit' and ${t.status} in ('open', 'authorized', 'paid')`),
  ],
);
