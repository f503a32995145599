import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';
import { createPaymentsRepo, type GuestPaymentRow } from './payments.repo.ts';

/** What taking a guest's money online still needs (null: nothing, it is ready). */
export type OnlinePaymentsMissing = 'not_configured' | 'no_payments_account' | 'account_not_approved';

export type OnlinePaymentsReadiness = ReturnType<typeof createOnlinePaymentsReadiness>;

/**
 * Whether an account can take guests' money online (issue 16): Stripe configured on the platform
 * (STRIPE_SECRET_KEY) and the operator's payments account approved (charges enabled). The direct-booking
 * settings and the guest deposit step ask it; without it they say what is missing and nothing is charged.
 * Also the newest payment of a web booking paid online, re-read from Stripe while it is open (a lost
 * webhook never leaves the guest's payment page waiting).
 */
export function createOnlinePaymentsReadiness(deps: {
  db: Db;
  stripe: StripeGateway | null;
  guestPayments?: Pick<GuestPaymentsService, 'resync'>;
}) {
  const repo = createPaymentsRepo({ db: deps.db });
  return {
    async missing(accountId: string): Promise<OnlinePaymentsMissing | null> {
      if (!deps.stripe) return 'not_configured';
      const account = await repo.paymentAccount(accountId);
      if (!account) return 'no_payments_account';
      if (account.status !== 'approved' || !account.chargesEnabled) return 'account_not_approved';
      return null;
    },

    async bookingPayment(
      accountId: string,
      bookingId: string,
    ): Promise<Pick<GuestPaymentRow, 'id' | 'status' | 'expiresAt' | 'checkoutUrl'> | null> {
      const rows = (await repo.bookingPayments(accountId, bookingId)).filter((p) => p.kind === 'booking');
      const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (!newest) return null;
      if (deps.stripe && deps.guestPayments && (newest.status === 'open' || newest.status === 'rejected')) {
        try {
          return await deps.guestPayments.resync(newest);
        } catch {
          // Stripe unreachable: the stored state is answered.
        }
      }
      return newest;
    },
  };
}
