import { activeAddons, addonFeature, type PriceTable } from '@posada/domain/pricing';
import type { StatusSubscription } from '@posada/domain/subscription';
import type { SubscriptionColumns } from '../accounts/accounts.service.ts';
import type { AccountRow, SubscriptionRow } from './subscriptions.repo.ts';

/** spec 3 User.status_subscription from the subscription row (docs/billing.md "Projection"). */
export function statusOf(row: SubscriptionRow): StatusSubscription {
  if (row.state === 'expired') return 'demo_expired';
  if (row.state === 'trialing' && !row.stripeSubscriptionId) return 'demo';
  return 'subscribed';
}

/**
 * The account's spec 3 subscription fields as the subscription row says them: the one place they are
 * computed (projectAccount writes them; feature-gates.ts reads them).
 * - plan: the row's plan when subscribed; in the free trial the account's as it was (null for a new
 *   account); null once expired (no plan: the gates close);
 * - status_subscription: demo (trial, no paid subscription), demo_expired (expired), subscribed;
 * - quantity (maximum properties): the units for apartments and villas; hotels and campings bill rooms, so
 *   the units become room_quantity (rooms per property) and quantity keeps the property limit (at least 1);
 * - servicios: the add-ons' feature names plus the plan's included ones (none once expired);
 * - suscription_id_stripe, payment_fail, trial_ends_at (GET /user's restaday reads it).
 */
export function projectionOf(
  row: SubscriptionRow,
  account: Pick<AccountRow, 'plan' | 'quantity' | 'roomQuantity'>,
  table: PriceTable | null,
): Required<SubscriptionColumns> {
  const status = statusOf(row);
  const addons = table ? activeAddons(table, row.plan, row.addons) : row.addons;
  const hotel = row.propertyGroup === 'hotel';
  return {
    plan: status === 'subscribed' ? row.plan : status === 'demo' ? account.plan : null,
    statusSubscription: status,
    trialEndsAt: row.trialEndsAt,
    quantity: hotel ? Math.max(1, account.quantity) : row.units,
    roomQuantity: hotel ? row.units : account.roomQuantity,
    servicios: status === 'demo_expired' ? [] : addons.map((a) => addonFeature[a]),
    suscriptionIdStripe: row.stripeSubscriptionId,
    paymentFail: row.paymentFailedAt !== null,
  };
}

/** The fields of `next` that differ from the account's current values (nothing written when none). */
export function projectionChanges(
  account: AccountRow,
  next: Required<SubscriptionColumns>,
): SubscriptionColumns {
  const changes: SubscriptionColumns = {};
  if (account.plan !== next.plan) changes.plan = next.plan;
  if (account.statusSubscription !== next.statusSubscription)
    changes.statusSubscription = next.statusSubscription;
  if ((account.trialEndsAt?.getTime() ?? null) !== (next.trialEndsAt?.getTime() ?? null))
    changes.trialEndsAt = next.trialEndsAt;
  if (account.quantity !== next.quantity) changes.quantity = next.quantity;
  if (account.roomQuantity !== next.roomQuantity) changes.roomQuantity = next.roomQuantity;
  if (account.servicios.join(',') !== next.servicios.join(',')) changes.servicios = next.servicios;
  if (account.suscriptionIdStripe !== next.suscriptionIdStripe)
    changes.suscriptionIdStripe = next.suscriptionIdStripe;
  if (account.paymentFail !== next.paymentFail) changes.paymentFail = next.paymentFail;
  return changes;
}
