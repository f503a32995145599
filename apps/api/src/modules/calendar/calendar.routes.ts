import { calendarData, calendarQuery } from '@posada/contracts/calendar';
import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import type { CalendarService } from './calendar.service.ts';

/**
 * GET /api/calendar: units, stays, closed dates, per-night prices and free rooms in one call. The service
 * writes the JSON envelope itself (a year of 500 units is megabytes of it); the response schema still
 * documents it in the OpenAPI, and the tests hold every answer to it.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  app.get(
    '/calendar',
    {
      config: { access: 'empresa' },
      schema: { tags: ['calendar'], querystring: calendarQuery, response: { 200: okEnvelope(calendarData) } },
    },
    async (request, reply) => {
      const json = await calendar.get(requireAccount(request), request.query);
      // Bytes go out as they are: Fastify skips the serializer.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
