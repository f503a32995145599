import type { ContractRouteName } from './contract-routes.ts';

export type CloseTarget = ContractRouteName | 'confirm-logout';

/** Routes whose close button returns to the check-in list (spec 2.3 "Bookings, for several routes"). */
const toBookings: ContractRouteName[] = ['checkinManual', 'checkinPrevieLink'];
/** Service forms return to the offers list. */
const toOfertas: ContractRouteName[] = ['createServicio', 'updateServicio'];
/** Calendars return to Dashboard. */
const toDashboard: ContractRouteName[] = [
  'ReservationCalendar',
  'monthlyCalendar',
  'hotelReservationCalendar',
  'ReservationCalendarOta',
];

/** spec 2.3 Minimal layout: where its close button goes for the current route. */
export function minimalCloseTarget(route: ContractRouteName | null | undefined): CloseTarget {
  if (!route) return 'confirm-logout';
  if (toBookings.includes(route)) return 'Bookings';
  if (toOfertas.includes(route)) return 'Ofertas';
  if (route === 'checkinPrevie') return 'Reservas';
  if (toDashboard.includes(route)) return 'Dashboard';
  return 'confirm-logout';
}
