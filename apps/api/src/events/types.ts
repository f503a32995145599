import type { CalendarChangedPayload } from '@posada/contracts/calendar';
import type { ReminderRangPayload } from '@posada/contracts/checkins';

/** What changed in a booking (booking.changed): the check-in plan follows `stay` and `paused`. */
export type BookingChange = 'stay' | 'paused' | 'payment' | 'room';

/**
 * Every domain event and its payload (docs/events.md lists producers and handlers). Payloads are JSON
 * stored in domain_events.payload: ids and plain values only, never secrets or personal data beyond
 * what the bell already shows.
 */
export interface DomainEvents {
  /** POST /api/booking/create committed a manual booking. */
  'booking.created': { booking_id: string; property_id: string };
  /** A booking was edited; `previous_property_id` when it moved to another property. */
  'booking.changed': {
    booking_id: string;
    property_id: string;
    change: BookingChange;
    previous_property_id?: string;
  };
  /** A booking was cancelled (its nights freed). */
  'booking.cancelled': { booking_id: string; property_id: string };
  /** Closed dates of a property were created, changed or deleted. */
  'closed_dates.changed': { property_id: string };
  /** Night prices of a property were set. */
  'night_prices.changed': { property_id: string };
  /** A booking import added or updated bookings of a property. */
  'bookings.imported': { property_id: string };
  /** A guest finished the online check-in (its notification is written with it). */
  'checkin.completed': { checkin_id: string; property_id: string; booking_id: string | null };
  /**
   * A completed check-in's travellers changed (issue 27): a late traveller registered, or the operator set
   * the stay's guest count. A held police report goes out once every expected traveller is in.
   */
  'checkin.guests_changed': { checkin_id: string; property_id: string };
  /**
   * A police registration (issue 14) was created or changed state: queued, sending, sent, accepted, rejected,
   * needs_action, cancelling, cancelled, superseded. Smart locks release door codes on `accepted`.
   */
  'registration.changed': {
    registration_id: string;
    checkin_id: string | null;
    booking_id: string | null;
    property_id: string;
    state: string;
  };
  /** A reminder came due: its notification is written, the bell rings. */
  'reminder.rang': ReminderRangPayload;
  /**
   * A verified Stripe webhook event was stored for the first time (issue 16, docs/payments.md). Handlers
   * read the stored event (stripe_events) by id and apply it idempotently; a replay emits nothing.
   */
  'stripe.event': { event_id: string; type: string; stripe_account: string | null };
  /** A guest payment changed state (paid, authorized, rejected, expired, released, refunded). */
  'guest_payment.changed': {
    payment_id: string;
    kind: string;
    status: string;
    booking_id: string | null;
    checkin_id: string | null;
    property_id: string;
  };
  /** The account's subscription changed (state, plan, units or add-ons): gates and banners follow. */
  'subscription.changed': { state: string; plan: string; units: number };
  /**
   * Issue 17 (docs/messaging.md): a guest's message was stored for the first time (WhatsApp, e-mail, SMS).
   * Notifications ring the bell and the chat-message toast; review requests read a score from it.
   */
  'inbox.message_received': { thread_id: string; message_id: string; channel: string };
  /** An outbound message was stored or its status moved (sent, delivered, read, failed). */
  'inbox.message_changed': { thread_id: string; message_id: string; status: string };
  /**
   * A bell notification was written (docs/messaging.md, Notifications): its delivery to the operator by
   * e-mail and WhatsApp follows the property's preferences.
   */
  'notification.created': { notification_id: string; kind: string; property_id: string | null };
  /**
   * Issue 18 (docs/experiences.md): a guest's service request was made or changed state (pending,
   * approved, rejected, paid) or was discarded (`status` 'discarded'). The guest and the provider are told.
   */
  'service_request.changed': {
    request_id: string;
    property_id: string;
    status: string;
    previous_status: string | null;
  };
}

export type EventType = keyof DomainEvents;

export interface DomainEvent<K extends EventType = EventType> {
  id: string;
  accountId: string;
  type: K;
  payload: DomainEvents[K];
  createdAt: Date;
}

/** The calendar socket event (`calendar.changed`) a domain event becomes, if any. */
export function calendarChangesOf(event: DomainEvent): CalendarChangedPayload[] {
  const e = event as DomainEvent<EventType>;
  switch (e.type) {
    case 'booking.created':
    case 'booking.cancelled': {
      const p = e.payload as DomainEvents['booking.created'];
      return [{ property_id: p.property_id, kind: 'booking', booking_id: p.booking_id }];
    }
    case 'booking.changed': {
      const p = e.payload as DomainEvents['booking.changed'];
      const changes: CalendarChangedPayload[] = [
        { property_id: p.property_id, kind: 'booking', booking_id: p.booking_id },
      ];
      if (p.previous_property_id && p.previous_property_id !== p.property_id)
        changes.push({ property_id: p.previous_property_id, kind: 'booking', booking_id: p.booking_id });
      return changes;
    }
    case 'closed_dates.changed':
      return [
        {
          property_id: (e.payload as DomainEvents['closed_dates.changed']).property_id,
          kind: 'closed_dates',
        },
      ];
    case 'night_prices.changed':
      return [
        {
          property_id: (e.payload as DomainEvents['night_prices.changed']).property_id,
          kind: 'night_prices',
        },
      ];
    case 'bookings.imported':
      return [{ property_id: (e.payload as DomainEvents['bookings.imported']).property_id, kind: 'booking' }];
    case 'checkin.completed': {
      const p = e.payload as DomainEvents['checkin.completed'];
      return [
        {
          property_id: p.property_id,
          kind: 'booking',
          ...(p.booking_id ? { booking_id: p.booking_id } : {}),
        },
      ];
    }
    default:
      return [];
  }
}
