import type { BookingFormError } from '@posada/domain/booking-rules';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { catalogues, locales, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { bookingsErrors } from './bookings.errors.ts';
import { orFallback } from './bookings.routes.ts';

/** Every key of spec 5's booking form (the domain's BookingFormError), as the API must translate them. */
const formKeys: Record<BookingFormError, true> = {
  'booking.fill_required': true,
  'booking.phone_min': true,
  'booking.select_dates': true,
  'booking.guests_min': true,
  'booking.guests_max': true,
  'booking.price_negative': true,
  'booking.arrival_past': true,
  'booking.departure_after_arrival': true,
  'booking.quantity_min': true,
  'booking.quantity_max': true,
  'booking.promotion_limit': true,
  'booking.tax_limit': true,
};

describe('booking messages', () => {
  it('translates every coded booking error and the field keys it carries, in es, en and ar', () => {
    const keys = Object.values(bookingsErrors).flatMap((make) => {
      const error = make();
      return [error.options.messageKey ?? error.code, ...Object.values(error.options.errors ?? {}).flat()];
    });
    for (const key of [...keys, ...Object.keys(formKeys)]) {
      for (const locale of locales) expect(catalogues[locale][key], `${key} in ${locale}`).toBeTruthy();
    }
  });

  it('uses the spec 8 texts in Spanish', () => {
    expect(translate('es', 'booking.dates_taken')).toBe('Las fechas ya están reservadas o bloqueadas');
    expect(translate('es', 'booking.new_dates_taken')).toBe(
      'Las nuevas fechas ya están reservadas o bloqueadas',
    );
    expect(translate('es', 'booking.create_failed')).toBe('Ocurrió un error al crear la reserva');
    expect(translate('es', 'booking.update_failed')).toBe('Error al actualizar la reserva');
    expect(translate('es', 'booking.cancel_failed')).toBe('Error al procesar la solicitud');
    expect(translate('es', 'booking.connection_error')).toBe('Error de conexión o servidor no disponible');
    expect(translate('es', 'booking.created')).toBe('Reserva creada exitosamente');
    expect(translate('es', 'booking.updated')).toBe('Reserva actualizada exitosamente');
  });

  it('answers an unexpected failure with the spec 8 fallback, and lets coded errors through', async () => {
    const logged: unknown[] = [];
    const request = {
      log: { error: (...args: unknown[]) => logged.push(args) },
    } as unknown as FastifyRequest;
    const failure = await orFallback(request, 'booking.create_failed', async () => {
      throw new Error('connection reset');
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'booking.create_failed', status: 500 });
    expect(logged).toHaveLength(1);
    const coded = await orFallback(request, 'booking.create_failed', async () => {
      throw bookingsErrors.datesTaken();
    }).catch((e: unknown) => e);
    expect(coded).toMatchObject({ code: 'booking.dates_taken', status: 409 });
    expect(await orFallback(request, 'booking.create_failed', async () => 7)).toBe(7);
  });
});
