import type { Booking } from '@posada/contracts/bookings';
import { useCallback, useMemo, useState } from 'react';
import type {
  CalendarClosed,
  CalendarProperty,
  CalendarRoomType,
  CalendarUnit,
  GridRow,
} from '../lib/grid-rows.ts';
import { type DayRange, orderedRange } from '../lib/selection.ts';
import { type CalendarTarget, targetOf } from '../lib/target.ts';
import { ActionChooser, type CalendarAction } from './action-chooser.tsx';
import { BookingPanel } from './booking-panel.tsx';
import { CloseDatesModal, type CloseDatesState } from './close-dates-modal.tsx';
import { MaintenanceModal, type MaintenanceState } from './maintenance-modal.tsx';
import { PriceModal, type PriceState } from './price-modal.tsx';
import { type BookingFormState, ReservationModalSlot } from './reservation-modal-slot.tsx';

/**
 * Everything a calendar opens, in one place for the three calendars: the action chooser for selected
 * dates, the close-dates and price modals, the booking-details panel, the reservation modal (create and
 * edit) and, on the hotel calendar, the maintenance modal.
 */
export function useCalendarOverlays({ today, onPricesSaved }: { today: string; onPricesSaved?: () => void }) {
  const [chooser, setChooser] = useState<{ target: CalendarTarget; range: DayRange; rowKey: string } | null>(
    null,
  );
  const [closeDates, setCloseDates] = useState<CloseDatesState | null>(null);
  const [price, setPrice] = useState<PriceState | null>(null);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [form, setForm] = useState<BookingFormState | null>(null);
  const [maintenance, setMaintenance] = useState<MaintenanceState | null>(null);

  const select = useCallback((row: GridRow, range: DayRange) => {
    setChooser({ target: targetOf(row), range: orderedRange(range.start, range.end), rowKey: row.key });
  }, []);

  const choose = useCallback(
    (action: CalendarAction) => {
      if (!chooser) return;
      const { target, range } = chooser;
      setChooser(null);
      if (action === 'book') {
        setForm({
          mode: 'create',
          initial: {
            property_id: target.property.id,
            room_type_id: target.roomType?.id ?? undefined,
            start_date: range.start,
            end_date: range.end,
          },
          roomId: target.roomType && target.unit ? target.unit.id : null,
        });
      } else if (action === 'block') setCloseDates({ target, range });
      else setPrice({ target, range });
    },
    [chooser],
  );

  const api = useMemo(
    () => ({
      /** The selection drawn on the grid while the chooser is open. */
      selection: chooser
        ? { rowKey: chooser.rowKey, start: chooser.range.start, end: chooser.range.end }
        : null,
      select,
      openBooking: (id: string) => setBookingId(id),
      openClosed: (closed: CalendarClosed, row: GridRow) => setCloseDates({ target: targetOf(row), closed }),
      newBooking: (initial: BookingFormState['initial'] = {}) =>
        setForm({ mode: 'create', initial, roomId: null }),
      openPrice: (target: CalendarTarget, range: DayRange | null) => setPrice({ target, range }),
      openCloseDates: (target: CalendarTarget, range?: DayRange) => setCloseDates({ target, range }),
      openMaintenance: (property: CalendarProperty, room: CalendarUnit, roomType: CalendarRoomType | null) =>
        setMaintenance({ property, room, roomType }),
    }),
    [chooser, select],
  );

  const overlays = (
    <>
      <ActionChooser
        opened={Boolean(chooser)}
        onClose={() => setChooser(null)}
        target={chooser?.target ?? null}
        range={chooser?.range ?? null}
        today={today}
        onChoose={choose}
      />
      <CloseDatesModal state={closeDates} today={today} onClose={() => setCloseDates(null)} />
      <PriceModal state={price} onClose={() => setPrice(null)} onSaved={onPricesSaved} />
      <BookingPanel
        bookingId={bookingId}
        onClose={() => setBookingId(null)}
        onEdit={(booking: Booking) => {
          setBookingId(null);
          setForm({ mode: 'edit', bookingId: booking.id, initial: {}, roomId: null });
        }}
      />
      <MaintenanceModal
        state={maintenance}
        today={today}
        onClose={() => setMaintenance(null)}
        onBlockDates={(m) => {
          setMaintenance(null);
          setCloseDates({
            target: {
              property: m.property,
              unit: m.room,
              roomType: m.roomType,
              nights: new Map(),
              state: { bookings: m.room.bookings, closed: m.room.closed, nights: new Map() },
              label: m.roomType ? `${m.room.name} · ${m.roomType.name}` : m.room.name,
            },
          });
        }}
      />
      <ReservationModalSlot state={form} onClose={() => setForm(null)} />
    </>
  );

  return { ...api, overlays };
}
