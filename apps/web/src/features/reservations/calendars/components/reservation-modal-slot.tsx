import type { Booking } from '@posada/contracts/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { reservationsKeys } from '../../../../lib/api/bookings-keys.ts';
import type { ReservationInitial } from '../../modal/reservation-modal.tsx';
import { bookingActions } from '../api/calendar-api.ts';

export interface BookingFormState {
  mode: 'create' | 'edit';
  initial: ReservationInitial;
  bookingId?: string;
  /**
   * Hotel: the room the dates were selected on. The API assigns a free room of the type; when it chose
   * another one, the booking is moved to the selected room (still free, or the selection was refused).
   */
  roomId: string | null;
}

// The modal (form, phone numbers, price lines) loads on first use, not with the calendar's first screen.
const ReservationModal = lazy(() =>
  import('../../modal/reservation-modal.tsx').then((m) => ({ default: m.ReservationModal })),
);

/** The reservations feature's modal, opened by the calendars (create from a selection, edit from the panel). */
export function ReservationModalSlot({
  state,
  onClose,
}: {
  state: BookingFormState | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [used, setUsed] = useState(false);
  if (state && !used) setUsed(true);

  const onSaved = async (booking: Booking) => {
    const wanted = state?.roomId;
    const assigned = booking.rooms[0]?.id;
    if (state?.mode !== 'create' || !wanted || !assigned || booking.rooms.length !== 1 || assigned === wanted)
      return;
    try {
      await bookingActions.changeRoom(booking.id, assigned, wanted);
      await queryClient.invalidateQueries({ queryKey: reservationsKeys.all });
    } catch {
      // The booking stands in the room the API chose; the operator can still move it from the panel.
    }
  };

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReservationModal
        opened={Boolean(state)}
        onClose={onClose}
        mode={state?.mode ?? 'create'}
        initial={state?.initial}
        bookingId={state?.bookingId}
        onSaved={(b) => void onSaved(b)}
      />
    </Suspense>
  );
}
