import type Stripe from 'stripe';
import { translate } from '../../i18n/messages.ts';
import type { SubscriptionCore, SubscriptionsDeps } from './subscription-core.ts';
import { readingOf } from './subscription-stripe.ts';
import type { SubscriptionPatch, SubscriptionRow } from './subscriptions.repo.ts';

/** The Stripe event types the subscription follows (platform account only). */
export const subscriptionEventTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The free trial has run out and nothing was bought: the row must read as expired. */
export const trialOver = (row: SubscriptionRow, now: Date) =>
  row.state === 'trialing' &&
  !row.stripeSubscriptionId &&
  row.trialEndsAt !== null &&
  row.trialEndsAt.getTime() <= now.getTime();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * The lines of our invoice for a paid Stripe invoice: Stripe's lines (before discount and tax) and one
 * negative line per discount, so our subtotal is Stripe's taxable amount (`total_excluding_tax`) and our
 * total (subtotal + our VAT, the rate Stripe charged through the tax rate) is what Stripe charged.
 */
export function invoiceLinesOf(invoice: Stripe.Invoice) {
  const lines = (invoice.lines?.data ?? []).map((l) => ({
    description: l.description ?? 'Posada',
    quantity: l.quantity ?? 1,
    unitAmount: l.quantity ? Math.round(l.amount / l.quantity) : l.amount,
    amount: l.amount,
  }));
  for (const d of invoice.total_discount_amounts ?? []) {
    if (d.amount <= 0) continue;
    lines.push({ description: 'Descuento', quantity: 1, unitAmount: -d.amount, amount: -d.amount });
  }
  return lines;
}

/**
 * Stripe → the subscription row (docs/billing.md "Lifecycle"), idempotent and order safe: a subscription
 * event re-reads the subscription from Stripe (the event's copy may be stale) and a reading whose event is
 * older than the last applied one (read_at) is ignored; payments are recorded once per event id. Also the
 * trial's end, which needs no Stripe at all.
 */
export function createSubscriptionSync(deps: SubscriptionsDeps, core: SubscriptionCore) {
  const { repo } = core;

  /**
   * Applies a Stripe subscription reading to the account's row. `eventAt`: Stripe's time of the event it
   * came from (null: the answer to our own call, always current).
   */
  async function applyReading(
    accountId: string,
    sub: Stripe.Subscription,
    eventAt: Date | null,
    /** The price book the subscription was just priced with (checkout or the operator's change). */
    priceBookId?: string,
  ) {
    const latest = priceBookId ?? (await repo.latestPriceBook())?.id;
    return core.change(accountId, async (row, txRepo) => {
      if (eventAt && row.readAt && eventAt.getTime() < row.readAt.getTime()) return null;
      const reading = readingOf(sub, { state: row.state, plan: row.plan });
      // Another Stripe subscription than ours: an old one ending changes nothing; a new one replaces an ended one.
      if (row.stripeSubscriptionId && row.stripeSubscriptionId !== sub.id) {
        if (reading.state === 'expired' || row.state !== 'expired') return null;
      }
      const patch: SubscriptionPatch = {
        state: reading.state,
        plan: reading.plan,
        billingPeriod: reading.billingPeriod,
        units: reading.units,
        addons: reading.addons,
        currentPeriodStart: reading.currentPeriodStart,
        currentPeriodEnd: reading.currentPeriodEnd,
        cancelAtPeriodEnd: reading.cancelAtPeriodEnd,
        canceledAt: reading.canceledAt,
        stripeSubscriptionId: sub.id,
        // The coupon the operator subscribed with (Checkout's subscription metadata).
        ...(UUID.test(sub.metadata?.coupon_id ?? '') &&
        (await txRepo.findCoupon(sub.metadata?.coupon_id as string))
          ? { couponId: sub.metadata?.coupon_id as string }
          : {}),
        // A new subscription is priced with the newest price book; a running one keeps its version.
        ...((row.stripeSubscriptionId !== sub.id || priceBookId) && latest ? { priceBookId: latest } : {}),
        ...(reading.customer ? { stripeCustomerId: reading.customer } : {}),
        ...(reading.state === 'trialing' && reading.trialEnd ? { trialEndsAt: reading.trialEnd } : {}),
        ...(eventAt && (!row.readAt || eventAt > row.readAt) ? { readAt: eventAt } : {}),
      };
      return patch;
    });
  }

  async function accountOfSubscription(sub: {
    id: string;
    metadata?: Stripe.Metadata | null;
    customer?: unknown;
  }) {
    const byMeta = sub.metadata?.account_id;
    if (byMeta && (await repo.findAccount(byMeta))) return byMeta;
    const row =
      (await repo.findByStripeSubscription(sub.id)) ??
      (idOf(sub.customer as string)
        ? await repo.findByCustomer(idOf(sub.customer as string) as string)
        : null);
    return row?.accountId ?? null;
  }

  async function syncSubscription(subscriptionId: string, eventAt: Date | null, hint: string | null) {
    if (!deps.stripe) return;
    const sub = await deps.stripe.retrieveSubscription(subscriptionId);
    const accountId = hint ?? (await accountOfSubscription(sub));
    if (!accountId) {
      deps.logger?.warn(
        { subscription: subscriptionId },
        'subscriptions: a Stripe subscription of no account',
      );
      return;
    }
    await applyReading(accountId, sub, eventAt);
  }

  async function accountOfInvoice(invoice: Stripe.Invoice): Promise<SubscriptionRow | null> {
    const subId = idOf(invoice.parent?.subscription_details?.subscription as string | undefined);
    const metaAccount = invoice.parent?.subscription_details?.metadata?.account_id;
    if (metaAccount) {
      const row = await repo.find(metaAccount);
      if (row) return row;
    }
    if (subId) {
      const row = await repo.findByStripeSubscription(subId);
      if (row) return row;
    }
    const customer = idOf(invoice.customer as string);
    return customer ? repo.findByCustomer(customer) : null;
  }

  async function invoicePaid(eventId: string, invoice: Stripe.Invoice, eventAt: Date) {
    const row = await accountOfInvoice(invoice);
    if (!row) return;
    const paidAt = at(invoice.status_transitions?.paid_at) ?? eventAt;
    await repo.recordPayment({
      accountId: row.accountId,
      stripeInvoiceId: invoice.id ?? null,
      stripeEventId: eventId,
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      status: 'succeeded',
      occurredAt: paidAt,
    });
    // A zero invoice (the trial's start) is no sale: nothing to invoice.
    if (invoice.amount_paid > 0 && invoice.id) {
      const billing = deps.billing?.() ?? null;
      if (billing) {
        // billing issues one invoice per Stripe invoice however often it is called (a retried event is safe).
        await billing.issueSubscriptionInvoice({
          accountId: row.accountId,
          stripeInvoiceId: invoice.id,
          periodStart: at(invoice.lines?.data?.[0]?.period?.start) ?? at(invoice.period_start),
          periodEnd: at(invoice.lines?.data?.[0]?.period?.end) ?? at(invoice.period_end),
          lines: invoiceLinesOf(invoice),
          currency: invoice.currency.toUpperCase(),
          paid: true,
          paidAt,
        });
      } else {
        deps.logger?.warn(
          { invoice: invoice.id },
          'subscriptions: no billing module, the invoice is not issued',
        );
      }
    }
    await core.change(row.accountId, (r) => (r.paymentFailedAt ? { paymentFailedAt: null } : null));
  }

  async function invoiceFailed(eventId: string, invoice: Stripe.Invoice, eventAt: Date) {
    const row = await accountOfInvoice(invoice);
    if (!row) return;
    const recorded = await repo.recordPayment({
      accountId: row.accountId,
      stripeInvoiceId: invoice.id ?? null,
      stripeEventId: eventId,
      amount: invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      status: 'failed',
      failureMessage: invoice.last_finalization_error?.message ?? null,
      occurredAt: eventAt,
    });
    if (!recorded) return;
    await core.change(row.accountId, async (r, _txRepo, tx) => {
      await deps.notifications.create(
        {
          accountId: r.accountId,
          propertyId: null,
          kind: 'billing',
          title: translate('es', 'subscriptions.payment_failed_title'),
          body: translate('es', 'subscriptions.payment_failed_body'),
          relationId: null,
        },
        tx,
      );
      return { paymentFailedAt: eventAt };
    });
  }

  /** A trial over without a paid subscription ends (idempotent): the job, and any read that finds it first. */
  async function expireTrialIfEnded(accountId: string): Promise<boolean> {
    const now = deps.clock.now();
    const { before, after } = await core.change(accountId, (row) =>
      trialOver(row, now) ? { state: 'expired' } : null,
    );
    return before.state !== after.state;
  }

  return {
    applyReading,

    /** The `stripe.event` handler: reads the stored event and applies what concerns the subscription. */
    async handleStripeEvent(payload: { event_id: string; type: string; stripe_account: string | null }) {
      if (payload.stripe_account || !subscriptionEventTypes.has(payload.type)) return;
      const stored = await repo.findStripeEvent(payload.event_id);
      if (!stored) return;
      const event = stored.payload as Stripe.Event;
      const eventAt = stored.stripeCreatedAt;
      const object = event.data?.object as unknown as Record<string, unknown> & { id: string };
      switch (payload.type) {
        case 'checkout.session.completed': {
          const session = object as unknown as Stripe.Checkout.Session;
          if (session.mode !== 'subscription') return;
          const accountId = session.metadata?.account_id ?? session.client_reference_id ?? null;
          const subId = idOf(session.subscription as string);
          if (!accountId || !subId || !(await repo.findAccount(accountId))) return;
          await syncSubscription(subId, eventAt, accountId);
          return;
        }
        case 'invoice.paid':
          return invoicePaid(payload.event_id, object as unknown as Stripe.Invoice, eventAt);
        case 'invoice.payment_failed':
          return invoiceFailed(payload.event_id, object as unknown as Stripe.Invoice, eventAt);
        default:
          return syncSubscription(object.id, eventAt, null);
      }
    },

    expireTrialIfEnded,

    /** Trials over without a paid subscription: expired (spec 4 demo_expired, the paywall). */
    async expireTrials(): Promise<number> {
      let expired = 0;
      for (const accountId of await repo.listTrialsEnded(deps.clock.now(), 500))
        if (await expireTrialIfEnded(accountId)) expired += 1;
      return expired;
    },
  };
}
