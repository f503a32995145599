import {
  availabilityBody,
  availabilityData,
  calculatedPrice,
  calculatePriceBody,
} from '@posada/contracts/availability';
import {
  bookingDetail,
  bookingsPage,
  bookingsQuery,
  cancelBookingBody,
  changeRoomBody,
  createBookingBody,
  pauseBookingBody,
  paymentStatusBody,
  updateBookingBody,
} from '@posada/contracts/bookings';
import { closedDateDeleted, closedDatesBody, closedDatesSchema } from '@posada/contracts/closed-dates';
import { okEnvelope } from '@posada/contracts/envelope';
import { nightPricesBody, nightPricesData } from '@posada/contracts/night-prices';
import { idText } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireAccount } from '../../plugins/access.ts';
import type { BookingsService } from './bookings.service.ts';

/** Ids in paths are free text: anything that is not one of the caller's is 404, never a 400. */
const idParams = z.object({ id: idText() });

/**
 * spec 8: an unexpected failure of create, update or cancel answers the spec's fallback text
 * ('Ocurrió un error al crear la reserva', 'Error al actualizar la reserva', 'Error al procesar la solicitud').
 */
export async function orFallback<T>(
  request: FastifyRequest,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error }, key);
    throw new AppError(key, 500);
  }
}

/**
 * Bookings (spec 7 paths for create, update, cancel and the price), the Reservas list and detail, pause,
 * payment status, change room, availability, closed dates and night prices. Access: empresa.
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  const tags = ['bookings'];
  const config = { access: 'empresa' as const };
  // Ownership (404) before the body is validated, so another account's id never reads as a 400.
  const ownBooking = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await bookings.assertBooking(requireAccount(request), id);
  };
  const ownClosedDate = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await bookings.assertClosedDate(requireAccount(request), id);
  };

  app.post(
    '/create/new-booking',
    { config, schema: { tags, body: createBookingBody, response: { 201: okEnvelope(bookingDetail) } } },
    async (request, reply) => {
      const data = await orFallback(request, 'booking.create_failed', () =>
        bookings.create(requireAccount(request), request.body),
      );
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.put(
    '/update/booking/:id',
    {
      config,
      preValidation: ownBooking,
      schema: {
        tags,
        params: idParams,
        body: updateBookingBody,
        response: { 200: okEnvelope(bookingDetail) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await orFallback(request, 'booking.update_failed', () =>
        bookings.update(requireAccount(request), request.params.id, request.body),
      ),
    }),
  );

  app.post(
    '/booking/cancelled',
    { config, schema: { tags, body: cancelBookingBody, response: { 200: okEnvelope(bookingDetail) } } },
    async (request) => ({
      ok: true as const,
      data: await orFallback(request, 'booking.cancel_failed', () =>
        bookings.cancel(requireAccount(request), request.body.booking_id),
      ),
    }),
  );

  app.post(
    '/calculate-apartment-price',
    { config, schema: { tags, body: calculatePriceBody, response: { 200: okEnvelope(calculatedPrice) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.calculatePrice(requireAccount(request), request.body),
    }),
  );

  app.get(
    '/bookings',
    { config, schema: { tags, querystring: bookingsQuery, response: { 200: okEnvelope(bookingsPage) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.list(requireAccount(request), request.query),
    }),
  );

  app.post(
    '/bookings/availability',
    { config, schema: { tags, body: availabilityBody, response: { 200: okEnvelope(availabilityData) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.availability(requireAccount(request), request.body),
    }),
  );

  app.get(
    '/bookings/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(bookingDetail) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.get(requireAccount(request), request.params.id),
    }),
  );

  app.put(
    '/bookings/:id/paused',
    {
      config,
      preValidation: ownBooking,
      schema: {
        tags,
        params: idParams,
        body: pauseBookingBody,
        response: { 200: okEnvelope(bookingDetail) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await bookings.setPaused(requireAccount(request), request.params.id, request.body.paused),
    }),
  );

  app.put(
    '/bookings/:id/payment-status',
    {
      config,
      preValidation: ownBooking,
      schema: {
        tags,
        params: idParams,
        body: paymentStatusBody,
        response: { 200: okEnvelope(bookingDetail) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await bookings.setPaymentStatus(
        requireAccount(request),
        request.params.id,
        request.body.payment_status,
      ),
    }),
  );

  app.put(
    '/bookings/:id/room',
    {
      config,
      preValidation: ownBooking,
      schema: { tags, params: idParams, body: changeRoomBody, response: { 200: okEnvelope(bookingDetail) } },
    },
    async (request) => ({
      ok: true as const,
      data: await bookings.changeRoom(requireAccount(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/closed-dates',
    { config, schema: { tags, body: closedDatesBody, response: { 201: okEnvelope(closedDatesSchema) } } },
    async (request, reply) => {
      const data = await bookings.createClosedDates(requireAccount(request), request.body);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.put(
    '/closed-dates/:id',
    {
      config,
      preValidation: ownClosedDate,
      schema: {
        tags,
        params: idParams,
        body: closedDatesBody,
        response: { 200: okEnvelope(closedDatesSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await bookings.updateClosedDates(requireAccount(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/closed-dates/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(closedDateDeleted) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.deleteClosedDates(requireAccount(request), request.params.id),
    }),
  );

  app.put(
    '/night-prices',
    { config, schema: { tags, body: nightPricesBody, response: { 200: okEnvelope(nightPricesData) } } },
    async (request) => ({
      ok: true as const,
      data: await bookings.setNightPrices(requireAccount(request), request.body),
    }),
  );
};
