import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { createDepositsService, type DepositsDeps } from './deposits.service.ts';

export const depositHoldsJob = 'deposits.holds';
/** Holds are re-read every hour (jobs.every). */
const HOLDS_INTERVAL_MS = 3_600_000;

/**
 * Deposits of programmed check-ins (issue 16, docs/payments.md "Deposits"): routes, the hold job and the
 * handler that keeps the check-in's deposit state in step with its guest payment. Owns no table: guest
 * payments are the engine's (this folder), the check-in's columns are written through checkins.
 */
export function createDepositsModule(deps: DepositsDeps & { jobs: Jobs }) {
  const service = createDepositsService(deps);
  return {
    name: 'deposits',
    service,
    routes: bindRoutes(depositsRoutes, { deposits: service }),
    eventHandlers: (bus) => {
      bus.on('guest_payment.changed', 'deposits.follow', async (e) => {
        if (e.payload.kind === 'deposit') await service.followPayment(e.payload.payment_id);
      });
    },
    jobs: ({ recurring }) =>
      deps.jobs.every(
        depositHoldsJob,
        HOLDS_INTERVAL_MS,
        async () => {
          const n = await service.checkHolds();
          if (n > 0) deps.logger.info({ count: n }, 'deposits: holds re-read');
        },
        { recurring },
      ),
  } satisfies ApiModule<typeof service>;
}
