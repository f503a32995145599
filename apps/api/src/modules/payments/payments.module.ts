import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/bus.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { BookingPaymentStatusService } from '../bookings/booking-payment-status.service.ts';
import {
  createGuestPaymentsService,
  type GuestPaymentsDeps,
  type GuestPaymentsService,
} from './guest-payments.service.ts';
import { createPaymentAccountService, type PaymentAccountService } from './payment-account.service.ts';
import { registerPaymentsEvents } from './payments.events.ts';
import { registerPaymentsJobs } from './payments.jobs.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { paymentsRoutes } from './payments.routes.ts';

export interface PaymentsModuleService {
  account: PaymentAccountService;
  guestPayments: GuestPaymentsService;
}

/**
 * Guest payments (issue 16, docs/payments.md; owns payment_accounts and guest_payments): the operator's
 * payments account (Stripe Connect), the guest payments engine (Checkout as destination charges, applied
 * from `stripe.event`), payment links on reservations, and the payments.sweep job.
 */
export function createPaymentsModule(
  deps: Omit<GuestPaymentsDeps, 'repo' | 'events'> & {
    events: EventBus;
    jobs: Jobs;
    logger: FastifyBaseLogger;
    bookingPaymentStatus: Pick<BookingPaymentStatusService, 'setFromPayments'>;
  },
): ApiModule<PaymentsModuleService> {
  const repo = createPaymentsRepo({ db: deps.db });
  const guestPayments = createGuestPaymentsService({ ...deps, repo });
  const account = createPaymentAccountService({ ...deps, repo });
  return {
    name: 'payments',
    service: { account, guestPayments },
    routes: bindRoutes(paymentsRoutes, { account, guestPayments }),
    eventHandlers: (bus) =>
      registerPaymentsEvents(bus, {
        repo,
        guestPayments,
        account,
        bookingPaymentStatus: deps.bookingPaymentStatus,
      }),
    jobs: ({ recurring }) =>
      registerPaymentsJobs({ jobs: deps.jobs, guestPayments, logger: deps.logger, recurring }),
  };
}
