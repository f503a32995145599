import type { PaymentAccount } from '@posada/contracts/payments';
import {
  disabledReasonTopicOf,
  paymentAccountStatusOf,
  requirementTopicsOf,
} from '@posada/domain/guest-payments';
import type Stripe from 'stripe';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { paymentsErrors } from './payments.errors.ts';
import { createPaymentsRepo, type PaymentAccountRow, type PaymentsRepo } from './payments.repo.ts';

export interface PaymentAccountDeps {
  db: Db;
  clock: Clock;
  stripe: StripeGateway | null;
  appUrl: string;
  repo?: PaymentsRepo;
}

export type PaymentAccountService = ReturnType<typeof createPaymentAccountService>;

/** Where Stripe's hosted onboarding sends the operator back (docs/payments.md "Connect"). */
export const onboardingUrls = (appUrl: string) => ({
  refresh_url: `${appUrl}/business/profile/payments?onboarding=refresh`,
  return_url: `${appUrl}/business/profile/payments?onboarding=return`,
});

/** The fields of a payment_accounts row an Account reading sets. */
export function readingOfAccount(account: Stripe.Account) {
  const req = account.requirements;
  const reading = {
    details_submitted: Boolean(account.details_submitted),
    charges_enabled: Boolean(account.charges_enabled),
    payouts_enabled: Boolean(account.payouts_enabled),
    currently_due: req?.currently_due ?? [],
    past_due: req?.past_due ?? [],
    pending_verification: req?.pending_verification ?? [],
    disabled_reason: req?.disabled_reason ?? null,
  };
  return {
    status: paymentAccountStatusOf(reading),
    detailsSubmitted: reading.details_submitted,
    chargesEnabled: reading.charges_enabled,
    payoutsEnabled: reading.payouts_enabled,
    currentlyDue: reading.currently_due,
    pastDue: reading.past_due,
    pendingVerification: reading.pending_verification,
    disabledReason: reading.disabled_reason,
    currentDeadline: req?.current_deadline ? new Date(req.current_deadline * 1000) : null,
  };
}

/** The contract view, requirements and the disabled reason in the caller's words. */
export function toPaymentAccount(
  row: PaymentAccountRow | null,
  configured: boolean,
  locale: Locale,
): PaymentAccount {
  if (!row)
    return {
      configured,
      status: 'none',
      stripe_account_id: null,
      country: null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: [],
      disabled_reason: null,
      current_deadline: null,
      updated_at: null,
    };
  const reason = disabledReasonTopicOf(row.disabledReason);
  const due = row.status === 'approved' ? [] : [...row.pastDue, ...row.currentlyDue];
  return {
    configured,
    status: row.status,
    stripe_account_id: row.stripeAccountId,
    country: row.country,
    details_submitted: row.detailsSubmitted,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    requirements: requirementTopicsOf(due).map((t) => translate(locale, `payments.requirement.${t}`)),
    disabled_reason: reason ? translate(locale, `payments.disabled.${reason}`) : null,
    current_deadline: row.currentDeadline?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The operator's payments account (spec 4 Payments account; Stripe Connect, stripe.md §0): the connected
 * account is created on first use, onboarding is Stripe's hosted form, and the status is always derived
 * from a fresh reading of the Account (account.updated is applied by re-reading it, never from the
 * event's copy; read_at keeps an older reading from overwriting a newer one).
 */
export function createPaymentAccountService(deps: PaymentAccountDeps) {
  const repo = deps.repo ?? createPaymentsRepo({ db: deps.db });
  const gateway = (): StripeGateway => {
    if (!deps.stripe) throw paymentsErrors.notConfigured();
    return deps.stripe;
  };
  const call = <T>(p: Promise<T>): Promise<T> =>
    p.catch((err) => {
      if (err instanceof AdapterError) throw paymentsErrors.provider();
      throw err;
    });

  /** Re-reads the connected account and stores what it says (unless a newer reading is stored). */
  async function refreshRow(row: PaymentAccountRow): Promise<PaymentAccountRow> {
    const readAt = deps.clock.now();
    const account = await call(gateway().retrieveAccount(row.stripeAccountId));
    const latest = (await repo.paymentAccount(row.accountId)) ?? row;
    if (latest.readAt && latest.readAt > readAt) return latest;
    return (
      (await repo.updatePaymentAccount(row.accountId, {
        ...readingOfAccount(account),
        readAt,
        updatedAt: deps.clock.now(),
      })) ?? latest
    );
  }

  return {
    configured: () => deps.stripe !== null,

    async get(accountId: string, locale: Locale): Promise<PaymentAccount> {
      return toPaymentAccount(await repo.paymentAccount(accountId), deps.stripe !== null, locale);
    },

    /** The row (null: none), for the modules that only need to know whether charges can be taken. */
    async row(accountId: string): Promise<PaymentAccountRow | null> {
      return repo.paymentAccount(accountId);
    },

    /**
     * A one-time link to Stripe's hosted onboarding; the connected account is created on first use (the
     * account's country, its owner's e-mail, Stripe collecting requirements and owning losses and fees:
     * the controller properties stripe.md §0 recommends over the legacy types).
     */
    async onboardingLink(accountId: string): Promise<{ url: string }> {
      const stripe = gateway();
      let row = await repo.paymentAccount(accountId);
      if (!row) {
        const owner = await repo.accountOwner(accountId);
        if (!owner) throw paymentsErrors.notFound();
        const country = (owner.pais || 'ES').toUpperCase();
        const account = await call(
          stripe.createAccount(
            {
              country,
              ...(owner.email ? { email: owner.email } : {}),
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              controller: {
                fees: { payer: 'account' },
                losses: { payments: 'stripe' },
                requirement_collection: 'stripe',
                stripe_dashboard: { type: 'full' },
              },
              metadata: { account_id: accountId },
            },
            { idempotencyKey: `connect-account:${accountId}` },
          ),
        );
        const now = deps.clock.now();
        await repo.insertPaymentAccount({
          accountId,
          stripeAccountId: account.id,
          country,
          ...readingOfAccount(account),
          readAt: now,
          createdAt: now,
          updatedAt: now,
        });
        row = await repo.paymentAccount(accountId);
        if (!row) throw paymentsErrors.notFound();
      }
      const link = await call(
        stripe.createAccountLink({
          account: row.stripeAccountId,
          type: 'account_onboarding',
          ...onboardingUrls(deps.appUrl),
        }),
      );
      return { url: link.url };
    },

    /** Re-reads the account from Stripe now (the return from onboarding, or the operator's "refresh"). */
    async refresh(accountId: string, locale: Locale): Promise<PaymentAccount> {
      gateway();
      const row = await repo.paymentAccount(accountId);
      if (!row) return toPaymentAccount(null, true, locale);
      return toPaymentAccount(await refreshRow(row), true, locale);
    },

    /** account.updated for a connected account: re-read it (order safe). Unknown accounts are ignored. */
    async applyAccountUpdated(stripeAccountId: string): Promise<void> {
      if (!deps.stripe) return;
      const row = await repo.paymentAccountByStripeId(stripeAccountId);
      if (row) await refreshRow(row);
    },
  };
}
