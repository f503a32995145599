import { okEnvelope } from '@posada/contracts/envelope';
import {
  listNotificationsBody,
  notificationListSchema,
  notificationPreferencesSchema,
  readAllSchema,
  unreadCountSchema,
  updateNotificationPreferencesBody,
} from '@posada/contracts/notifications';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { NotificationsService } from './notifications.service.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The bell's endpoints (spec 7 keeps the `notificatios` spelling of the list path) and each property's
 * delivery preferences to the operator. Access: empresa.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  const config = { access: 'empresa' as const };

  app.post(
    '/notificatios/list',
    {
      config,
      schema: { tags, body: listNotificationsBody, response: { 200: okEnvelope(notificationListSchema) } },
    },
    async (request) => ok(await notifications.list(requireAccount(request), request.body ?? undefined)),
  );

  app.get(
    '/notifications/unread-count',
    { config, schema: { tags, response: { 200: okEnvelope(unreadCountSchema) } } },
    async (request) => ok(await notifications.unreadCount(requireAccount(request))),
  );

  app.post(
    '/notifications/read-all',
    { config, schema: { tags, response: { 200: okEnvelope(readAllSchema) } } },
    async (request) => ok(await notifications.markAllRead(requireAccount(request))),
  );

  app.post(
    '/notifications/:id/read',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: { 200: okEnvelope(z.object({ id: z.string(), read_at: z.string() })) },
      },
    },
    async (request) => ok(await notifications.markRead(requireAccount(request), request.params.id)),
  );

  app.get(
    '/properties/:id/notification-preferences',
    {
      config,
      schema: { tags, params: idParams, response: { 200: okEnvelope(notificationPreferencesSchema) } },
    },
    async (request) => ok(await notifications.preferences(requireAccount(request), request.params.id)),
  );

  app.put(
    '/properties/:id/notification-preferences',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: updateNotificationPreferencesBody,
        response: { 200: okEnvelope(notificationPreferencesSchema) },
      },
    },
    async (request) =>
      ok(await notifications.savePreferences(requireAccount(request), request.params.id, request.body)),
  );
};
