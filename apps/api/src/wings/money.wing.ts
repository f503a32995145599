// The money wing: the platform's invoices, the operator's subscription, guest payments and Stripe's webhook.
import { createBillingModule } from '../modules/billing/billing.module.ts';
import { createBookingPaymentStatusService } from '../modules/bookings/booking-payment-status.service.ts';
import { createOnlinePaymentsReadiness } from '../modules/payments/online-payments.service.ts';
import { createPaymentsModule } from '../modules/payments/payments.module.ts';
import { createStripeWebhooksModule } from '../modules/stripe-webhooks/stripe-webhooks.module.ts';
import { createSubscriptionsModule } from '../modules/subscriptions/subscriptions.module.ts';
import type { WingContext } from './context.ts';
import type { PlatformWing } from './platform.wing.ts';

export function buildMoneyWing(ctx: WingContext, platform: Pick<PlatformWing, 'accounts' | 'notifications'>) {
  const { config, db, clock, jobs, events, adapters, logger } = ctx;
  // Billing data, the platform's invoices and consumption (docs/billing.md); subscriptions and admin call it.
  const billing = createBillingModule({ db, clock, config });
  // Guest payments (issue 16, docs/payments.md): the payments account (Connect) and the guest payments engine.
  const payments = createPaymentsModule({
    db,
    clock,
    stripe: adapters.stripe,
    events,
    jobs,
    logger,
    feeBps: config.STRIPE_APPLICATION_FEE_BPS,
    appUrl: config.APP_URL,
    deliver: ctx.deliver,
    bookingPaymentStatus: createBookingPaymentStatusService({ db, clock, events }),
  });
  // The operator's subscription (issue 16, docs/billing.md): Stripe Billing on the platform account; the only
  // writer of the account's plan, status_subscription, quantity, servicios and payment_fail (projectAccount);
  // billing issues the invoice of each paid Stripe invoice.
  const subscriptions = createSubscriptionsModule({
    db,
    clock,
    events,
    jobs,
    logger,
    stripe: adapters.stripe,
    appUrl: config.APP_URL,
    accounts: platform.accounts.service,
    notifications: platform.notifications.service,
    billing: () => billing.service,
  });
  // Online payment in advance (issue 16): Stripe configured and the operator's payments account approved.
  const onlinePayments = createOnlinePaymentsReadiness({
    db,
    stripe: adapters.stripe,
    guestPayments: payments.service.guestPayments,
  });
  // Registered last (app.ts): its stripe.event handler marks an event processed after every other handler ran.
  const stripeWebhooks = createStripeWebhooksModule({
    db,
    events,
    clock,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
  return { billing, payments, subscriptions, onlinePayments, stripeWebhooks };
}

export type MoneyWing = ReturnType<typeof buildMoneyWing>;
