import { calendarData, calendarQuery } from '@posada/contracts/bookings';
import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import type { CalendarService } from './calendar.service.ts';

/** GET /api/calendar: units, stays, closed dates, per-night prices and free rooms in one call. */
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
    async (request) => ({
      ok: true as const,
      data: await calendar.get(requireAccount(request), request.query),
    }),
  );
};
