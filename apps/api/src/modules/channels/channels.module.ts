import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IcalClient, ParseFeed } from '../../adapters/ical/types.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createChannelSync } from './channel-sync.ts';
import { registerChannelsJobs } from './channels.jobs.ts';
import { createChannelsRepo } from './channels.repo.ts';
import { channelFeedRoutes, channelsRoutes } from './channels.routes.ts';
import { type ChannelsDeps, type ChannelsService, createChannelsService } from './channels.service.ts';

/**
 * Channel calendars (owns channel_calendars, channel_events, ical_exports; docs/channels.md): the routes,
 * the channels.sync job, and the public export feed (`feedRoutes`, registered outside /api by app.ts).
 */
export function createChannelsModule(
  deps: Omit<ChannelsDeps, 'sync'> & {
    jobs: Jobs;
    logger: FastifyBaseLogger;
    ical: { client: IcalClient | null; parse: ParseFeed };
    notifications: Pick<NotificationsService, 'create'>;
    intervalMinutes: number;
    concurrency: number;
  },
): ApiModule<ChannelsService> & { feedRoutes: (app: FastifyInstance) => Promise<void> } {
  const sync = createChannelSync({
    repo: createChannelsRepo({ db: deps.db }),
    clock: deps.clock,
    secrets: deps.secrets,
    client: deps.ical.client,
    parse: deps.ical.parse,
    channelBookings: deps.channelBookings,
    notifications: deps.notifications,
    intervalMinutes: deps.intervalMinutes,
    concurrency: deps.concurrency,
    logger: deps.logger,
  });
  const service = createChannelsService({ ...deps, sync });
  return {
    name: 'channels',
    service,
    routes: bindRoutes(channelsRoutes, { channels: service }),
    feedRoutes: async (app) => {
      await app.register(channelFeedRoutes, { channels: service });
    },
    jobs: ({ recurring }) => registerChannelsJobs({ jobs: deps.jobs, sync, logger: deps.logger, recurring }),
  };
}
