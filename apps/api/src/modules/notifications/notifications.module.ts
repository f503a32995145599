import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  type Realtime,
  registerNotificationHandlers,
  registerNotificationJobs,
} from './notifications.jobs.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import {
  createNotificationsService,
  type NotificationsDeps,
  type NotificationsService,
} from './notifications.service.ts';

/**
 * The bell (owns notifications and notification_preferences): the routes, the delivery of each new
 * notification to the operator by e-mail and WhatsApp, and the 'message' notification and chat toast of a
 * guest's new message (docs/messaging.md, Notifications).
 */
export function createNotificationsModule(
  deps: NotificationsDeps & {
    jobs: Jobs;
    mail: Pick<MailService, 'send'>;
    logger: FastifyBaseLogger;
    appUrl: string;
    /** app.realtime, read only once events are delivered (after the realtime plugin registered). */
    realtime: () => Realtime;
  },
): ApiModule<NotificationsService> {
  const service = createNotificationsService(deps);
  const delivery = { ...deps, operatorWhatsApp: deps.operatorWhatsApp ?? null, service };
  return {
    name: 'notifications',
    service,
    routes: bindRoutes(notificationsRoutes, { notifications: service }),
    jobs: () => registerNotificationJobs(delivery),
    eventHandlers: (bus) => registerNotificationHandlers(delivery, bus),
  };
}
