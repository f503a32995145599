import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import { createPaymentsRepo } from './payments.repo.ts';

/** What taking a guest's money online still needs (null: nothing, it is ready). */
export type OnlinePaymentsMissing = 'not_configured' | 'no_payments_account' | 'account_not_approved';

export type OnlinePaymentsReadiness = ReturnType<typeof createOnlinePaymentsReadiness>;

/**
 * Whether an account can take guests' money online (issue 16): Stripe configured on the platform
 * (STRIPE_SECRET_KEY) and the operator's payments account approved (charges enabled). The direct-booking
 * settings and the guest deposit step ask it; without it they say what is missing and nothing is charged.
 */
export function createOnlinePaymentsReadiness(deps: { db: Db; stripe: StripeGateway | null }) {
  const repo = createPaymentsRepo({ db: deps.db });
  return {
    async missing(accountId: string): Promise<OnlinePaymentsMissing | null> {
      if (!deps.stripe) return 'not_configured';
      const account = await repo.paymentAccount(accountId);
      if (!account) return 'no_payments_account';
      if (account.status !== 'approved' || !account.chargesEnabled) return 'account_not_approved';
      return null;
    },
  };
}
