import type {
  AddonCode,
  BillingPeriod,
  InvoiceLine,
  InvoiceParty,
  PlanCode,
  PriceTable,
  PropertyGroup,
  SubscriptionState,
} from '@posada/domain/pricing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * The platform's price list (spec 3 Subscription price ranges, spec 9 tiers), edited by the admin
 * (`manager/prices`). Never updated: every edit is a new version; a subscription keeps the version it was
 * priced with until its next period (changes apply to new periods).
 */
export const priceBooks = pgTable('price_books', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().unique('price_books_version_key'),
  prices: jsonb('prices').$type<PriceTable>().notNull(),
  note: text('note'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Discount codes (spec 3 Subscription discount or coupon), mirrored to Stripe coupons when configured. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** Exactly one of percent_off (1..100) and amount_off (minor units of EUR). */
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    /** once | forever | repeating (duration_months) */
    duration: text('duration').notNull().default('once'),
    durationMonths: integer('duration_months'),
    maxRedemptions: integer('max_redemptions'),
    redeemed: integer('redeemed').notNull().default(0),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    stripeCouponId: text('stripe_coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_upper_idx').on(sql`upper(${t.code})`),
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOff} is null)`),
  ],
);

/**
 * The operator's subscription (spec 3 Subscription; spec 4 Subscription). One per account. The account's
 * spec 3 User fields (plan, status_subscription, quantity, servicios, suscription_id_stripe, payment_fail)
 * are a projection of this row, written by the subscriptions service only; feature gates read them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<PlanCode>().notNull(),
    billingPeriod: text('billing_period').$type<BillingPeriod>().notNull().default('monthly'),
    propertyGroup: text('property_group').$type<PropertyGroup>().notNull(),
    /** Units billed (properties, rooms, beds or capacity, spec 3); becomes the account's quantity. */
    units: integer('units').notNull(),
    addons: text('addons').array().$type<AddonCode[]>().notNull().default(sql`'{}'::text[]`),
    state: text('state').$type<SubscriptionState>().notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    priceBookId: uuid('price_book_id').references(() => priceBooks.id),
    currency: text('currency').notNull().default('EUR'),
    /** The period's total before VAT, minor units (after tier, add-ons and coupon). */
    amount: integer('amount').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id').unique('subscriptions_customer_key'),
    stripeSubscriptionId: text('stripe_subscription_id').unique('subscriptions_stripe_key'),
    /** The last subscription reading applied (Stripe's event time): an older one never overwrites it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The last failed charge, for the banner's fix link (spec 3 paymentfail). */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscriptions_units_positive', sql`${t.units} >= 1`)],
);

/** spec 3 Billing data: who the platform's invoices are made out to. */
export const billingDetails = pgTable('billing_details', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  /** NIF/CIF/NIE for Spain (checked), the VAT or tax number elsewhere. */
  taxId: text('tax_id').notNull(),
  address: text('address').notNull(),
  city: text('city'),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  province: text('province'),
  postalCode: text('postal_code').notNull(),
  /** Where invoices are sent (the account owner's e-mail when empty). */
  email: text('email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The next number of each invoice series per year: numbers are taken in the issuing transaction, no gaps. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    /** 'F' invoices, 'R' credit notes (rectificativas). */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * An invoice or credit note the platform issued to an operator (spec 3 Invoice). Immutable once issued:
 * only `status` and `paid_at` change; a correction is a credit note (`corrects_invoice_id`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** invoice | credit_note */
    kind: text('kind').notNull().default('invoice'),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** 'F2026-000001' */
    code: text('code').notNull().unique('invoices_code_key'),
    correctsInvoiceId: uuid('corrects_invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    /** Basis points: 2100 = 21 %. 0 with reverse charge. */
    vatRate: integer('vat_rate').notNull(),
    vatAmount: integer('vat_amount').notNull(),
    total: integer('total').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** paid | unpaid (spec 3 Invoice status) */
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    issuer: jsonb('issuer').$type<InvoiceParty>().notNull(),
    customer: jsonb('customer').$type<InvoiceParty>().notNull(),
    /** The PDF's language: the customer's (es | en | ar). */
    locale: text('locale').notNull(),
    stripeInvoiceId: text('stripe_invoice_id').unique('invoices_stripe_invoice_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_number_idx').on(t.series, t.year, t.number),
    index('invoices_account_idx').on(t.accountId, t.issuedAt),
  ],
);

/** Subscription charges and their failures across accounts (manager/payments). */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** The Stripe event that recorded it: a replay records nothing twice. */
    stripeEventId: text('stripe_event_id').unique('billing_payments_event_key'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** succeeded | failed | refunded */
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_payments_account_idx').on(t.accountId, t.occurredAt),
    index('billing_payments_occurred_idx').on(t.occurredAt),
  ],
);

/** Every admin action (issue 16): who, what, on which account, why, before and after. Append-only. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetAccountId: uuid('target_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_account_idx').on(t.targetAccountId, t.createdAt),
  ],
);
