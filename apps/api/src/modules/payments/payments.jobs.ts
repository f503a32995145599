import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';

export const paymentsSweepJob = 'payments.sweep';
/** Every minute, open payments past their expiry are re-read (docs/payments.md "Sweep"). */
export const paymentsSweepInterval = 60_000;

/**
 * The payments.sweep job: webhooks can be lost, so open guest payments whose Checkout session should have
 * expired are re-read from Stripe and moved to what it says (expired, or paid after all). A
 * self-rescheduling chain outside tests (singletonKey keeps one chain across API instances).
 */
export async function registerPaymentsJobs(deps: {
  jobs: Jobs;
  guestPayments: Pick<GuestPaymentsService, 'sweepExpired'>;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.work<{ recurring?: boolean }>(paymentsSweepJob, async (data) => {
    try {
      const n = await deps.guestPayments.sweepExpired();
      if (n > 0) logger.info({ job: paymentsSweepJob, count: n }, 'payments: open payments swept');
    } finally {
      if (data.recurring) {
        await jobs
          .send(
            paymentsSweepJob,
            { recurring: true },
            {
              singletonKey: paymentsSweepJob,
              startAfter: new Date(Date.now() + paymentsSweepInterval),
              retryLimit: 1,
            },
          )
          .catch((err) => logger.debug({ err }, 'payments: the next sweep was not queued'));
      }
    }
  });
  if (deps.recurring)
    await jobs.send(paymentsSweepJob, { recurring: true }, { singletonKey: paymentsSweepJob, retryLimit: 1 });
}
