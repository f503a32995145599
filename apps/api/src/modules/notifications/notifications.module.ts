import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

/** The bell (owns notifications). */
export function createNotificationsModule(
  deps: Parameters<typeof createNotificationsService>[0],
): ApiModule<NotificationsService> {
  const service = createNotificationsService(deps);
  return {
    name: 'notifications',
    service,
    routes: bindRoutes(notificationsRoutes, { notifications: service }),
  };
}
