import { calendarChangedEvent } from '@posada/contracts/calendar';
import { reminderRangEvent } from '@posada/contracts/checkins';
import type { EventBus } from './bus.ts';
import { calendarChangesOf, type EventType } from './types.ts';

/** The socket side of the events: the calendar and lists reload, the bell rings (docs/events.md). */
export function registerRealtimeHandlers(
  bus: EventBus,
  realtime: () => { emitToAccount(accountId: string, event: string, payload: unknown): void },
) {
  const calendarEvents: EventType[] = [
    'booking.created',
    'booking.changed',
    'booking.cancelled',
    'closed_dates.changed',
    'night_prices.changed',
    'bookings.imported',
    'checkin.completed',
  ];
  for (const type of calendarEvents) {
    bus.on(type, 'realtime.calendar', (event) => {
      for (const payload of calendarChangesOf(event))
        realtime().emitToAccount(event.accountId, calendarChangedEvent, payload);
    });
  }
  bus.on('reminder.rang', 'realtime.bell', (event) =>
    realtime().emitToAccount(event.accountId, reminderRangEvent, event.payload),
  );
}
