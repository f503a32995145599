import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { ChannelSync } from './channel-sync.ts';

export const channelsSyncJob = 'channels.sync';
/** How often the recurring run looks for connections whose next sync has come (docs/channels.md "Schedule"). */
export const channelsSyncInterval = 60_000;

/**
 * The channels.sync job: syncs the due connections (next_sync_at), at most ICAL_SYNC_CONCURRENCY at a
 * time. A self-rescheduling chain outside tests (singletonKey keeps one chain across API instances; the
 * claim in channels.repo keeps two instances from syncing the same connection).
 */
export async function registerChannelsJobs(deps: {
  jobs: Jobs;
  sync: ChannelSync;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.work<{ recurring?: boolean }>(channelsSyncJob, async (data) => {
    try {
      const n = await deps.sync.syncDue();
      if (n > 0) logger.info({ job: channelsSyncJob, count: n }, 'channels: calendars synced');
    } finally {
      if (data.recurring) {
        await jobs
          .send(
            channelsSyncJob,
            { recurring: true },
            {
              singletonKey: channelsSyncJob,
              startAfter: new Date(Date.now() + channelsSyncInterval),
              retryLimit: 1,
            },
          )
          .catch((err) => logger.debug({ err }, 'channels: the next run was not queued'));
      }
    }
  });
  if (deps.recurring)
    await jobs.send(channelsSyncJob, { recurring: true }, { singletonKey: channelsSyncJob, retryLimit: 1 });
}
