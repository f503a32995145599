import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { AuthoritiesService } from './authorities.service.ts';
import { pollJob, sendJob, sweepJob } from './registration-pipeline.ts';

/** How often the safety chains run (real time); events and results also queue one-off runs. */
export const authoritiesJobIntervals: Record<string, number> = {
  [sendJob]: 60_000,
  [pollJob]: 60_000,
  [sweepJob]: 15 * 60_000,
};

/**
 * The police jobs (docs/police-registration.md "The pipeline"): `authorities.send` sends what is due
 * (queued, cancelling; retries after their backoff), `authorities.poll` queries the sent SES batches,
 * `authorities.sweep` warns of overdue registrations and reminds of Mossos files not uploaded. Each recurs
 * through jobs.every; the handlers claim rows, so a repeated run is harmless.
 */
export async function registerAuthoritiesJobs(deps: {
  jobs: Jobs;
  authorities: AuthoritiesService;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger, authorities } = deps;
  const recurringJob = (name: string, run: () => Promise<number>) =>
    jobs.every(
      name,
      authoritiesJobIntervals[name] ?? 60_000,
      async () => {
        const n = await run();
        if (n > 0) logger.info({ job: name, count: n }, 'authorities: job done');
      },
      { recurring: deps.recurring },
    );

  await recurringJob(sendJob, () => authorities.pipeline.sendDue());
  await recurringJob(pollJob, () => authorities.pipeline.pollDue());
  await recurringJob(sweepJob, () => authorities.sweep());
}
