import type { BookingsQuery } from '@posada/contracts/bookings';

/**
 * Query keys of everything booking-shaped. Every booking mutation (create, update, cancel, pause,
 * payment status, change room) invalidates `reservationsKeys.all`, which covers the Reservas list,
 * single bookings, availability, prices and the calendars (`calendar` prefix), and `dashboardKeyPrefix`.
 *
 * The calendars use `reservationsKeys.calendar(params)` for GET /api/calendar, so a booking saved from
 * the reservation modal redraws them; closed dates and night prices invalidate `reservationsKeys.calendarAll`.
 */
export const reservationsKeys = {
  all: ['reservations'] as const,
  lists: () => [...reservationsKeys.all, 'list'] as const,
  list: (query: BookingsQuery) => [...reservationsKeys.lists(), query] as const,
  one: (id: string) => [...reservationsKeys.all, 'one', id] as const,
  availability: (body: object) => [...reservationsKeys.all, 'availability', body] as const,
  price: (body: object) => [...reservationsKeys.all, 'price', body] as const,
  calendarAll: ['reservations', 'calendar'] as const,
  calendar: (params: { from: string; to: string; property_ids?: string }) =>
    [...reservationsKeys.calendarAll, params] as const,
};

/** The dashboard's queries live under this prefix (GET /api/dashboard): bookings change its figures. */
export const dashboardKeyPrefix = ['dashboard'] as const;
