/** spec 9: a 14-day free trial, no card. */
export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEndsAt(registeredAt: Date): Date {
  return new Date(registeredAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/** restaday (spec 3): whole days left in the trial, rounded up, never negative. */
export function trialDaysLeft(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  const left = endsAt.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

export type StatusSubscription = 'subscribed' | 'demo' | 'demo_expired';

/** A demo whose trial has run out reads as demo_expired. */
export function effectiveSubscriptionStatus(
  stored: StatusSubscription,
  trialEnd: Date | null,
  now: Date,
): StatusSubscription {
  if (stored === 'demo' && trialEnd && trialEnd.getTime() <= now.getTime()) return 'demo_expired';
  return stored;
}

/** spec 6: the plan helper treats the demo status, or the plan names standard and smart, as eligible. */
export function hasEligiblePlan(user: {
  plan: string | null;
  status_subscription: StatusSubscription | null;
}): boolean {
  if (user.status_subscription === 'demo') return true;
  return user.plan === 'standard' || user.plan === 'smart';
}

/** spec 5 Bot use: plan smart, subscribed, and the property's bot flag. */
export function canUseBot(
  user: { plan: string | null; status_subscription: StatusSubscription | null },
  property: { botGPT: boolean } | null,
): boolean {
  return user.plan === 'smart' && user.status_subscription === 'subscribed' && Boolean(property?.botGPT);
}

/** "Premium access" (spec 6 Experiences menu): a subscribed smart plan. */
export function hasPremiumAccess(user: {
  plan: string | null;
  status_subscription: StatusSubscription | null;
}): boolean {
  return user.plan === 'smart' && user.status_subscription === 'subscribed';
}
