import { addonCodes, planCodes, tierFloors } from '@posada/domain/pricing';
import { z } from 'zod';
import { isoDate as calendarDate, multilineText, text, uuid } from './primitives.ts';

/**
 * The admin back office's money and account screens (issue 16, spec 2.2 /manager/prices, payments,
 * user_management and the user's accommodation information). Money is integer minor units plus an ISO
 * currency. Every answer is wrapped in the envelope.
 */

const planCode = z.enum(planCodes);
const addonCode = z.enum(addonCodes);
const amount = z.number().int('admin.price_integer').min(0, 'admin.price_negative').max(100_000_000);

const ladder = (count: number) =>
  z.array(amount).refine((values) => values.length === count, { message: 'admin.price_tier_count' });

const groupLadders = z.object({
  hotel: ladder(tierFloors.hotel.length),
  apartment: ladder(tierFloors.apartment.length),
});

/** packages/domain PriceTable, checked: non-negative integers, one amount per tier of each group. */
export const priceTableSchema = z.object({
  currency: z.literal('EUR'),
  plans: z.object({ standard: groupLadders, smart: groupLadders }),
  addons: z.object(
    Object.fromEntries(addonCodes.map((code) => [code, amount])) as Record<
      (typeof addonCodes)[number],
      typeof amount
    >,
  ),
  included: z.object({ standard: z.array(addonCode), smart: z.array(addonCode) }),
});

// ---------------------------------------------------------------------------------------------------
// Audit log (every admin action)
// ---------------------------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: uuid(),
  action: z.string(),
  admin_user_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  target_account_id: z.string().nullable(),
  target_account_name: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  account_id: uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;

// ---------------------------------------------------------------------------------------------------
// manager/prices: price books and coupons
// ---------------------------------------------------------------------------------------------------

export const priceBookSchema = z.object({
  id: uuid(),
  version: z.number().int(),
  prices: priceTableSchema,
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Subscriptions priced with this version (they keep it until their next period). */
  subscriptions_count: z.number().int(),
});
export type PriceBook = z.infer<typeof priceBookSchema>;

export const adminPricesSchema = z.object({
  current: priceBookSchema,
  /** Every version, newest first (the current one included). */
  history: z.array(priceBookSchema),
  tier_floors: z.object({ hotel: z.array(z.number().int()), apartment: z.array(z.number().int()) }),
  annual_months_charged: z.number().int(),
});
export type AdminPrices = z.infer<typeof adminPricesSchema>;

export const createPriceBookBody = z.object({
  prices: priceTableSchema,
  note: text({ max: 300, trim: true }).optional(),
});
export type CreatePriceBookBody = z.infer<typeof createPriceBookBody>;

export const couponDurations = ['once', 'forever', 'repeating'] as const;

export const couponSchema = z.object({
  id: uuid(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  currency: z.string(),
  duration: z.enum(couponDurations),
  duration_months: z.number().int().nullable(),
  max_redemptions: z.number().int().nullable(),
  redeemed: z.number().int(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof couponSchema>;

export const createCouponBody = z
  .object({
    code: text({ max: 40, trim: true })
      .min(3, 'validation.too_short')
      .regex(/^[A-Za-z0-9_-]+$/, 'admin.coupon_code_format'),
    percent_off: z
      .number()
      .int()
      .min(1, 'admin.coupon_percent_range')
      .max(100, 'admin.coupon_percent_range')
      .nullish(),
    amount_off: z.number().int().min(1, 'admin.coupon_amount_positive').max(100_000_000).nullish(),
    duration: z.enum(couponDurations),
    duration_months: z
      .number()
      .int()
      .min(1, 'admin.coupon_months_range')
      .max(36, 'admin.coupon_months_range')
      .nullish(),
    // An integer column: more than 1,000,000 redemptions is a typo, not a coupon.
    max_redemptions: z
      .number()
      .int()
      .min(1, 'admin.coupon_redemptions_positive')
      .max(1_000_000, 'admin.coupon_redemptions_range')
      .nullish(),
    /** YYYY-MM-DD (valid through that day, UTC) or an ISO instant. */
    valid_until: text({ max: 40, trim: true }).min(10).nullish(),
  })
  .superRefine((body, ctx) => {
    if ((body.percent_off == null) === (body.amount_off == null)) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'admin.coupon_one_discount' });
    }
    if (body.duration === 'repeating' && body.duration_months == null) {
      ctx.addIssue({ code: 'custom', path: ['duration_months'], message: 'admin.coupon_months_range' });
    }
    if (body.valid_until != null && Number.isNaN(Date.parse(body.valid_until))) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'admin.coupon_valid_until' });
    }
  });
export type CreateCouponBody = z.infer<typeof createCouponBody>;

export const updateCouponBody = z.object({ active: z.boolean() });
export const idParams = z.object({ id: uuid() });

// ---------------------------------------------------------------------------------------------------
// manager/payments
// ---------------------------------------------------------------------------------------------------

export const billingPaymentStatuses = ['succeeded', 'failed', 'refunded'] as const;
const isoDate = calendarDate();

export const adminPaymentsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(billingPaymentStatuses).optional(),
  /** Part of the account's name (or its owner's e-mail). */
  account: text({ max: 120, trim: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(25),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

export const adminPaymentRow = z.object({
  id: uuid(),
  account_id: z.string(),
  account_name: z.string(),
  invoice_id: z.string().nullable(),
  invoice_code: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(billingPaymentStatuses),
  failure_message: z.string().nullable(),
  occurred_at: z.string(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>;

const moneyTotal = z.object({ currency: z.string(), amount: z.number().int(), count: z.number().int() });

export const adminPaymentsPage = z.object({
  /** False when the platform has no STRIPE_SECRET_KEY: no subscription is charged, nothing arrives here. */
  configured: z.boolean(),
  items: z.array(adminPaymentRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.object({
    /** Succeeded payments by currency. */
    collected: z.array(moneyTotal),
    refunded: z.array(moneyTotal),
    failed_count: z.number().int(),
  }),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPage>;

// ---------------------------------------------------------------------------------------------------
// manager/user_management
// ---------------------------------------------------------------------------------------------------

export const subscriptionStateNames = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'expired',
  'free',
] as const;

export const adminAccountSchema = z.object({
  id: uuid(),
  name: z.string(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  owner_user_id: z.string().nullable(),
  status_subscription: z.string(),
  plan: planCode.nullable(),
  units: z.number().int(),
  addons: z.array(addonCode),
  state: z.enum(subscriptionStateNames).nullable(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  properties_count: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsQuery = z.object({
  search: text({ max: 120, trim: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuery>;

export const adminAccountsPage = z.object({
  items: z.array(adminAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const adminAccountChangeBody = z.object({
  plan: planCode.optional(),
  units: z.number().int().min(1, 'admin.units_positive').max(100_000).optional(),
  addons: z.array(addonCode).optional(),
  /** ISO instant or YYYY-MM-DD (the end of that day, UTC). */
  trial_ends_at: text({ max: 40, trim: true }).min(10).optional(),
  state: z.enum(subscriptionStateNames).optional(),
  reason: multilineText(500, { trim: true }).min(1, 'admin.reason_required'),
});
export type AdminAccountChangeBody = z.infer<typeof adminAccountChangeBody>;

export const adminAccountChangeResult = z.object({
  account: adminAccountSchema,
  audit: auditEntrySchema,
});

// ---------------------------------------------------------------------------------------------------
// The user's accommodation information (accommodation-{id}-manager-user-{id}-information)
// ---------------------------------------------------------------------------------------------------

export const userIdParams = z.object({ userId: uuid() });

export const adminUserInformation = z.object({
  user: z.object({
    id: uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    email_verified: z.boolean(),
    created_at: z.string(),
  }),
  account: adminAccountSchema.nullable(),
  properties: z.array(
    z.object({
      id: uuid(),
      name: z.string(),
      tipo_hospedaje: z.string().nullable(),
      city: z.string().nullable(),
      checkins_completed: z.number().int(),
      checkins_pending: z.number().int(),
    }),
  ),
});
export type AdminUserInformation = z.infer<typeof adminUserInformation>;

export const adminCheckinsQuery = z.object({
  accommodation_id: uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminCheckinsQuery = z.infer<typeof adminCheckinsQuery>;

export const adminCheckinRow = z.object({
  id: uuid(),
  property_id: z.string(),
  property_name: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  expected_guests: z.number().int(),
  status: z.string(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCheckinRow = z.infer<typeof adminCheckinRow>;

export const adminCheckinsPage = z.object({
  items: z.array(adminCheckinRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminCheckinsPage = z.infer<typeof adminCheckinsPage>;

export const adminBillingPaths = {
  audit: '/api/admin/audit',
  prices: '/api/admin/prices',
  coupons: '/api/admin/coupons',
  coupon: (id: string) => `/api/admin/coupons/${id}`,
  payments: '/api/admin/payments',
  accounts: '/api/admin/accounts',
  account: (id: string) => `/api/admin/accounts/${id}`,
  information: (userId: string) => `/api/admin/users/${userId}/information`,
  checkins: (userId: string) => `/api/admin/users/${userId}/retrive-checkins`,
  checkinsPending: (userId: string) => `/api/admin/users/${userId}/retrive-checkins-pending`,
} as const;
