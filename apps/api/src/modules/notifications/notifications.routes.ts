import { notificationSchema } from '@posada/contracts/checkins';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { NotificationsService } from './notifications.service.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/** The bell's endpoints (spec 7 keeps the `notificatios` spelling of the list path). Access: empresa. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  const config = { access: 'empresa' as const };

  app.post(
    '/notificatios/list',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(notificationSchema)) } } },
    async (request) => ok(await notifications.list(requireAccount(request))),
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
};
