// The stays wing: properties and their units, bookings, imports, the calendars, channels, the direct-booking
// website and the dashboard.
import { writeFeed } from '../adapters/ical/ical.export.ts';
import { parseFeed } from '../adapters/ical/ical.parse.ts';
import { createBookingImportModule } from '../modules/booking-import/booking-import.module.ts';
import { createBookingsModule } from '../modules/bookings/bookings.module.ts';
import { createCalendarModule } from '../modules/calendar/calendar.module.ts';
import { createChannelsModule } from '../modules/channels/channels.module.ts';
import { createDashboardModule } from '../modules/dashboard/dashboard.module.ts';
import { createDirectBookingModule } from '../modules/direct-booking/direct-booking.module.ts';
import { createDescriptionGenerator } from '../modules/properties/description-generator.ts';
import { createPropertiesModule } from '../modules/properties/properties.module.ts';
import type { WingContext } from './context.ts';
import type { MoneyWing } from './money.wing.ts';
import type { PlatformWing } from './platform.wing.ts';

export interface StaysPorts {
  /** The check-in wing's smart locks (built later): a property's lock settings read and save through them. */
  smartLocks: Parameters<typeof createPropertiesModule>[0]['smartLocks'];
}

export function buildStaysWing(
  ctx: WingContext,
  platform: Pick<PlatformWing, 'accounts' | 'files' | 'notifications'>,
  money: Pick<MoneyWing, 'payments' | 'onlinePayments'>,
  ports: StaysPorts,
) {
  const { config, db, clock, jobs, events, adapters, logger } = ctx;
  const accounts = platform.accounts.service;
  const notifications = platform.notifications.service;
  const properties = createPropertiesModule({
    db,
    clock,
    appUrl: config.APP_URL,
    accounts,
    files: platform.files.service,
    secrets: ctx.secrets,
    describer: adapters.llm ? createDescriptionGenerator(adapters.llm) : null,
    smartLocks: ports.smartLocks,
  });
  const { rooms, rates } = properties.service;
  const bookings = createBookingsModule({ db, clock, roomTypes: rooms, rates, events, notifications });
  const bookingImport = createBookingImportModule({
    db,
    clock,
    roomTypes: rooms,
    events,
    bookingRooms: bookings.service.rooms,
    bulkBookings: bookings.service.bulk,
  });
  // The direct-booking website (issue 15): settings, the public site and web bookings through bookings.
  const { onlinePayments } = money;
  const directBooking = createDirectBookingModule({
    db,
    clock,
    appUrl: config.APP_URL,
    accounts,
    webUnits: properties.service.webUnits,
    bookings: bookings.service,
    deliver: ctx.deliver,
    logger,
    onlinePayments,
    payments: { readiness: onlinePayments, guestPayments: money.payments.service.guestPayments },
  });
  // Channel calendars (issue 15, docs/channels.md): each unit's iCal import and its export feeds.
  const channels = createChannelsModule({
    db,
    clock,
    secrets: ctx.secrets,
    jobs,
    logger,
    appUrl: config.APP_URL,
    accounts,
    channelBookings: bookings.service.channel,
    notifications,
    ical: { client: adapters.ical, parse: parseFeed },
    writeFeed,
    intervalMinutes: config.ICAL_SYNC_INTERVAL_MINUTES,
    concurrency: config.ICAL_SYNC_CONCURRENCY,
  });
  const calendar = createCalendarModule({ db, kind: ctx.database.kind, logger });
  const dashboard = createDashboardModule({ db, clock });
  return { properties, bookings, bookingImport, directBooking, channels, calendar, dashboard };
}

export type StaysWing = ReturnType<typeof buildStaysWing>;
