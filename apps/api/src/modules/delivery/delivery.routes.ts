import {
  deliveryPreferencesBody,
  messageDeliveryListSchema,
  messageDeliverySchema,
  messagingChannelsSchema,
  resendDeliveryBody,
} from '@posada/contracts/deliveries';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../i18n/messages.ts';
import { requireAccount } from '../../plugins/access.ts';
import type { DeliveryScreens } from './delivery-screens.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The delivery records and the channels' truth (issue 26, docs/messaging.md Delivery). Access: empresa;
 * another account's booking, check-in, record or property answers 404.
 */
export const deliveryRoutes: FastifyPluginAsyncZod<{ screens: DeliveryScreens }> = async (
  app,
  { screens },
) => {
  const tags = ['delivery'];
  const config = { access: 'empresa' as const };
  const localeOf = (request: { headers: Record<string, unknown> }) =>
    pickLocale(request.headers['accept-language'] as string | undefined);

  app.get(
    '/bookings/:id/messages',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(messageDeliveryListSchema) } } },
    async (request) =>
      ok(await screens.ofBooking(requireAccount(request).accountId, request.params.id, localeOf(request))),
  );

  app.get(
    '/checkins/:id/messages',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(messageDeliveryListSchema) } } },
    async (request) =>
      ok(await screens.ofCheckin(requireAccount(request).accountId, request.params.id, localeOf(request))),
  );

  app.post(
    '/deliveries/:id/resend',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: resendDeliveryBody,
        response: { 201: okEnvelope(messageDeliverySchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await screens.resend(
              requireAccount(request).accountId,
              request.params.id,
              request.body.channel,
              localeOf(request),
            ),
          ),
        ),
  );

  app.get(
    '/properties/:id/messaging-channels',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(messagingChannelsSchema) } } },
    async (request) =>
      ok(await screens.channels(requireAccount(request).accountId, request.params.id, localeOf(request))),
  );

  app.put(
    '/properties/:id/delivery-preferences',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: deliveryPreferencesBody,
        response: { 200: okEnvelope(messagingChannelsSchema) },
      },
    },
    async (request) => {
      const { accountId } = requireAccount(request);
      await screens.savePreferences(accountId, request.params.id, request.body.preferences);
      return ok(await screens.channels(accountId, request.params.id, localeOf(request)));
    },
  );
};
