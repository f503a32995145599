import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type BroadcastsService, broadcastSendJob, queueBatch } from './broadcasts.service.ts';

/**
 * The sending job (docs/messaging.md, Mass messages): one run sends one batch of a broadcast and queues the
 * next run while recipients wait. Delivery is at least once: each recipient is claimed before its message
 * goes out, so a retried run skips the ones already claimed and no guest gets the message twice.
 */
export async function registerBroadcastJobs(deps: {
  jobs: Jobs;
  service: BroadcastsService;
  logger: FastifyBaseLogger;
}) {
  const { jobs, logger } = deps;
  await jobs.work<{ accountId: string; broadcastId: string }>(broadcastSendJob, async (data) => {
    const more = await deps.service.sendBatch(data.accountId, data.broadcastId);
    if (more) {
      await queueBatch(jobs, data.accountId, data.broadcastId);
      logger.debug({ job: broadcastSendJob, broadcast: data.broadcastId }, 'broadcasts: next batch queued');
    }
  });
}
