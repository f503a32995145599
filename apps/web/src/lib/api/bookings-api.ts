import type { Availability, CalculatedPrice } from '@posada/contracts/availability';
import {
  type Booking,
  type BookingsPage,
  type BookingsQuery,
  bookingPaths,
  type CreateBookingBody,
  type UpdateBookingBody,
} from '@posada/contracts/bookings';
import { type PropertyDetail, propertyPaths } from '@posada/contracts/properties';
import { propertyRoomsPaths, type RoomTypeList } from '@posada/contracts/property-rooms';
import type { PaymentStatus } from '@posada/domain/booking-rules';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api.ts';
import { dashboardKeyPrefix, reservationsKeys } from './bookings-keys.ts';

/** The availability and price bodies (spec 5 check, spec 7 calculate-apartment-price). */
export interface AvailabilityInput {
  property_id: string;
  start_date: string;
  end_date: string;
  room_type_id?: string | null;
  exclude_booking_id?: string;
}
export interface PriceInput {
  property_id: string;
  start_date: string;
  end_date: string;
  room_type_id?: string | null;
  quantity?: number;
}

/** Plain calls, one per endpoint of `bookingPaths` this feature uses. */
export const bookingsApi = {
  list: (query: BookingsQuery) =>
    api.get<BookingsPage>(bookingPaths.list, query as Record<string, string | number | undefined>),
  one: (id: string) => api.get<Booking>(bookingPaths.one(id)),
  create: (body: CreateBookingBody) => api.post<Booking>(bookingPaths.create, body),
  update: (id: string, body: UpdateBookingBody) => api.put<Booking>(bookingPaths.update(id), body),
  cancel: (id: string) => api.post<unknown>(bookingPaths.cancel, { booking_id: id }),
  setPaused: (id: string, paused: boolean) => api.put<Booking>(bookingPaths.paused(id), { paused }),
  setPaymentStatus: (id: string, payment_status: PaymentStatus) =>
    api.put<Booking>(bookingPaths.paymentStatus(id), { payment_status }),
  changeRoom: (id: string, from_room_id: string, to_room_id: string) =>
    api.put<Booking>(bookingPaths.room(id), { from_room_id, to_room_id }),
  availability: (body: AvailabilityInput) => api.post<Availability>(bookingPaths.availability, body),
  calculatePrice: (body: PriceInput) => api.post<CalculatedPrice>(bookingPaths.calculatePrice, body),
};

/** GET /api/bookings: one page of the Reservas list; the previous page stays on screen while the next loads. */
export const bookingsListQuery = (query: BookingsQuery) =>
  queryOptions({
    queryKey: reservationsKeys.list(query),
    queryFn: () => bookingsApi.list(query),
    placeholderData: keepPreviousData,
  });

/** GET /api/bookings/{id}: another account's id answers 404 (the not-found state). */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: reservationsKeys.one(id),
    queryFn: () => bookingsApi.one(id),
    retry: (count, error) => count < 2 && !isClientError(error),
  });

/** POST /api/bookings/availability, cached per range for half a minute. */
export const availabilityQuery = (body: AvailabilityInput) =>
  queryOptions({
    queryKey: reservationsKeys.availability(body),
    queryFn: () => bookingsApi.availability(body),
    staleTime: 30_000,
    retry: false,
  });

/** POST /api/calculate-apartment-price. Errors are only logged (spec 7). */
export const priceQuery = (body: PriceInput) =>
  queryOptions({
    queryKey: reservationsKeys.price(body),
    queryFn: async () => {
      try {
        return await bookingsApi.calculatePrice(body);
      } catch (error) {
        console.error('calculate-apartment-price', error);
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });

/** The property's detail (time zone for "today", capacity, currency), from GET /api/get-property. */
export const bookingPropertyQuery = (id: string) =>
  queryOptions({
    queryKey: [...reservationsKeys.all, 'property', id] as const,
    queryFn: () => api.get<PropertyDetail>(propertyPaths.getProperty, { id }),
    staleTime: 5 * 60_000,
  });

/** The hotel's room types (the modal's room type select and per-room capacity). */
export const bookingRoomTypesQuery = (id: string) =>
  queryOptions({
    queryKey: [...reservationsKeys.all, 'room-types', id] as const,
    queryFn: () => api.get<RoomTypeList>(propertyRoomsPaths.roomTypes(id)),
    staleTime: 5 * 60_000,
  });

function isClientError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return status >= 400 && status < 500;
}

/** After any booking change: the list, single bookings, availability, calendars and the dashboard. */
export async function invalidateBookings(queryClient: QueryClient, booking?: Booking) {
  if (booking) queryClient.setQueryData(reservationsKeys.one(booking.id), booking);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeyPrefix }),
  ]);
}

function useBookingMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn,
    onSuccess: (data) => invalidateBookings(queryClient, isBooking(data) ? data : undefined),
  });
}

function isBooking(value: unknown): value is Booking {
  return Boolean(value && typeof value === 'object' && 'id' in value && 'code' in value);
}

export const useCreateBooking = () =>
  useBookingMutation((body: CreateBookingBody) => bookingsApi.create(body));
export const useUpdateBooking = () =>
  useBookingMutation(({ id, body }: { id: string; body: UpdateBookingBody }) => bookingsApi.update(id, body));
export const useCancelBooking = () => useBookingMutation((id: string) => bookingsApi.cancel(id));
export const useSetPaused = () =>
  useBookingMutation(({ id, paused }: { id: string; paused: boolean }) => bookingsApi.setPaused(id, paused));
export const useSetPaymentStatus = () =>
  useBookingMutation(({ id, status }: { id: string; status: PaymentStatus }) =>
    bookingsApi.setPaymentStatus(id, status),
  );
export const useChangeRoom = () =>
  useBookingMutation(({ id, from, to }: { id: string; from: string; to: string }) =>
    bookingsApi.changeRoom(id, from, to),
  );
