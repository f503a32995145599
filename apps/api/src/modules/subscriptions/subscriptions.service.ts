import type {
  Pricing,
  Subscription,
  SubscriptionChangeBody,
  SubscriptionChoiceBody,
  SubscriptionPreview,
  SubscriptionQuote,
} from '@posada/contracts/subscriptions';
import {
  type AddonCode,
  activeAddons,
  type PlanCode,
  prorate,
  quote,
  type SubscriptionState,
} from '@posada/domain/pricing';
import { trialDaysLeft } from '@posada/domain/subscription';
import type Stripe from 'stripe';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { Db } from '../../db/client.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { createSubscriptionCore, type SubscriptionsDeps } from './subscription-core.ts';
import { couponOf, couponUsable, couponView, toPricing, toQuoteLine } from './subscription-pricing.ts';
import { statusOf } from './subscription-projection.ts';
import {
  type Choice,
  createProductCatalog,
  createVatRates,
  intervalOf,
  itemUpdates,
  metadataOf,
  wantedItems,
} from './subscription-stripe.ts';
import { createSubscriptionSync, trialOver } from './subscription-sync.ts';
import { subscriptionsErrors } from './subscriptions.errors.ts';
import type { CouponRow, SubscriptionRow } from './subscriptions.repo.ts';

export type { SubscriptionsDeps } from './subscription-core.ts';

/** What helper F's admin user management may change (manager/user_management). */
export interface AdminSubscriptionChange {
  plan?: PlanCode;
  units?: number;
  addons?: AddonCode[];
  trialEndsAt?: Date | null;
  state?: SubscriptionState;
}

/** A row as the admin's audit log keeps it (before/after). */
export const snapshotOf = (r: SubscriptionRow) => ({
  state: r.state,
  plan: r.plan,
  billing_period: r.billingPeriod,
  property_group: r.propertyGroup,
  units: r.units,
  addons: [...r.addons],
  trial_ends_at: r.trialEndsAt?.toISOString() ?? null,
  current_period_end: r.currentPeriodEnd?.toISOString() ?? null,
  cancel_at_period_end: r.cancelAtPeriodEnd,
  stripe_subscription_id: r.stripeSubscriptionId,
  amount: r.amount,
});

export type SubscriptionSnapshot = ReturnType<typeof snapshotOf>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A paid Stripe subscription the operator can change, cancel or fix (not one that has ended). */
const hasLiveStripe = (r: SubscriptionRow) => Boolean(r.stripeSubscriptionId) && r.state !== 'expired';

/**
 * The operator's subscription to Posada (issue 16, docs/billing.md; owns subscriptions and
 * billing_payments): the price book, quotes, Checkout, changes with proration, cancel and resume, the
 * billing portal, the Stripe events, the trial's end, and the admin's changes. The account's spec 3 fields
 * are written only here (projectAccount).
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const core = createSubscriptionCore(deps);
  const { repo } = core;
  const ensureProduct = deps.stripe ? createProductCatalog(deps.stripe) : null;
  const sync = createSubscriptionSync(deps, core);
  const vatRates = deps.stripe ? createVatRates(deps.stripe) : null;

  /** The account's VAT as Stripe tax rate ids (billing's vatDecision; none at 0 % or without billing). */
  async function vatRatesOf(accountId: string): Promise<string[]> {
    const billing = deps.billing?.() ?? null;
    if (!billing || !vatRates) return [];
    return vatRates((await billing.vatDecision(accountId)).rate);
  }

  const stripeOrFail = () => {
    if (!deps.stripe || !ensureProduct) throw subscriptionsErrors.notConfigured();
    return { stripe: deps.stripe, ensureProduct };
  };

  /** Stripe's failures become one coded error (the integrations page counts them). */
  async function callStripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AdapterError) {
        deps.logger?.warn({ err: error }, 'subscriptions: Stripe call failed');
        throw subscriptionsErrors.providerFailed();
      }
      throw error;
    }
  }

  async function couponFor(code: string | null | undefined): Promise<CouponRow | null> {
    if (!code) return null;
    const row = await repo.findCouponByCode(code);
    if (!couponUsable(row, deps.clock.now())) throw subscriptionsErrors.invalidCoupon();
    return row;
  }

  async function view(accountId: string): Promise<Subscription> {
    let row = await core.ensure(accountId);
    // A trial over before the job ran reads as what the job will make it (and is made so now, once).
    if (trialOver(row, deps.clock.now())) {
      await sync.expireTrialIfEnded(accountId);
      row = await core.ensure(accountId);
    }
    const [account, properties, coupon] = await Promise.all([
      repo.findAccount(accountId),
      repo.countProperties(accountId),
      row.couponId ? repo.findCoupon(row.couponId) : null,
    ]);
    const status = statusOf(row);
    return {
      configured: deps.stripe !== null,
      state: row.state === 'free' ? 'active' : row.state,
      status_subscription: status,
      billed_by: hasLiveStripe(row) ? 'stripe' : status === 'subscribed' ? 'posada' : 'none',
      plan: row.plan,
      billing_period: row.billingPeriod,
      property_group: row.propertyGroup,
      units: row.units,
      addons: row.addons,
      trial_ends_at: iso(row.trialEndsAt),
      restaday: status === 'demo' ? trialDaysLeft(row.trialEndsAt, deps.clock.now()) : 0,
      current_period_start: iso(row.currentPeriodStart),
      current_period_end: iso(row.currentPeriodEnd),
      cancel_at_period_end: row.cancelAtPeriodEnd,
      payment_fail: row.paymentFailedAt !== null,
      has_stripe_subscription: hasLiveStripe(row),
      amount: row.amount,
      currency: row.currency,
      coupon: couponView(coupon),
      usage: { properties, quantity: account?.quantity ?? 0 },
    };
  }

  const choiceOf = (row: SubscriptionRow, body: Partial<SubscriptionChoiceBody>): Choice => ({
    plan: body.plan ?? row.plan,
    period: body.billing_period ?? row.billingPeriod,
    group: row.propertyGroup,
    units: body.units ?? row.units,
    addons: body.addons ?? row.addons,
  });

  async function quoteFor(tenant: Tenant, body: SubscriptionChoiceBody): Promise<SubscriptionQuote> {
    const row = await core.ensure(tenant.accountId);
    const { table } = await core.priceTable();
    const coupon = await couponFor(body.coupon);
    const choice = choiceOf(row, body);
    const q = quote(table, { ...choice, coupon: couponOf(coupon) });
    return {
      currency: q.currency,
      plan: choice.plan,
      billing_period: choice.period,
      property_group: choice.group,
      units: q.units,
      tier: q.tier,
      lines: q.lines.map(toQuoteLine),
      total: q.total,
      monthly_total: q.monthlyTotal,
      annual_total: q.annualTotal,
      annual_per_unit: q.annualPerUnit,
      coupon: couponView(coupon),
      trial_days_left: statusOf(row) === 'demo' ? trialDaysLeft(row.trialEndsAt, deps.clock.now()) : 0,
    };
  }

  /** The Stripe coupon of ours (fixed id), created on first use. */
  async function stripeCouponId(stripe: NonNullable<SubscriptionsDeps['stripe']>, c: CouponRow) {
    if (c.stripeCouponId) return c.stripeCouponId;
    const id = `posada_${c.code.toUpperCase()}`;
    try {
      await stripe.createCoupon(
        {
          id,
          name: c.code,
          ...(c.percentOff != null
            ? { percent_off: c.percentOff }
            : { amount_off: c.amountOff ?? 0, currency: 'eur' }),
          duration: (c.duration as Stripe.CouponCreateParams.Duration) ?? 'once',
          ...(c.duration === 'repeating' && c.durationMonths ? { duration_in_months: c.durationMonths } : {}),
        },
        { idempotencyKey: `coupon-${id}` },
      );
    } catch (error) {
      if (!(error instanceof AdapterError && error.kind === 'rejected')) throw error;
    }
    return id;
  }

  async function customerFor(row: SubscriptionRow): Promise<string> {
    if (row.stripeCustomerId) return row.stripeCustomerId;
    const { stripe } = stripeOrFail();
    const [owner, account] = await Promise.all([
      repo.ownerEmail(row.accountId),
      repo.findAccount(row.accountId),
    ]);
    const customer = await stripe.createCustomer(
      {
        email: owner?.email,
        name: account?.name ?? owner?.name,
        metadata: { account_id: row.accountId },
      },
      { idempotencyKey: `customer-${row.accountId}` },
    );
    await core.change(row.accountId, (r) => (r.stripeCustomerId ? null : { stripeCustomerId: customer.id }));
    return customer.id;
  }

  async function liveSubscription(accountId: string) {
    const { stripe, ensureProduct: ensure } = stripeOrFail();
    const row = await core.ensure(accountId);
    if (!hasLiveStripe(row) || !row.stripeSubscriptionId) throw subscriptionsErrors.noSubscription();
    const sub = await callStripe(() => stripe.retrieveSubscription(row.stripeSubscriptionId as string));
    return { stripe, ensureProduct: ensure, row, sub };
  }

  function changedChoice(row: SubscriptionRow, changes: SubscriptionChangeBody['changes']): Choice {
    const next = choiceOf(row, changes);
    const same =
      next.plan === row.plan &&
      next.period === row.billingPeriod &&
      next.units === row.units &&
      [...next.addons].sort().join() === [...row.addons].sort().join();
    if (same) throw subscriptionsErrors.nothingChanged();
    return next;
  }

  const currentChoice = (row: SubscriptionRow): Choice => choiceOf(row, {});

  return {
    core,
    sync,

    async pricing(): Promise<Pricing> {
      const { table, version } = await core.priceTable();
      return toPricing(table, version);
    },

    get: (tenant: Tenant) => view(tenant.accountId),
    quote: quoteFor,

    /** POST /api/subscription/checkout: Stripe Checkout (mode subscription) on the platform account. */
    async checkout(tenant: Tenant, body: SubscriptionChoiceBody): Promise<{ url: string }> {
      const { stripe, ensureProduct: ensure } = stripeOrFail();
      const row = await core.ensure(tenant.accountId);
      if (hasLiveStripe(row)) throw subscriptionsErrors.alreadySubscribed();
      const { table, id: bookId } = await core.priceTable();
      const coupon = await couponFor(body.coupon);
      const choice = choiceOf(row, body);
      return callStripe(async () => {
        const items = await wantedItems(table, choice, ensure);
        const customer = await customerFor(row);
        const taxRates = await vatRatesOf(tenant.accountId);
        const now = deps.clock.now();
        // Stripe wants a trial end at least 48 hours ahead: fewer days left start the paid period now.
        const trialEnd =
          statusOf(row) === 'demo' &&
          row.trialEndsAt &&
          row.trialEndsAt.getTime() - now.getTime() >= 48 * 3_600_000
            ? Math.floor(row.trialEndsAt.getTime() / 1000)
            : undefined;
        const base = `${deps.appUrl}/business/invoices/select/suscriptions`;
        const session = await stripe.createCheckoutSession({
          mode: 'subscription',
          customer,
          client_reference_id: tenant.accountId,
          metadata: { account_id: tenant.accountId, purpose: 'subscription', price_book_id: bookId },
          line_items: items.map((i) => ({
            price_data: {
              currency: table.currency.toLowerCase(),
              product: i.product,
              unit_amount: i.unitAmount,
              recurring: { interval: intervalOf(choice.period) },
            },
            quantity: i.quantity,
          })),
          subscription_data: {
            metadata: {
              ...metadataOf(tenant.accountId, choice),
              ...(coupon ? { coupon_id: coupon.id } : {}),
            },
            ...(trialEnd ? { trial_end: trialEnd } : {}),
            // Stripe charges the VAT our invoice shows (exclusive, on top of the prices).
            ...(taxRates.length > 0 ? { default_tax_rates: taxRates } : {}),
          },
          ...(coupon ? { discounts: [{ coupon: await stripeCouponId(stripe, coupon) }] } : {}),
          success_url: `${base}?checkout=success`,
          cancel_url: `${base}?checkout=cancel`,
        });
        if (!session.url) throw subscriptionsErrors.providerFailed();
        return { url: session.url };
      });
    },

    /** POST /api/subscription/preview: what a change charges now (prorated) and costs from the renewal. */
    async preview(tenant: Tenant, body: SubscriptionChangeBody): Promise<SubscriptionPreview> {
      const { stripe, ensureProduct: ensure, row, sub } = await liveSubscription(tenant.accountId);
      const { table } = await core.priceTable();
      const coupon = couponOf(row.couponId ? await repo.findCoupon(row.couponId) : null);
      const next = changedChoice(row, body.changes);
      const oldQuote = quote(table, { ...currentChoice(row), coupon });
      const newQuote = quote(table, { ...next, coupon });
      const now = deps.clock.now();
      const start = row.currentPeriodStart ?? now;
      const end = row.currentPeriodEnd ?? now;
      const local = prorate(oldQuote.total, newQuote.total, start, end, now);
      // Stripe's own preview of the same update is what will be charged; our day count is the fallback.
      let amount = local.amount;
      try {
        const items = itemUpdates(sub, await wantedItems(table, next, ensure), table.currency, next.period);
        const invoice = await stripe.createInvoicePreview({
          customer: row.stripeCustomerId ?? undefined,
          subscription: sub.id,
          subscription_details: {
            items,
            proration_behavior: 'always_invoice',
            default_tax_rates: await vatRatesOf(tenant.accountId).then((r) => (r.length > 0 ? r : '')),
          },
        });
        const prorations = (invoice.lines?.data ?? []).filter(
          (l) => l.parent?.subscription_item_details?.proration || l.parent?.invoice_item_details?.proration,
        );
        if (prorations.length > 0) amount = prorations.reduce((s, l) => s + l.amount, 0);
      } catch (error) {
        deps.logger?.info(
          { err: error },
          'subscriptions: Stripe preview unavailable, day-based proration shown',
        );
      }
      const side = (c: Choice) => ({
        plan: c.plan,
        billing_period: c.period,
        units: c.units,
        addons: activeAddons(table, c.plan, c.addons),
      });
      const from = side(currentChoice(row));
      const to = side(next);
      const addonsLost = from.addons.filter((a) => !to.addons.includes(a));
      const inUse = addonsLost.length > 0 ? await repo.addonsInUse(tenant.accountId) : {};
      return {
        from,
        to,
        addons_gained: to.addons.filter((a) => !from.addons.includes(a)),
        addons_lost: addonsLost,
        in_use_lost: addonsLost
          .map((addon) => ({ addon, properties: inUse[addon] ?? [] }))
          .filter((u) => u.properties.length > 0),
        currency: table.currency,
        proration_amount: amount,
        days_left: local.daysLeft,
        period_days: local.periodDays,
        old_total: oldQuote.total,
        new_total: newQuote.total,
        next_renewal: iso(row.currentPeriodEnd),
        lines: newQuote.lines.map(toQuoteLine),
      };
    },

    /** PUT /api/subscription: applies the change on Stripe (prorated amount invoiced and charged now). */
    async change(tenant: Tenant, body: SubscriptionChangeBody): Promise<Subscription> {
      const { stripe, ensureProduct: ensure, row, sub } = await liveSubscription(tenant.accountId);
      const { table, id: bookId } = await core.priceTable();
      const next = changedChoice(row, body.changes);
      const updated = await callStripe(async () =>
        stripe.updateSubscription(sub.id, {
          items: itemUpdates(sub, await wantedItems(table, next, ensure), table.currency, next.period),
          proration_behavior: 'always_invoice',
          metadata: metadataOf(tenant.accountId, next),
          // The VAT as the billing data say it now (they may have changed since Checkout).
          default_tax_rates: await vatRatesOf(tenant.accountId).then((r) => (r.length > 0 ? r : '')),
        }),
      );
      await sync.applyReading(tenant.accountId, updated, null, bookId);
      return view(tenant.accountId);
    },

    /** POST /api/subscription/cancel: cancels at the period's end; access is kept until then. */
    async cancel(tenant: Tenant): Promise<Subscription> {
      const { stripe, row, sub } = await liveSubscription(tenant.accountId);
      if (row.cancelAtPeriodEnd) throw subscriptionsErrors.notCancelling();
      const updated = await callStripe(() =>
        stripe.updateSubscription(sub.id, { cancel_at_period_end: true }),
      );
      await sync.applyReading(tenant.accountId, updated, null);
      return view(tenant.accountId);
    },

    /** POST /api/subscription/resume: undoes a cancel before the period ends. */
    async resume(tenant: Tenant): Promise<Subscription> {
      const { stripe, row, sub } = await liveSubscription(tenant.accountId);
      if (!row.cancelAtPeriodEnd) throw subscriptionsErrors.notCancelling();
      const updated = await callStripe(() =>
        stripe.updateSubscription(sub.id, { cancel_at_period_end: false }),
      );
      await sync.applyReading(tenant.accountId, updated, null);
      return view(tenant.accountId);
    },

    /** POST /api/subscription/portal: Stripe's billing portal (the payment-failure banner's fix link). */
    async portal(tenant: Tenant): Promise<{ url: string }> {
      const { stripe } = stripeOrFail();
      const row = await core.ensure(tenant.accountId);
      if (!row.stripeCustomerId) throw subscriptionsErrors.noSubscription();
      const session = await callStripe(() =>
        stripe.createBillingPortalSession({
          customer: row.stripeCustomerId as string,
          return_url: `${deps.appUrl}/business/invoices/select/suscriptions`,
        }),
      );
      return { url: session.url };
    },

    /**
     * The admin's change of an account's subscription (manager/user_management; the admin module writes
     * the audit log with before and after). A running Stripe subscription follows without proration.
     */
    async applyAdminChange(
      accountId: string,
      input: AdminSubscriptionChange,
      adminUserId: string,
      options: {
        /** Runs in the change's transaction with the snapshots (the audit entry commits with the change). */
        inTransaction?: (
          tx: Db,
          result: { before: SubscriptionSnapshot; after: SubscriptionSnapshot },
        ) => Promise<void>;
      } = {},
    ): Promise<{ before: SubscriptionSnapshot; after: SubscriptionSnapshot }> {
      const row = await core.ensure(accountId);
      const next: Choice = {
        ...currentChoice(row),
        plan: input.plan ?? row.plan,
        units: input.units ?? row.units,
        addons: input.addons ?? row.addons,
      };
      const billingChanged =
        input.plan !== undefined || input.units !== undefined || input.addons !== undefined;
      if (deps.stripe && ensureProduct && hasLiveStripe(row) && row.stripeSubscriptionId) {
        const stripe = deps.stripe;
        const subId = row.stripeSubscriptionId;
        const { table } = await core.priceTable();
        await callStripe(async () => {
          const sub = await stripe.retrieveSubscription(subId);
          const params: Stripe.SubscriptionUpdateParams = { proration_behavior: 'none' };
          if (billingChanged) {
            params.items = itemUpdates(
              sub,
              await wantedItems(table, next, ensureProduct),
              table.currency,
              next.period,
            );
            params.metadata = { ...metadataOf(accountId, next), changed_by_admin: adminUserId };
          }
          if (input.trialEndsAt !== undefined && sub.status === 'trialing')
            params.trial_end = input.trialEndsAt ? Math.floor(input.trialEndsAt.getTime() / 1000) : 'now';
          if (params.items || params.trial_end !== undefined) await stripe.updateSubscription(subId, params);
        });
      }
      const { before, after } = await core.change(
        accountId,
        () => ({
          plan: next.plan,
          units: next.units,
          addons: [...next.addons],
          ...(input.trialEndsAt !== undefined ? { trialEndsAt: input.trialEndsAt } : {}),
          ...(input.state !== undefined ? { state: input.state } : {}),
        }),
        options.inTransaction
          ? (tx, b, a) =>
              options.inTransaction?.(tx, { before: snapshotOf(b), after: snapshotOf(a) }) ??
              Promise.resolve()
          : undefined,
      );
      return { before: snapshotOf(before), after: snapshotOf(after) };
    },

    /** The trial-end job: trials over without a paid subscription become expired (demo_expired). */
    expireTrials: () => sync.expireTrials(),
    /** The `stripe.event` handler 'subscriptions.billing'. */
    handleStripeEvent: sync.handleStripeEvent,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
