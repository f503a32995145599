import { isoDate } from '@posada/contracts/booking-fields';
import {
  calculatePriceBody,
  directBookingSettingsSchema,
  priceQuoteSchema,
  publicAvailabilitySchema,
  publicSiteSchema,
  setWebUnitBody,
  updateDirectBookingSettingsBody,
  webBookingAnswerSchema,
  webBookingBody,
  webBookingStatusSchema,
  webUnitSchema,
} from '@posada/contracts/direct-booking';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText, uuid } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAccount } from '../../plugins/access.ts';
import { directBookingErrors } from './direct-booking.errors.ts';
import type { DirectBookingSettingsService } from './direct-booking.service.ts';
import type { DirectBookingSiteService } from './direct-booking-site.service.ts';

const langs = ['es', 'en', 'ar'] as const;
const slugParams = z.object({ slug: idText(80) });
const propertyParams = z.object({ slug: idText(80), propertyId: idText() });
const unitParams = z.object({ unitId: idText() });
const siteQuery = z.object({ lang: z.enum(langs).optional() });
const availabilityQuery = z
  .object({ from: isoDate, to: isoDate, room_type_id: uuid().optional() })
  .refine((q) => q.to > q.from, { path: ['to'], message: 'booking.departure_after_arrival' });

/** spec 8: an unexpected failure answers the screen's own text; coded errors pass as they are. */
async function orFallback<T>(request: FastifyRequest, fallback: () => AppError, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error }, 'direct booking');
    throw fallback();
  }
}

/**
 * The direct-booking settings (empresa) and the public website (public, rate-limited per address like every
 * public route): docs/channels.md "Direct-booking website".
 */
export const directBookingRoutes: FastifyPluginAsyncZod<{
  settings: DirectBookingSettingsService;
  site: DirectBookingSiteService;
}> = async (app, { settings, site }) => {
  const tags = ['direct-booking'];
  const empresa = { access: 'empresa' as const };
  const open = { access: 'public' as const };

  app.get(
    '/direct-booking/settings',
    { config: empresa, schema: { tags, response: { 200: okEnvelope(directBookingSettingsSchema) } } },
    async (request) => ({ ok: true as const, data: await settings.settings(requireAccount(request)) }),
  );

  app.put(
    '/direct-booking/settings',
    {
      config: empresa,
      schema: {
        tags,
        body: updateDirectBookingSettingsBody,
        response: { 200: okEnvelope(directBookingSettingsSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await orFallback(request, directBookingErrors.saveFailed, () =>
        settings.update(requireAccount(request), request.body),
      ),
    }),
  );

  app.put(
    '/direct-booking/units/:unitId',
    {
      config: empresa,
      schema: {
        tags,
        params: unitParams,
        body: setWebUnitBody,
        response: { 200: okEnvelope(webUnitSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await orFallback(request, directBookingErrors.unitFailed, () =>
        settings.setUnit(requireAccount(request), request.params.unitId, request.body.web_reservation_active),
      ),
    }),
  );

  /** The website's quote for the operator's preview (/prueba/website): any of its properties, web discount. */
  app.post(
    '/direct-booking/quote',
    {
      config: empresa,
      schema: { tags, body: calculatePriceBody, response: { 200: okEnvelope(priceQuoteSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await site.operatorQuote(requireAccount(request), request.body),
    }),
  );

  app.get(
    '/public/book/:slug',
    {
      config: open,
      schema: {
        tags,
        params: slugParams,
        querystring: siteQuery,
        response: { 200: okEnvelope(publicSiteSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await site.site(
        request.params.slug,
        request.query.lang ?? pickLocale(request.headers['accept-language']),
      ),
    }),
  );

  app.get(
    '/public/book/:slug/:propertyId/availability',
    {
      config: open,
      schema: {
        tags,
        params: propertyParams,
        querystring: availabilityQuery,
        response: { 200: okEnvelope(publicAvailabilitySchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await site.availability(request.params.slug, request.params.propertyId, request.query),
    }),
  );

  app.post(
    '/public/book/:slug/quote',
    {
      config: open,
      schema: {
        tags,
        params: slugParams,
        body: calculatePriceBody,
        response: { 200: okEnvelope(priceQuoteSchema) },
      },
    },
    async (request) => ({ ok: true as const, data: await site.quote(request.params.slug, request.body) }),
  );

  app.post(
    '/public/book/:slug/bookings',
    {
      config: open,
      schema: {
        tags,
        params: slugParams,
        body: webBookingBody,
        response: { 201: okEnvelope(webBookingAnswerSchema) },
      },
    },
    async (request, reply) => {
      const data = await orFallback(request, directBookingErrors.bookingFailed, () =>
        site.book(request.params.slug, request.body),
      );
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  /** A web booking paid online (issue 16): its state while the guest pays, polled by its payment page. */
  app.get(
    '/public/book/:slug/bookings/:bookingId',
    {
      config: open,
      schema: {
        tags,
        params: z.object({ slug: idText(80), bookingId: idText() }),
        response: { 200: okEnvelope(webBookingStatusSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await site.payments.status(request.params.slug, request.params.bookingId),
    }),
  );
};
