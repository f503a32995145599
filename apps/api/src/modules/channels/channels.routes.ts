import {
  channelAlertsSchema,
  channelCalendarSchema,
  channelCalendarsQuery,
  createChannelCalendarBody,
  icalExportSchema,
  syncResultSchema,
} from '@posada/contracts/channels';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { ChannelsService } from './channels.service.ts';

const idParams = z.object({ id: idText() });
const roomParams = z.object({ id: idText(), roomId: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Channel calendars (issue 15): connections with their health, sync now, delete, the dashboard's alerts,
 * and each unit's export feed URL. Access: empresa. The feed URL goes in, never out (only its host).
 */
export const channelsRoutes: FastifyPluginAsyncZod<{ channels: ChannelsService }> = async (
  app,
  { channels },
) => {
  const tags = ['channels'];
  const config = { access: 'empresa' as const };

  app.post(
    '/channel-calendars',
    {
      config,
      schema: { tags, body: createChannelCalendarBody, response: { 201: okEnvelope(channelCalendarSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await channels.create(requireAccount(request), request.body, request.locale))),
  );

  app.get(
    '/channel-calendars',
    {
      config,
      schema: {
        tags,
        querystring: channelCalendarsQuery,
        response: { 200: okEnvelope(z.array(channelCalendarSchema)) },
      },
    },
    async (request) =>
      ok(await channels.list(requireAccount(request), request.query.property_id, request.locale)),
  );

  app.get(
    '/channel-calendars/alerts',
    { config, schema: { tags, response: { 200: okEnvelope(channelAlertsSchema) } } },
    async (request) => ok(await channels.alerts(requireAccount(request), request.locale)),
  );

  app.get(
    '/channel-calendars/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(channelCalendarSchema) } } },
    async (request) => ok(await channels.get(requireAccount(request), request.params.id, request.locale)),
  );

  app.post(
    '/channel-calendars/:id/sync',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(syncResultSchema) } } },
    async (request) => ok(await channels.syncNow(requireAccount(request), request.params.id, request.locale)),
  );

  app.delete(
    '/channel-calendars/:id',
    {
      config,
      schema: { tags, params: idParams, response: { 200: okEnvelope(z.object({ id: z.string() })) } },
    },
    async (request) => ok(await channels.remove(requireAccount(request), request.params.id)),
  );

  app.get(
    '/properties/:id/ical-export',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(icalExportSchema) } } },
    async (request) => ok(await channels.exportUrl(requireAccount(request), request.params.id, null)),
  );

  app.post(
    '/properties/:id/ical-export/rotate',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(icalExportSchema) } } },
    async (request) => ok(await channels.rotateExport(requireAccount(request), request.params.id, null)),
  );

  app.get(
    '/properties/:id/rooms/:roomId/ical-export',
    { config, schema: { tags, params: roomParams, response: { 200: okEnvelope(icalExportSchema) } } },
    async (request) =>
      ok(await channels.exportUrl(requireAccount(request), request.params.id, request.params.roomId)),
  );

  app.post(
    '/properties/:id/rooms/:roomId/ical-export/rotate',
    { config, schema: { tags, params: roomParams, response: { 200: okEnvelope(icalExportSchema) } } },
    async (request) =>
      ok(await channels.rotateExport(requireAccount(request), request.params.id, request.params.roomId)),
  );
};

/**
 * The public export feed, outside /api (channels fetch it with no login): `GET /ical/{token}.ics`,
 * text/calendar with ETag and Last-Modified, 304 when the channel's copy is current, 404 for an unknown token.
 */
export const channelFeedRoutes: FastifyPluginAsync<{ channels: ChannelsService }> = async (
  app,
  { channels },
) => {
  app.get<{ Params: { file: string } }>(
    '/ical/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]+)\.ics$/.exec(request.params.file);
      const feed = match?.[1] ? await channels.feed(match[1]) : null;
      reply.header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
      if (!feed) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      reply.header('etag', feed.etag).header('last-modified', feed.lastModified.toUTCString());
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const notModified = ifNoneMatch
        ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)
        : ifModifiedSince
          ? Date.parse(ifModifiedSince) >= feed.lastModified.getTime()
          : false;
      if (notModified) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
};
