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
 * `authorities.sweep` warns of overdue registrations and reminds of Mossos files not uploaded. Each is a
 * self-rescheduling chain like the check-in jobs; the handlers claim rows, so a repeated run is harmless.
 */
export async function registerAuthoritiesJobs(deps: {
  jobs: Jobs;
  authorities: AuthoritiesService;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger, authorities } = deps;
  const next = async (name: string) => {
    try {
      await jobs.send(
        name,
        { recurring: true },
        {
          singletonKey: `${name}:chain`,
          startAfter: new Date(Date.now() + (authoritiesJobIntervals[name] ?? 60_000)),
          retryLimit: 1,
        },
      );
    } catch (err) {
      logger.debug({ err, job: name }, 'authorities: the next run was not queued');
    }
  };
  const worker = (name: string, run: () => Promise<number>) =>
    jobs.work<{ recurring?: boolean }>(name, async (data) => {
      try {
        const n = await run();
        if (n > 0) logger.info({ job: name, count: n }, 'authorities: job done');
      } finally {
        if (data.recurring) await next(name);
      }
    });

  await worker(sendJob, () => authorities.pipeline.sendDue());
  await worker(pollJob, () => authorities.pipeline.pollDue());
  await worker(sweepJob, () => authorities.sweep());

  if (deps.recurring) {
    for (const name of [sendJob, pollJob, sweepJob]) {
      await jobs.send(name, { recurring: true }, { singletonKey: `${name}:chain`, retryLimit: 1 });
    }
  }
}
