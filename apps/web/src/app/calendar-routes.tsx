import type { RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';
import { prefetchCalendar } from './prefetch-calendar.ts';

/** The calendars under their full-width layout (spec 2.3); each starts its data request as the route matches. */
export const calendarRoutes: RouteObject[] = [
  {
    path: routePaths.ReservationCalendar,
    handle: { name: 'ReservationCalendar' },
    loader: prefetchCalendar('apartments'),
    lazy: page(
      () => import('../features/reservations/calendars/pages/reservation-calendar-page.tsx'),
      (m) => m.ReservationCalendarPage,
    ),
  },
  {
    path: routePaths.monthlyCalendar,
    handle: { name: 'monthlyCalendar' },
    loader: prefetchCalendar('monthly'),
    lazy: page(
      () => import('../features/reservations/calendars/pages/monthly-calendar-page.tsx'),
      (m) => m.MonthlyCalendarPage,
    ),
  },
  {
    path: routePaths.hotelReservationCalendar,
    handle: { name: 'hotelReservationCalendar' },
    loader: prefetchCalendar('hotel'),
    lazy: page(
      () => import('../features/reservations/calendars/pages/hotel-calendar-page.tsx'),
      (m) => m.HotelCalendarPage,
    ),
  },
  {
    // Issue 15: every unit on one timeline, coloured by source, with a filter by channel.
    path: routePaths.ReservationCalendarOta,
    handle: { name: 'ReservationCalendarOta' },
    lazy: page(
      () => import('../features/reservations/calendars/pages/ota-calendar-page.tsx'),
      (m) => m.ReservationCalendarOtaPage,
    ),
  },
];
