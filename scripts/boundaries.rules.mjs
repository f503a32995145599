// The rule table of scripts/check-boundaries.mjs. One entry per layer: `units` is the folder whose
// sub-folders are the units; a unit imports another only through the files `isPublic` accepts; `forbid`
// lists folders no unit imports; `schema`, `owners` and `reads` give each table one owning module and the
// reads other modules are granted; `exceptions` are today's known crossings (each with why), to be removed
// as the code is fixed: one that no longer happens fails the check. `ignore`: files the check skips (tests
// seed any table and reach any module).
//
// The web (issue 12): a feature imports no other feature and not app/ (features are composed in app/: the
// router and layouts); components/, lib/ and config/ import neither features nor app/.

/** Files of an API module that other modules may import: its services, module factory, errors and index. */
const apiPublic = /^(?:[\w-]+\.service|[\w-]+\.module|[\w-]+\.errors|index)\.ts$/;

/** Other files a module deliberately shares (pure helpers with no table access). */
const apiShared = {
  bookings: ['booking-code.ts'],
  checkins: ['checkin-links.ts'],
  files: ['decode.ts', 'multipart.ts', 'storage.ts'],
  'guest-checkin': ['postal-codes.ts', 'registration-pdf.ts', 'messaging.ts'],
  properties: ['description-generator.ts'],
  /** Issue 17: the interfaces other modules code against (types only). */
  inbox: ['inbox.types.ts'],
  /** Issue 26: the pipeline's request, result and inbox port (types), and a failure's reason in words. */
  delivery: ['delivery.types.ts', 'delivery-views.ts'],
  whatsapp: ['whatsapp.types.ts'],
};

export const layers = [
  {
    name: 'api',
    units: 'apps/api/src/modules',
    unitName: 'module',
    publicHint: '<module>.service.ts, <module>.module.ts, <module>.errors.ts or lib/',
    isPublic: (module, file) => apiPublic.test(file) || (apiShared[module] ?? []).includes(file),
    ignore: [/\.test\.ts$/],
    schema: 'apps/api/src/db/schema',
    /** Each table's one owning module: the only one that writes it. */
    owners: {
      accounts: ['accounts'],
      /** The back office: advisors, the price list's versions, coupons and the audit log of admin actions. */
      admin: ['advisors', 'priceBooks', 'coupons', 'adminAuditLog'],
      auth: [
        'users',
        'sessions',
        'recoveryCodes',
        'loginChallenges',
        'emailTokens',
        'oauthStates',
        'loginAttempts',
      ],
      properties: ['properties', 'propertyAuthorities', 'roomTypes', 'rooms', 'rates', 'propertyImages'],
      bookings: ['bookings', 'closedDates', 'unitNights', 'nightPrices'],
      notifications: ['notifications', 'notificationPreferences'],
      /** Billing data and the platform's invoices (docs/billing.md). */
      billing: ['billingDetails', 'invoiceSeries', 'invoices'],
      calendar: ['calendarStaysCache', 'calendarNightsCache'],
      checkins: ['checkins', 'checkinGuests', 'reminders'],
      'guest-checkin': ['checkinVerificationCodes', 'guestCodeAttempts', 'identityVerdicts'],
      mail: ['emailOutbox'],
      authorities: ['policeRegistrations', 'policeRegistrationAttempts', 'policeFiles'],
      'smart-locks': ['lockAccounts', 'lockAssignments', 'accessCodes', 'accessCodeReleases'],
      channels: ['channelCalendars', 'channelEvents', 'icalExports'],
      /** Guest payments and the operator's payments account (issue 16, docs/payments.md). */
      payments: ['paymentAccounts', 'guestPayments'],
      /** The operator's subscription and its charges (issue 16, docs/billing.md). */
      subscriptions: ['subscriptions', 'billingPayments'],
      /** Every verified Stripe webhook event, stored once by id (docs/payments.md, Webhooks). */
      'stripe-webhooks': ['stripeEvents'],
      /** Review requests after a stay and their settings (issue 17, docs/messaging.md). */
      reviews: ['reviewRequests', 'reviewSettings'],
      /** The experiences store: services, providers, requests, upselling moments and the funnel (issue 18, docs/experiences.md). */
      experiences: [
        'services',
        'serviceProviders',
        'serviceRequests',
        'upsellSettings',
        'upsellOffers',
        'serviceFunnelEvents',
      ],
      /** Mass messages (issue 17, docs/messaging.md). */
      broadcasts: ['broadcasts', 'broadcastRecipients'],
      /** The AI concierge: questions and answers, its policy, bot chats and their lines (issue 19, docs/concierge.md). */
      concierge: ['botQuestions', 'botSettings', 'botChats', 'botMessages'],
      /** The unified inbox's conversations and messages (issue 17, docs/messaging.md Inbox). */
      inbox: ['inboxThreads', 'inboxMessages', 'inboxUnrouted'],
      /** The delivery pipeline: a record per message and channel, the channels chosen per kind, opt-outs (issue 26). */
      delivery: ['messageDeliveries', 'deliveryPreferences', 'messagingOptOuts'],
      /** The account's WhatsApp connection, its templates and quick replies (docs/messaging.md Connection). */
      whatsapp: ['whatsappAccounts', 'messageTemplates'],
      /** Every verified WhatsApp webhook delivery, stored once by its body's hash (docs/messaging.md Webhooks). */
      'whatsapp-webhooks': ['whatsappWebhookEvents'],
      /** apps/api/src/events (the outbox of domain events), not a module: no module writes these. */
      events: ['domainEvents', 'domainEventDeliveries'],
    },
    /** Reads granted across modules (joins of read models and tenant checks); writes never are. */
    reads: {
      accounts: ['properties', 'users', 'roomTypes'],
      /** Whose stay a record belongs to (tenant checks), a property's confirmation channels and time zone. */
      delivery: ['bookings', 'properties', 'checkins', 'accounts', 'users'],
      /** The admin reads every account (user_management, payments, the user's information page). */
      admin: ['accounts', 'properties', 'users', 'subscriptions', 'billingPayments', 'invoices', 'checkins'],
      auth: ['accounts'],
      'booking-import': ['nightPrices', 'properties', 'unitNights', 'bookings', 'roomTypes', 'rooms'],
      bookings: ['properties', 'roomTypes', 'rooms', 'notifications'],
      calendar: [
        'accounts',
        'bookings',
        'closedDates',
        'unitNights',
        'nightPrices',
        'properties',
        'roomTypes',
        'rooms',
      ],
      checkins: ['bookings', 'properties', 'roomTypes', 'rooms', 'notifications', 'emailOutbox'],
      /** The public website shows the account's properties, room types and photos (issue 15). */
      'direct-booking': ['properties', 'roomTypes', 'propertyImages'],
      dashboard: ['bookings', 'properties', 'roomTypes', 'rooms', 'unitNights'],
      'guest-checkin': [
        'bookings',
        'checkins',
        'checkinGuests',
        'properties',
        'roomTypes',
        'rooms',
        'notifications',
      ],
      /** Whom to tell (the account's operators) and the guest's name of a new inbox message. */
      notifications: ['bookings', 'properties', 'users', 'inboxThreads'],
      /** The invoice's customer language (owner), the subscription's period and check-ins for consumo. */
      billing: ['users', 'subscriptions', 'checkins'],
      authorities: [
        'accounts',
        'users',
        'properties',
        'propertyAuthorities',
        'checkins',
        'checkinGuests',
        'bookings',
      ],
      properties: ['accounts', 'checkins', 'unitNights', 'bookings'],
      'smart-locks': ['properties', 'rooms', 'bookings', 'checkins', 'users'],
      channels: ['properties', 'rooms', 'users', 'bookings', 'closedDates', 'unitNights'],
      /** A payment link's reservation and guest, the owner's e-mail and country for Connect, stored Stripe events. */
      payments: ['accounts', 'users', 'bookings', 'properties', 'stripeEvents'],
      /** Which Posada account an event concerns: connected account, metadata.account_id, billing customer. */
      'stripe-webhooks': ['accounts', 'paymentAccounts', 'subscriptions'],
      subscriptions: ['accounts', 'users', 'properties', 'priceBooks', 'coupons', 'stripeEvents'],
      /** A thread's property and linked stay's dates, a message's author (the thread list and socket event); the booking card's check-in. */
      inbox: ['bookings', 'properties', 'users', 'messageTemplates', 'checkins'],
      /** The approved templates, the guests' opt-outs and each recipient's message status (joined, never copied). */
      broadcasts: ['messageTemplates', 'inboxThreads', 'inboxMessages'],
      /** The account's places (spec 9: the shared number is only for up to 50): properties, and hotel rooms. */
      whatsapp: ['properties', 'rooms'],
      /** The stay, its property's review URL and time zone, the plan gate, the check-in's language, a reply's text. */
      reviews: ['accounts', 'bookings', 'properties', 'checkins', 'inboxMessages'],
      /** The plan gate, a property's store switch and currency, the stay and its main guest's document, a request's payment. */
      experiences: ['accounts', 'properties', 'bookings', 'checkins', 'checkinGuests', 'guestPayments'],
      /** The plan gate and bot flag, the property's facts, the guest's stay and check-in, the inbox thread and message. */
      concierge: [
        'accounts',
        'properties',
        'bookings',
        'checkins',
        'rooms',
        'unitNights',
        'inboxThreads',
        'inboxMessages',
        'services',
      ],
    },
    exceptions: [],
  },
  {
    name: 'web',
    units: 'apps/web/src/features',
    unitName: 'feature',
    publicHint: 'lib/, config/ or components/ (a feature imports no other feature; app/ composes them)',
    isPublic: () => false,
    forbid: ['apps/web/src/app'],
    ignore: [/\.test\.tsx?$/],
  },
  {
    name: 'web-shared',
    units: 'apps/web/src',
    only: ['components', 'lib', 'config'],
    unitName: 'shared folder',
    publicHint: 'nothing',
    isPublic: () => true,
    forbid: ['apps/web/src/features', 'apps/web/src/app'],
    ignore: [/\.test\.tsx?$/],
  },
];
