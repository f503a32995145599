import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';

export const paymentsSweepJob = 'payments.sweep';
/** Every minute, open payments past their expiry are re-read (docs/payments.md "Sweep"). */
export const paymentsSweepInterval = 60_000;

/**
 * The payments.sweep job: webhooks can be lost, so open guest payments whose Checkout session should have
 * expired are re-read from Stripe and moved to what it says (expired, or paid after all). Recurring through
 * jobs.every outside tests.
 */
export async function registerPaymentsJobs(deps: {
  jobs: Jobs;
  guestPayments: Pick<GuestPaymentsService, 'sweepExpired'>;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.every(
    paymentsSweepJob,
    paymentsSweepInterval,
    async () => {
      const n = await deps.guestPayments.sweepExpired();
      if (n > 0) logger.info({ job: paymentsSweepJob, count: n }, 'payments: open payments swept');
    },
    { recurring: deps.recurring },
  );
}
