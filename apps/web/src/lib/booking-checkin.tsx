import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { CheckinGuestFields } from './guest-details.ts';

/**
 * A booking's check-in, as the reservations views show it. The checkins feature implements it and app/
 * composes the two (app/providers.tsx), so reservations never imports checkins.
 */
export interface BookingCheckin {
  /** The programmed check-in card of a booking. */
  Panel: ComponentType<{ bookingId: string; guestName?: string }>;
  /** The completed check-in's guest fields for a booking, or null (a hook). */
  useGuestFields: (bookingId: string | null | undefined) => CheckinGuestFields | null;
}

const BookingCheckinContext = createContext<BookingCheckin | null>(null);

export function BookingCheckinProvider({ value, children }: { value: BookingCheckin; children: ReactNode }) {
  return <BookingCheckinContext.Provider value={value}>{children}</BookingCheckinContext.Provider>;
}

function useImplementation(): BookingCheckin {
  const value = useContext(BookingCheckinContext);
  if (!value) throw new Error('BookingCheckinProvider is missing (app/providers.tsx composes it)');
  return value;
}

export function ProgrammedCheckin(props: { bookingId: string; guestName?: string }) {
  const { Panel } = useImplementation();
  return <Panel {...props} />;
}

export function useBookingCheckin(bookingId: string | null | undefined): CheckinGuestFields | null {
  return useImplementation().useGuestFields(bookingId);
}
