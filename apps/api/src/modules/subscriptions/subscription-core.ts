import { addonCodes, addonFeature, type PriceTable, propertyGroupOf, quote } from '@posada/domain/pricing';
import { trialEndsAt as defaultTrialEnd } from '@posada/domain/subscription';
import type { FastifyBaseLogger } from 'fastify';
import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { couponOf, initialUnits } from './subscription-pricing.ts';
import { projectionChanges, projectionOf } from './subscription-projection.ts';
import { subscriptionsErrors } from './subscriptions.errors.ts';
import {
  createSubscriptionsRepo,
  type SubscriptionPatch,
  type SubscriptionRow,
  type SubscriptionsRepo,
} from './subscriptions.repo.ts';

/** billing's issueSubscriptionInvoice (D2, modules/billing): one invoice per paid Stripe invoice. */
export interface SubscriptionInvoicer {
  issueSubscriptionInvoice(input: {
    accountId: string;
    stripeInvoiceId: string;
    periodStart: Date | null;
    periodEnd: Date | null;
    lines: { description: string; quantity: number; unitAmount: number; amount: number }[];
    currency: string;
    paid: boolean;
    paidAt?: Date | null;
  }): Promise<{ id: string }>;
  /** The VAT of the account's invoices (basis points), which Stripe must charge too. */
  vatDecision(accountId: string): Promise<{ rate: number }>;
}

export interface SubscriptionsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  /** null without STRIPE_SECRET_KEY: the trial runs and ends, nothing can be bought. */
  stripe: StripeGateway | null;
  appUrl: string;
  accounts: Pick<AccountsService, 'updateSubscriptionColumns'>;
  notifications: Pick<NotificationsService, 'create'>;
  /** Late-bound: billing is built after this module. Null until billing is there. */
  billing?: () => SubscriptionInvoicer | null;
  logger?: FastifyBaseLogger;
}

/** The fields whose change is a `subscription.changed` (gates, banners and screens follow). */
const watched = (r: SubscriptionRow) =>
  JSON.stringify([
    r.state,
    r.plan,
    r.billingPeriod,
    r.units,
    r.addons,
    r.trialEndsAt?.getTime() ?? null,
    r.currentPeriodEnd?.getTime() ?? null,
    r.cancelAtPeriodEnd,
    r.paymentFailedAt !== null,
    r.stripeSubscriptionId,
    r.couponId,
  ]);

/**
 * The subscription row's lifecycle shared by the operator's actions, the Stripe events, the trial job and
 * the admin: the lazy first row, the locked change with its projection onto the account and its event.
 */
export function createSubscriptionCore(deps: SubscriptionsDeps) {
  const repo = createSubscriptionsRepo({ db: deps.db });

  async function priceTable(): Promise<{ table: PriceTable; id: string; version: number }> {
    const book = await repo.latestPriceBook();
    if (!book) throw subscriptionsErrors.noPrices();
    return { table: book.prices, id: book.id, version: book.version };
  }

  /** The row of an account, created on first need from the account as it is (docs/billing.md). */
  async function ensure(accountId: string, on: SubscriptionsRepo = repo): Promise<SubscriptionRow> {
    const found = await on.find(accountId);
    if (found) return found;
    const account = await on.findAccount(accountId);
    if (!account) throw new Error(`account ${accountId} missing`);
    const group = propertyGroupOf(account.tipoHospedaje);
    const units = initialUnits(group, account, await on.countProperties(accountId));
    const plan = account.plan === 'smart' ? 'smart' : 'standard';
    const state =
      account.statusSubscription === 'subscribed'
        ? 'free'
        : account.statusSubscription === 'demo_expired'
          ? 'expired'
          : 'trialing';
    const book = await on.latestPriceBook();
    // An account subscribed before issue 16 (seeded, set by hand) keeps its add-ons as a free plan.
    const addons =
      state === 'free' ? addonCodes.filter((c) => account.servicios.includes(addonFeature[c])) : [];
    const amount = book ? quote(book.prices, { plan, period: 'monthly', group, units, addons }).total : 0;
    await on.insertIfMissing({
      accountId,
      plan,
      billingPeriod: 'monthly',
      propertyGroup: group,
      units,
      addons,
      state,
      trialEndsAt: account.trialEndsAt ?? defaultTrialEnd(account.createdAt),
      priceBookId: book?.id ?? null,
      currency: book?.prices.currency ?? 'EUR',
      amount,
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    });
    const row = await on.find(accountId);
    if (!row) throw new Error('subscription row not created');
    return row;
  }

  /** Writes the account's spec 3 fields from the row (projectAccount): only what differs. */
  async function projectAccount(tx: Db, row: SubscriptionRow): Promise<void> {
    const txRepo = createSubscriptionsRepo({ db: tx });
    const account = await txRepo.findAccount(row.accountId);
    if (!account) return;
    const book = row.priceBookId
      ? await txRepo.findPriceBook(row.priceBookId)
      : await txRepo.latestPriceBook();
    const changes = projectionChanges(account, projectionOf(row, account, book?.prices ?? null));
    if (Object.keys(changes).length > 0)
      await deps.accounts.updateSubscriptionColumns(row.accountId, changes, tx);
  }

  /**
   * One change of the row, in a transaction with the row locked: `decide` answers the patch (null: nothing
   * to do); the amount is recomputed, the account projected, and `subscription.changed` emitted when a
   * watched field moved. Answers the row before and after.
   */
  async function change(
    accountId: string,
    decide: (
      row: SubscriptionRow,
      txRepo: SubscriptionsRepo,
      tx: Db,
    ) => Promise<SubscriptionPatch | null> | SubscriptionPatch | null,
    /** Runs in the same transaction once the row is written (the admin's audit entry commits with it). */
    inTransaction?: (tx: Db, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>,
  ): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
    await ensure(accountId);
    return deps.events.transaction(deps.db, async (tx, emit) => {
      const txRepo = createSubscriptionsRepo({ db: tx });
      const before = await txRepo.findForUpdate(accountId);
      if (!before) throw new Error('subscription row missing');
      const patch = await decide(before, txRepo, tx);
      if (!patch) {
        await projectAccount(tx, before);
        await inTransaction?.(tx, before, before);
        return { before, after: before };
      }
      const merged = { ...before, ...patch } as SubscriptionRow;
      const book = merged.priceBookId
        ? await txRepo.findPriceBook(merged.priceBookId)
        : await txRepo.latestPriceBook();
      const coupon = merged.couponId ? await txRepo.findCoupon(merged.couponId) : null;
      const amount = book
        ? quote(book.prices, {
            plan: merged.plan,
            period: merged.billingPeriod,
            group: merged.propertyGroup,
            units: merged.units,
            addons: merged.addons,
            coupon: couponOf(coupon),
          }).total
        : merged.amount;
      const after = await txRepo.update(accountId, { ...patch, amount, updatedAt: deps.clock.now() });
      await projectAccount(tx, after);
      if (watched(before) !== watched(after))
        await emit(accountId, 'subscription.changed', {
          state: after.state,
          plan: after.plan,
          units: after.units,
        });
      return { before, after };
    });
  }

  return { repo, priceTable, ensure, change, projectAccount };
}

export type SubscriptionCore = ReturnType<typeof createSubscriptionCore>;
