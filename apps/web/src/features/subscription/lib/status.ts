import type { Subscription } from '@posada/contracts/subscriptions';

/** What the status card says, from GET /api/subscription (spec 4 Subscription). */
export type StatusView =
  | { kind: 'trialing'; daysLeft: number; endsAt: string | null }
  | { kind: 'active'; renewsAt: string | null }
  | { kind: 'canceled'; accessUntil: string | null }
  | { kind: 'past_due'; renewsAt: string | null }
  | { kind: 'expired' }
  | { kind: 'granted'; renewsAt: string | null };

export function statusView(s: Subscription, now: Date = new Date()): StatusView {
  // A trial past its end reads as expired before the trials job has moved the row.
  const trialOver = s.trial_ends_at !== null && new Date(s.trial_ends_at).getTime() <= now.getTime();
  if (
    s.state === 'trialing' &&
    !s.has_stripe_subscription &&
    (trialOver || s.status_subscription === 'demo_expired')
  )
    return { kind: 'expired' };
  if (s.state === 'trialing') return { kind: 'trialing', daysLeft: s.restaday, endsAt: s.trial_ends_at };
  if (s.state === 'past_due' || (s.payment_fail && s.state === 'active'))
    return { kind: 'past_due', renewsAt: s.current_period_end };
  // An active subscription set to end with its period: cancelled, access kept until then.
  if (s.state === 'canceled' || (s.state === 'active' && s.cancel_at_period_end))
    return { kind: 'canceled', accessUntil: s.current_period_end };
  if (isGranted(s)) return { kind: 'granted', renewsAt: s.current_period_end };
  if (s.state === 'active') return { kind: 'active', renewsAt: s.current_period_end };
  return { kind: 'expired' };
}

/** Subscribed without Stripe: Posada granted the plan and bills it by hand (issue 27: never "free"). */
export function isGranted(s: Subscription): boolean {
  return s.billed_by === 'posada' && s.status_subscription === 'subscribed';
}

/** Whether the account has a paid subscription to change (else: the plan picker and Checkout). */
export function canManage(s: Subscription): boolean {
  return s.has_stripe_subscription && s.state !== 'expired';
}

/**
 * spec 4: a demo whose trial ended meets the paywall on business pages, except the pages that let it
 * pay (subscription, invoices, billing data) and the account's own profile pages.
 */
export function paywallExempt(pathname: string): boolean {
  return pathname.startsWith('/business/invoices') || pathname.startsWith('/business/profile');
}
