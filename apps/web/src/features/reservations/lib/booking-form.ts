import type { Booking, CreateBookingBody, UpdateBookingBody } from '@posada/contracts/bookings';
import {
  type BookingFormError,
  bookingFormErrors,
  bookingTotal,
  MAX_PROMOTIONS,
  MAX_TAXES,
  type PriceLine,
} from '@posada/domain/booking-rules';
import { DEFAULT_PHONE_COUNTRY, joinPhone, splitPhone } from './phone.ts';

/** The reservation modal's values (spec 2.4, spec 3 Booking payloads plus quantity, promotions, taxes). */
export interface ReservationFormValues {
  property_id: string;
  /** Hotels: the room type booked (quantity rooms of it). */
  room_type_id: string | null;
  /** YYYY-MM-DD, '' until chosen. */
  start_date: string;
  end_date: string;
  quantity: number;
  number_of_guests: number;
  name: string;
  email: string;
  phone_country: string;
  phone_number: string;
  /** Minor units; null while empty. */
  price: number | null;
  promotions: PriceLine[];
  taxes: PriceLine[];
  notes: string;
}

export type ReservationField = keyof ReservationFormValues;

/** What the modal opens with from a calendar selection or the Reservas button. */
export interface ReservationInitial {
  property_id?: string;
  room_type_id?: string;
  start_date?: string;
  end_date?: string;
}

export function emptyReservation(initial: ReservationInitial = {}): ReservationFormValues {
  return {
    property_id: initial.property_id ?? '',
    room_type_id: initial.room_type_id ?? null,
    start_date: initial.start_date ?? '',
    end_date: initial.end_date ?? '',
    quantity: 1,
    number_of_guests: 1,
    name: '',
    email: '',
    phone_country: DEFAULT_PHONE_COUNTRY,
    phone_number: '',
    price: null,
    promotions: [],
    taxes: [],
    notes: '',
  };
}

/** A saved booking as the modal edits it. */
export function reservationFromBooking(booking: Booking): ReservationFormValues {
  const phone = splitPhone(booking.phone);
  return {
    property_id: booking.property_id,
    room_type_id: booking.room_type_id,
    start_date: booking.start_date,
    end_date: booking.end_date,
    quantity: Math.max(1, booking.quantity),
    number_of_guests: booking.number_of_guests,
    name: booking.name,
    email: booking.email,
    phone_country: phone.country,
    phone_number: phone.number,
    price: booking.price,
    promotions: booking.promotions.map((l) => ({ description: l.description, price: l.price })),
    taxes: booking.taxes.map((l) => ({ description: l.description, price: l.price })),
    notes: booking.notes,
  };
}

export interface ReservationContext {
  /** Today in the property's time zone. */
  today: string;
  /** Guests the stay can take (property capacity; hotel: the room type's per room times the quantity). */
  capacity: number;
  isHotel: boolean;
  /** Hotel: rooms of the type free for the whole range, once known. */
  availableInstances?: number;
  /** Edit: the saved arrival, which may already be past. */
  originalStartDate?: string;
}

/** The text keys (reservations:validation.*) the modal shows under its fields. */
export type ReservationErrorKey =
  | 'fill_required'
  | 'phone_min'
  | 'select_dates'
  | 'guests_min'
  | 'guests_max'
  | 'price_negative'
  | 'arrival_past'
  | 'departure_after_arrival'
  | 'quantity_min'
  | 'quantity_max'
  | 'promotion_limit'
  | 'tax_limit'
  | 'invalid_email'
  | 'select_property'
  | 'select_room_type';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const keyOf = (error: BookingFormError) => error.slice('booking.'.length) as ReservationErrorKey;

/**
 * Every spec 5 rule through the shared `bookingFormErrors` (so the modal refuses what the API refuses),
 * plus what the form itself needs: a property, a room type for hotels, a well-formed e-mail.
 * The dates' errors are reported on `start_date` (the range picker shows one message).
 */
export function reservationErrors(
  v: ReservationFormValues,
  ctx: ReservationContext,
): Partial<Record<ReservationField, ReservationErrorKey>> {
  const rules = bookingFormErrors(
    {
      name: v.name,
      email: v.email,
      // The digits the operator typed count, not the country code's.
      phone: v.phone_number,
      start_date: v.start_date,
      end_date: v.end_date,
      number_of_guests: v.number_of_guests,
      price: v.price ?? 0,
      quantity: v.quantity,
      promotions: v.promotions,
      taxes: v.taxes,
    },
    {
      today: ctx.today,
      capacity: ctx.capacity,
      availableInstances: ctx.isHotel ? ctx.availableInstances : undefined,
      originalStartDate: ctx.originalStartDate,
    },
  );
  const errors: Partial<Record<ReservationField, ReservationErrorKey>> = {};
  if (!v.property_id) errors.property_id = 'select_property';
  if (ctx.isHotel && !v.room_type_id) errors.room_type_id = 'select_room_type';
  const dates = rules.start_date ?? rules.end_date;
  if (dates) errors.start_date = keyOf(dates);
  if (rules.number_of_guests) errors.number_of_guests = keyOf(rules.number_of_guests);
  if (rules.quantity) errors.quantity = keyOf(rules.quantity);
  if (rules.name) errors.name = keyOf(rules.name);
  if (rules.email) errors.email = keyOf(rules.email);
  else if (!EMAIL.test(v.email.trim())) errors.email = 'invalid_email';
  if (rules.phone) errors.phone_number = keyOf(rules.phone);
  if (v.price === null) errors.price = 'fill_required';
  else if (rules.price) errors.price = keyOf(rules.price);
  if (rules.promotions) errors.promotions = keyOf(rules.promotions);
  if (rules.taxes) errors.taxes = keyOf(rules.taxes);
  return errors;
}

/** spec 5: Total = price minus promotions plus taxes (minor units). */
export function reservationTotal(v: Pick<ReservationFormValues, 'price' | 'promotions' | 'taxes'>): number {
  return bookingTotal(v.price ?? 0, v.promotions, v.taxes);
}

/** spec 9: at most one promotion and one tax line; adding past it shows a warning instead. */
export function canAddLine(
  kind: 'promotions' | 'taxes',
  v: Pick<ReservationFormValues, 'promotions' | 'taxes'>,
) {
  return v[kind].length < (kind === 'promotions' ? MAX_PROMOTIONS : MAX_TAXES);
}

/** POST /api/create/new-booking body. The server decides status, owner and title, but the contract carries them. */
export function createBody(
  v: ReservationFormValues,
  propertyTitle: string,
  isHotel: boolean,
): CreateBookingBody {
  return {
    start_date: v.start_date,
    end_date: v.end_date,
    name: v.name.trim(),
    email: v.email.trim(),
    phone: joinPhone(v.phone_country, v.phone_number),
    property_id: v.property_id,
    number_of_guests: v.number_of_guests,
    price: v.price ?? 0,
    property_title: propertyTitle,
    status: 'booked',
    room_type_id: isHotel ? v.room_type_id : null,
    quantity: isHotel ? v.quantity : 1,
    promotions: v.promotions.map((l) => ({ description: l.description.trim(), price: l.price })),
    taxes: v.taxes.map((l) => ({ description: l.description.trim(), price: l.price })),
    notes: v.notes.trim(),
  };
}

/** PUT /api/update/booking/{id} body: the create fields plus the id and the original dates and property. */
export function updateBody(
  v: ReservationFormValues,
  original: Pick<Booking, 'id' | 'start_date' | 'end_date' | 'property_id'>,
  propertyTitle: string,
  isHotel: boolean,
): UpdateBookingBody {
  return {
    ...createBody(v, propertyTitle, isHotel),
    id: original.id,
    original_start_date: original.start_date,
    original_end_date: original.end_date,
    original_property_id: original.property_id,
  };
}

/** spec 5: the availability check runs on create, and on update only when dates or property changed. */
export function needsAvailabilityCheck(
  v: Pick<ReservationFormValues, 'property_id' | 'start_date' | 'end_date' | 'room_type_id' | 'quantity'>,
  original?: Pick<Booking, 'property_id' | 'start_date' | 'end_date' | 'room_type_id' | 'quantity'>,
): boolean {
  if (!original) return true;
  return (
    v.property_id !== original.property_id ||
    v.start_date !== original.start_date ||
    v.end_date !== original.end_date ||
    (v.room_type_id ?? null) !== (original.room_type_id ?? null) ||
    v.quantity > original.quantity
  );
}

/** Server field names → the modal's fields. */
export const serverFieldMap: Record<string, ReservationField> = {
  name: 'name',
  email: 'email',
  phone: 'phone_number',
  start_date: 'start_date',
  end_date: 'start_date',
  number_of_guests: 'number_of_guests',
  price: 'price',
  property_id: 'property_id',
  room_type_id: 'room_type_id',
  quantity: 'quantity',
  promotions: 'promotions',
  taxes: 'taxes',
  notes: 'notes',
};
