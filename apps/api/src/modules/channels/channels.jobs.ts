import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { ChannelSync } from './channel-sync.ts';

export const channelsSyncJob = 'channels.sync';
/** How often the recurring run looks for connections whose next sync has come (docs/channels.md "Schedule"). */
export const channelsSyncInterval = 60_000;

/**
 * The channels.sync job: syncs the due connections (next_sync_at), at most ICAL_SYNC_CONCURRENCY at a
 * time. Recurring through jobs.every outside tests (the claim in channels.repo keeps two instances from
 * syncing the same connection).
 */
export async function registerChannelsJobs(deps: {
  jobs: Jobs;
  sync: ChannelSync;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.every(
    channelsSyncJob,
    channelsSyncInterval,
    async () => {
      const n = await deps.sync.syncDue();
      if (n > 0) logger.info({ job: channelsSyncJob, count: n }, 'channels: calendars synced');
    },
    { recurring: deps.recurring },
  );
}
