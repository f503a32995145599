// The rule table of scripts/check-boundaries.mjs (the rules are explained in scripts/boundaries/check.mjs).
// One entry per layer: `units` is the folder whose sub-folders are the units (`only` picks some); a unit
// imports another only through the files `isPublic` accepts; `forbid` lists folders its files do not
// import (`allow` lists files inside them that they may); `reach` also follows an allowed file's own
// imports; `tables` gives each table one owning module and the reads other modules are granted (the same
// grants hold for a table named in raw SQL); `cycles` refuses import cycles between units; `fileNames`
// is the pattern of a file's name. `exceptions` are today's known crossings, each with why
// ({ file, rule, what, why }; `what` is the imported file, the table, the file name, or 'a -> b' for the
// module edge that closes a cycle), to be removed as the code is fixed: one that no longer happens fails
// the check. `ignore`: files the import and table rules skip (tests seed any table and reach any module);
// test files are not even read.
//
// Re-exports: an import of a file that re-exports (`export … from`) a file of another unit counts as an
// import of that file by the importer, so a lib/ file cannot launder a module's private file; and lib/
// imports no module at all. A module's own public file (index.ts) re-exporting its own files is how it
// publishes them.

/** The folders read, and the files only listed (names checked) but not read. */
export const folders = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/domain/src'];
export const skip = /\.(test|spec)\.tsx?$/;

const api = 'apps/api/src';
const web = 'apps/web/src';

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

/** The tables of the API: one owner each, the reads granted across modules. */
const apiTables = {
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
    /** The read model of the calendar; `rates` in raw SQL only: a property's and a room type's base price. */
    calendar: [
      'rates',
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
};

/** Kebab-case words, dot-separated parts (`stripe.fake-store.ts`, `realtime.int.test.ts`). */
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.(?:ts|tsx|mjs)$/;
const kebabHint = 'in kebab-case (docs/architecture.md §2, rule 8)';

/**
 * An API module's file: a kebab-case name, then at most one role from the list (docs/style.md, An API
 * module). A plain kebab-case name is a helper of the module (`booking-code.ts`). A test is kebab-case
 * parts ending in `.test.ts` (`bookings.concurrency.int.test.ts`).
 */
const moduleFile =
  /^[a-z0-9]+(?:-[a-z0-9]+)*(?:(?:\.(?:service|routes|repo|module|errors|jobs|events|types|emails|deps|policy|context|test-setup|worker))?\.(?:ts|mjs)|(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.test\.ts)$/;

/** A light entry's file: kebab-case, or a PascalCase React component (`Flow.tsx`, the entries' style today). */
const lightFile =
  /^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.(?:ts|tsx)|[A-Z][A-Za-z0-9]*\.tsx)$/;

/** The only lib/ files the light entries and their kit import (light: no Mantine, router or query). */
const lightLib = [`${web}/lib/intl.ts`, `${web}/lib/typed-date.ts`, `${web}/lib/envelope-fetch.ts`];

export const layers = [
  {
    name: 'api',
    units: `${api}/modules`,
    unitName: 'module',
    publicHint: '<module>.service.ts, <module>.module.ts, <module>.errors.ts or lib/',
    isPublic: (module, file) => apiPublic.test(file) || (apiShared[module] ?? []).includes(file),
    /** A module is built by its wing and joined by app.ts, never the other way round; demo/ and test/ are
     * the seed and the test harness, which import modules. */
    forbid: [`${api}/wings`, `${api}/app.ts`, `${api}/server.ts`, `${api}/demo`, `${api}/test`],
    /** Tests and their setup (`*.test-setup.ts`, imported by tests only) seed any table, reach any module. */
    ignore: [/\.test\.ts$/, /\.test-setup\.ts$/],
    tables: apiTables,
    cycles: true,
    fileNames: {
      pattern: moduleFile,
      hint: 'kebab-case, ending in .service, .routes, .repo, .module, .errors, .jobs, .events, .types, .emails, .deps, .policy, .context, .test-setup or .worker when they have a role (docs/style.md)',
    },
    /** Import cycles between modules today (type imports count: they couple the modules' code too). */
    exceptions: [
      {
        file: `${api}/modules/auth/auth.service.ts`,
        rule: 'cycle',
        what: 'auth -> accounts',
        why: "auth's services type their accounts dependency as AccountsService (type only), while accounts builds auth's users service; a port type in auth would break it",
      },
      {
        file: `${api}/modules/delivery/delivery-deps.ts`,
        rule: 'cycle',
        what: 'delivery -> notifications',
        why: "the pipeline's deps type the bell's NewNotification (type only), while notifications' operator WhatsApp takes the pipeline's Deliver; the shape belongs in delivery.types.ts",
      },
      {
        file: `${api}/modules/checkins/manual-checkin.ts`,
        rule: 'cycle',
        what: 'checkins -> guest-checkin',
        why: "the manual check-in looks postal codes up with guest-checkin's table (a pure helper) and checkins.service.ts types the PDF input as import('../guest-checkin/registration-pdf.ts'), while guest-checkin builds on checkins' records; both belong in lib/ or packages/domain",
      },
    ],
  },
  {
    /** Shared API pieces (docs/style.md): below every module, so they import none and no table. */
    name: 'api-lib',
    units: api,
    only: ['lib'],
    unitName: 'lib/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [`${api}/modules`, `${api}/wings`, `${api}/plugins`, `${api}/app.ts`, `${api}/server.ts`],
    forbidHint: 'lib/ sits below the modules and the wings',
    ignore: [/\.test\.ts$/],
    tables: apiTables,
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    /** The outbox of domain events and its bus: delivers to handlers the modules register, knows none. */
    name: 'api-events',
    units: api,
    only: ['events'],
    unitName: 'events/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [`${api}/modules`, `${api}/wings`, `${api}/plugins`, `${api}/adapters`, `${api}/app.ts`],
    ignore: [/\.test\.ts$/],
    tables: apiTables,
    /** events/ owns the outbox tables (owners.events). */
    tablesAs: { events: 'events' },
    fileNames: { pattern: kebab, hint: kebabHint },
    exceptions: [],
  },
  {
    /** One folder per outside protocol (docs/style.md, An adapter): it knows the protocol, not Posada's
     * modules, events or database; lib/ gives it the clock and the constant-time compare. */
    name: 'api-adapters',
    units: api,
    only: ['adapters'],
    unitName: 'adapters/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [
      `${api}/modules`,
      `${api}/wings`,
      `${api}/plugins`,
      `${api}/events`,
      `${api}/db`,
      `${api}/app.ts`,
    ],
    ignore: [/\.test\.ts$/],
    tables: apiTables,
    fileNames: { pattern: kebab, hint: kebabHint },
    exceptions: ['ical.parse.ts', 'types.ts'].map((file) => ({
      file: `${api}/adapters/ical/${file}`,
      rule: 'forbidden',
      what: `${api}/db/schema/channels.ts`,
      why: "the iCal parser types the feed it reads with the channels table's CalendarChannel and ChannelEventKind (types only); they belong in the adapter or packages/contracts",
    })),
  },
  {
    /** Fastify plugins (access, errors, rate limit, socket.io): the app's edges, no module or table. */
    name: 'api-plugins',
    units: api,
    only: ['plugins'],
    unitName: 'plugins/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [
      `${api}/modules`,
      `${api}/wings`,
      `${api}/adapters`,
      `${api}/events`,
      `${api}/db`,
      `${api}/app.ts`,
    ],
    ignore: [/\.test\.ts$/],
    tables: apiTables,
    fileNames: { pattern: kebab, hint: kebabHint },
    exceptions: [],
  },
  {
    name: 'web',
    units: `${web}/features`,
    unitName: 'feature',
    publicHint: 'lib/, config/ or components/ (a feature imports no other feature; app/ composes them)',
    isPublic: () => false,
    forbid: [`${web}/app`, `${web}/guest`, `${web}/booking-site`, `${web}/light-kit`, 'apps/api'],
    ignore: [/\.test\.tsx?$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    name: 'web-shared',
    units: web,
    only: ['components', 'lib', 'config'],
    unitName: 'shared folder',
    publicHint: 'nothing',
    isPublic: () => true,
    forbid: [
      `${web}/features`,
      `${web}/app`,
      `${web}/guest`,
      `${web}/booking-site`,
      `${web}/light-kit`,
      'apps/api',
    ],
    ignore: [/\.test\.tsx?$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    /** The operator app's router and layouts compose the features; the light entries are other pages. */
    name: 'web-app',
    units: web,
    only: ['app'],
    unitName: 'app/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [`${web}/guest`, `${web}/booking-site`, `${web}/light-kit`, 'apps/api'],
    ignore: [/\.test\.tsx?$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    /** The two light entries, each its own page and bundle (docs/architecture.md §4: the guest flow's first
     * screen at most 100 KB): the guest check-in (checkin.html) and the public booking site (book.html).
     * They load none of the operator app (features/, app/, components/, config/, main.tsx) and not each
     * other: what both need is in light-kit/ (the next layer) or lib/'s light files, the only lib/ files
     * they may import; `reach` checks those import nothing else of lib/ or the app in turn. */
    name: 'web-light',
    units: web,
    only: ['guest', 'booking-site'],
    unitName: 'light entry',
    publicHint: "nothing: the light entries share only light-kit/ and lib/'s light files",
    isPublic: () => false,
    forbid: [
      `${web}/features`,
      `${web}/app`,
      `${web}/components`,
      `${web}/config`,
      `${web}/lib`,
      `${web}/main.tsx`,
      'apps/api',
    ],
    forbidHint: 'a light entry stays out of the operator app',
    allow: lightLib,
    reach: true,
    ignore: [/\.test\.tsx?$/],
    fileNames: { pattern: lightFile, hint: 'in kebab-case, or PascalCase for a React component (.tsx)' },
  },
  {
    /** The light entries' kit (issue 28): the base CSS, UI pieces, translator and router both entries import
     * once. It sits below them: it knows neither entry, nor the operator app, and of lib/ only the light
     * files the entries may import. */
    name: 'web-light-kit',
    units: web,
    only: ['light-kit'],
    unitName: 'light-kit/',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: [
      `${web}/guest`,
      `${web}/booking-site`,
      `${web}/features`,
      `${web}/app`,
      `${web}/components`,
      `${web}/config`,
      `${web}/lib`,
      `${web}/main.tsx`,
      'apps/api',
    ],
    forbidHint: 'the kit sits below the light entries and outside the operator app',
    allow: lightLib,
    reach: true,
    ignore: [/\.test\.tsx?$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    /** The contracts (zod schemas both sides import) build on the domain's rules, never on an app. */
    name: 'contracts',
    units: 'packages',
    only: ['contracts'],
    unitName: 'contracts',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: ['apps'],
    ignore: [/\.test\.ts$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
  {
    /** The domain's pure rules sit below everything: no app, no contract. */
    name: 'domain',
    units: 'packages',
    only: ['domain'],
    unitName: 'domain',
    publicHint: 'anything',
    isPublic: () => true,
    forbid: ['apps', 'packages/contracts'],
    ignore: [/\.test\.ts$/],
    fileNames: { pattern: kebab, hint: kebabHint },
  },
];
