import { type Booking, bookingPaths } from '@posada/contracts/bookings';
import { type CalendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import type { ClosedDates } from '@posada/contracts/closed-dates';
import type { NightPricesBody } from '@posada/contracts/night-prices';
import { propertyRoomsPaths, type Room, type RoomStatus } from '@posada/contracts/property-rooms';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeyPrefix, reservationsKeys } from '../../../../lib/api/bookings-keys.ts';
import { api } from '../../../../lib/api.ts';

export interface CalendarParams {
  from: string;
  to: string;
  /** Comma list; empty = every property of the account. */
  property_ids?: string;
}

/**
 * GET /api/calendar: everything a calendar draws in one call, decoded from its compact wire form. While another window loads, the previous
 * one stays on screen (no flash of skeleton when paging months).
 */
export const calendarQuery = (params: CalendarParams) =>
  queryOptions({
    queryKey: reservationsKeys.calendar(params),
    queryFn: () =>
      api
        .get<CalendarWire>(bookingPaths.calendar, {
          from: params.from,
          to: params.to,
          property_ids: params.property_ids,
        })
        .then(decodeCalendar),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** Closed dates body (contract closedDatesBody). */
export interface ClosedDatesInput {
  property_id: string;
  room_id?: string | null;
  start_date: string;
  end_date: string;
  reason?: string;
}

export const calendarApi = {
  closeDates: (body: ClosedDatesInput) => api.post<ClosedDates>(bookingPaths.closedDates, body),
  updateClosedDates: (id: string, body: ClosedDatesInput) =>
    api.put<ClosedDates>(bookingPaths.closedDate(id), body),
  deleteClosedDates: (id: string) => api.delete<unknown>(bookingPaths.closedDate(id)),
  setNightPrices: (body: NightPricesBody) => api.put<unknown>(bookingPaths.nightPrices, body),
  setRoomStatus: (propertyId: string, roomId: string, status: RoomStatus) =>
    api.patch<Room>(propertyRoomsPaths.roomStatus(propertyId, roomId), { status }),
};

/**
 * A calendar change (closed dates, prices, room status): the calendars redraw, and so does everything
 * that reads availability or prices (the reservation modal's checks, the dashboard's occupancy).
 */
export function useCalendarMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeyPrefix }),
      ]),
  });
}

/** GET /api/bookings/{id}: the booking-details panel (same cache entry as the Reservas detail). */
export const bookingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: reservationsKeys.one(id),
    queryFn: () => api.get<Booking>(bookingPaths.one(id)),
    retry: 1,
  });

export const bookingActions = {
  /** POST /api/booking/cancelled (spec 7); an external channel's booking answers 409. */
  cancel: (id: string) => api.post<Booking>(bookingPaths.cancel, { booking_id: id }),
  /** PUT /api/bookings/{id}/room: one of the booking's rooms to another free room. */
  changeRoom: (id: string, from: string, to: string) =>
    api.put<Booking>(bookingPaths.room(id), { from_room_id: from, to_room_id: to }),
};
