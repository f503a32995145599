import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { writeFeed } from './adapters/ical/ical.export.ts';
import { parseFeed } from './adapters/ical/ical.parse.ts';
import { createAdapters } from './adapters/index.ts';
import { createEmbeddedEngine, retrieve } from './adapters/llm/embedded-engine.ts';
import { createLlmEngine } from './adapters/llm/llm-engine.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEventBus } from './events/bus.ts';
import { registerRealtimeHandlers } from './events/realtime-handlers.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { Jobs } from './lib/jobs.ts';
import { loggerOptions } from './lib/logger.ts';
import type { ApiModule } from './lib/module.ts';
import { createPgBossJobs } from './lib/pg-boss-jobs.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createAccountsModule } from './modules/accounts/accounts.module.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createAuthModule, createUsersService } from './modules/auth/auth.module.ts';
import { createAuthoritiesModule } from './modules/authorities/authorities.module.ts';
import { mossosFiles } from './modules/authorities/mossos-files.ts';
import { createBillingModule } from './modules/billing/billing.module.ts';
import { createBookingImportModule } from './modules/booking-import/booking-import.module.ts';
import { createBookingPaymentStatusService } from './modules/bookings/booking-payment-status.service.ts';
import { createBookingsModule } from './modules/bookings/bookings.module.ts';
import { createStayContacts } from './modules/bookings/stay-contacts.service.ts';
import { createBroadcastsModule } from './modules/broadcasts/broadcasts.module.ts';
import { createCalendarModule } from './modules/calendar/calendar.module.ts';
import { createChannelsModule } from './modules/channels/channels.module.ts';
import { createCheckinContacts } from './modules/checkins/checkin-contacts.service.ts';
import { createCheckinsModule } from './modules/checkins/checkins.module.ts';
import { createConciergeModule } from './modules/concierge/concierge.module.ts';
import { createDashboardModule } from './modules/dashboard/dashboard.module.ts';
import { createDeliveryModule } from './modules/delivery/delivery.module.ts';
import type { Deliver } from './modules/delivery/delivery.types.ts';
import { createDirectBookingModule } from './modules/direct-booking/direct-booking.module.ts';
import { createExperiencesModule } from './modules/experiences/experiences.module.ts';
import { createFilesModule } from './modules/files/files.module.ts';
import { createLocalStorage, type FileStorage } from './modules/files/storage.ts';
import { createGuestCheckinModule } from './modules/guest-checkin/guest-checkin.module.ts';
import { createMessagingSenders } from './modules/guest-checkin/index.ts';
import { renderRegistrationPdf } from './modules/guest-checkin/registration-pdf.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createInboxModule } from './modules/inbox/inbox.module.ts';
import { createIntegrationsModule } from './modules/integrations/integrations.module.ts';
import { createMailModule } from './modules/mail/mail.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createOperatorWhatsApp } from './modules/notifications/operator-whatsapp.ts';
import { createDepositsModule } from './modules/payments/deposits.module.ts';
import { createOnlinePaymentsReadiness } from './modules/payments/online-payments.service.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createDescriptionGenerator } from './modules/properties/description-generator.ts';
import { createPropertiesModule } from './modules/properties/properties.module.ts';
import { createReviewsModule } from './modules/reviews/reviews.module.ts';
import { createSmartLocksModule, lockVendorsOf } from './modules/smart-locks/smart-locks.module.ts';
import type { SmartLocksService } from './modules/smart-locks/smart-locks.service.ts';
import { createStripeWebhooksModule } from './modules/stripe-webhooks/stripe-webhooks.module.ts';
import { createSubscriptionsModule } from './modules/subscriptions/subscriptions.module.ts';
import { createWhatsAppModule } from './modules/whatsapp/whatsapp.module.ts';
import { createWhatsAppWebhooksModule } from './modules/whatsapp-webhooks/whatsapp-webhooks.module.ts';
import { accessPlugin } from './plugins/access.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { realtimePlugin } from './plugins/realtime.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Defaults to pg-boss on `database`. */
  jobs?: Jobs;
  /** Defaults to local disk under DATA_DIR/files. */
  storage?: FileStorage;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the event handlers running after an answer (a Stripe webhook's) have finished. */
    eventsIdle(): Promise<void>;
  }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger === undefined ? loggerOptions(config) : deps.logger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A JSON request with an empty body carries no body (a route whose body is optional takes it), instead of
  // Fastify's "empty JSON body" 400; any other body is parsed as before (prototype poisoning refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') done(null, undefined);
    else parseJson(request, String(body), done);
  });

  const jobs = deps.jobs ?? createPgBossJobs({ database, logger: app.log });
  // Domain events (docs/events.md): recorded with each change, delivered after the commit.
  const events = createEventBus({ db: database.db, jobs, logger: app.log });
  // Tests and the e2e server's Stripe fake wait for the handlers a webhook set running after its answer.
  // Likewise the WhatsApp webhook's deliveries, applied right after their answer (docs/messaging.md, Webhooks).
  app.decorate('eventsIdle', async () => {
    await whatsappWebhooks.service.idle();
    await events.idle();
  });

  // Outside services (adapters/README.md): built once from config, handed to the modules that use them.
  const adapters = createAdapters(config, clock);

  // Modules (docs/style.md): each built from the shared pieces and the services of the modules it calls.
  // Each table has one owning module (scripts/boundaries.rules.mjs `owners`); the others call its service.
  const secrets = createSecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS);
  const { db } = database;
  const mail = createMailModule({
    db,
    jobs,
    clock,
    transport: adapters.smtp,
    from: config.MAIL_FROM,
    logger: app.log,
  });
  // Billing data, the platform's invoices and consumption (docs/billing.md); subscriptions and admin call it.
  const billing = createBillingModule({ db, clock, config });
  const admin = createAdminModule({
    db,
    clock,
    // Bound late: the subscriptions module is built below (user_management calls its applyAdminChange).
    subscriptions: () => subscriptions.service,
    paymentsConfigured: !!config.STRIPE_SECRET_KEY,
  });
  const accounts = createAccountsModule({ db, clock, users: createUsersService({ db }) });
  const storage = deps.storage ?? createLocalStorage(config.DATA_DIR);
  const files = createFilesModule({ storage });
  // smart-locks is built after properties (it needs check-ins); the settings reach it through this late binding.
  let smartLocksService: SmartLocksService | null = null;
  const properties = createPropertiesModule({
    db,
    clock,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    files: files.service,
    secrets,
    describer: adapters.llm ? createDescriptionGenerator(adapters.llm) : null,
    smartLocks: () => smartLocksService,
  });
  const { rooms, rates } = properties.service;
  // The delivery pipeline (issue 26, docs/messaging.md Delivery) is built once notifications exist; every module
  // that writes to a guest, a provider or an operator reaches it through this late binding.
  let deliveryModule: ReturnType<typeof createDeliveryModule> | null = null;
  const deliver = (): Deliver | null => deliveryModule?.service.send ?? null;
  const senders = createMessagingSenders({
    deliver,
    configured: {
      whatsapp: !!adapters.whatsappGateway && !!config.WHATSAPP_TEMPLATE,
      sms: !!adapters.sms,
      email: !!adapters.smtp,
    },
    development: config.NODE_ENV === 'development',
    logger: app.log,
  });
  // The bell and the operator's notices by e-mail and WhatsApp (issue 17, docs/messaging.md, Notifications).
  const notifications = createNotificationsModule({
    db,
    clock,
    events,
    jobs,
    logger: app.log,
    mail: mail.service,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    operatorWhatsApp: createOperatorWhatsApp({
      deliver,
      configured: !!(
        adapters.whatsappGateway &&
        config.WHATSAPP_PHONE_NUMBER_ID &&
        config.WHATSAPP_TOKEN &&
        config.WHATSAPP_NOTIFICATION_TEMPLATE
      ),
    }),
    // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
    realtime: () => app.realtime,
  });
  deliveryModule = createDeliveryModule({
    db,
    clock,
    events,
    jobs,
    logger: app.log,
    appUrl: config.APP_URL,
    config,
    templates: config,
    operatorTemplateLanguage: config.WHATSAPP_NOTIFICATION_TEMPLATE_LANGUAGE,
    whatsapp: adapters.whatsappGateway,
    connections: () => whatsapp.service.connections,
    sharedSender:
      config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN
        ? { phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID, token: config.WHATSAPP_TOKEN }
        : null,
    sms: adapters.sms,
    mail: {
      transport: adapters.smtp,
      from: config.MAIL_FROM,
      bounceDomain: config.INBOUND_EMAIL_DOMAIN ?? null,
      outbox: mail.service,
    },
    storage,
    inbox: () => inbox.service.deliveryPort,
    notifications: notifications.service,
    // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
    realtime: () => app.realtime,
    smsInbound: () => ({
      accountsOfGuestPhone: (phone) => inbox.service.accountsOfGuestPhone(phone),
      recordInbound: (message) => inbox.service.recordInbound(message),
      recordUnrouted: (message) => inbox.service.unrouted.recordUnrouted(message),
    }),
  });
  const delivery = deliveryModule;
  const bookings = createBookingsModule({
    db,
    clock,
    roomTypes: rooms,
    rates,
    events,
    notifications: notifications.service,
  });
  // Guest payments (issue 16, docs/payments.md): the payments account (Connect) and the guest payments engine.
  const payments = createPaymentsModule({
    db,
    clock,
    stripe: adapters.stripe,
    events,
    jobs,
    logger: app.log,
    feeBps: config.STRIPE_APPLICATION_FEE_BPS,
    appUrl: config.APP_URL,
    deliver,
    bookingPaymentStatus: createBookingPaymentStatusService({ db, clock, events }),
  });
  // The operator's subscription (issue 16, docs/billing.md): Stripe Billing on the platform account; the only
  // writer of the account's plan, status_subscription, quantity, servicios and payment_fail (projectAccount);
  // billing issues the invoice of each paid Stripe invoice.
  const subscriptions = createSubscriptionsModule({
    db,
    clock,
    events,
    jobs,
    logger: app.log,
    stripe: adapters.stripe,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    notifications: notifications.service,
    billing: () => billing.service,
  });
  const checkins = createCheckinsModule({
    db,
    clock,
    secrets,
    appUrl: config.APP_URL,
    logger: app.log,
    deliver,
    lastMessages: (accountId, checkinIds, locale) =>
      delivery.service.summaries(
        accountId,
        { checkinIds, kinds: ['checkin_link', 'checkin_reminder'] },
        locale,
      ),
    renderPdf: renderRegistrationPdf,
    notifications: notifications.service,
    bookings: bookings.service,
    events,
    jobs,
    // The experiences module is built below; the link message's upselling line is bound late.
    upsellLine: (accountId, propertyId, language) =>
      experiences.service.upsell.checkinLinkLine(accountId, propertyId, language),
  });
  const bookingImport = createBookingImportModule({
    db,
    clock,
    roomTypes: rooms,
    events,
    bookingRooms: bookings.service.rooms,
    bulkBookings: bookings.service.bulk,
  });
  // The direct-booking website (issue 15): settings, the public site and web bookings through bookings.
  // Online payment in advance (issue 16): Stripe configured and the operator's payments account approved.
  const onlinePayments = createOnlinePaymentsReadiness({
    db,
    stripe: adapters.stripe,
    guestPayments: payments.service.guestPayments,
  });
  const directBooking = createDirectBookingModule({
    db,
    clock,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    webUnits: properties.service.webUnits,
    bookings: bookings.service,
    deliver,
    logger: app.log,
    onlinePayments,
    payments: { readiness: onlinePayments, guestPayments: payments.service.guestPayments },
  });
  // Channel calendars (issue 15, docs/channels.md): each unit's iCal import and its export feeds.
  const channels = createChannelsModule({
    db,
    clock,
    secrets,
    jobs,
    logger: app.log,
    appUrl: config.APP_URL,
    accounts: accounts.service,
    channelBookings: bookings.service.channel,
    notifications: notifications.service,
    ical: {
      client: adapters.ical,
      parse: parseFeed,
    },
    writeFeed,
    intervalMinutes: config.ICAL_SYNC_INTERVAL_MINUTES,
    concurrency: config.ICAL_SYNC_CONCURRENCY,
  });
  const calendar = createCalendarModule({ db, kind: database.kind, logger: app.log });
  const dashboard = createDashboardModule({ db, clock });
  const auth = createAuthModule({
    db,
    clock,
    config,
    appUrl: config.APP_URL,
    mail: mail.service,
    accounts: accounts.service,
    advisors: admin.service,
    secrets,
    google: adapters.google,
    // app.realtime is decorated when the realtime plugin registers below; these run only after that.
    sockets: {
      disconnectSession: (sessionId) => app.realtime.disconnectSession(sessionId),
      disconnectUser: (userId) => app.realtime.disconnectUser(userId),
    },
  });
  // Police registration (issue 14): SES.Hospedajes and Ertzaintza web services; Mossos by file.
  const authorities = createAuthoritiesModule({
    db,
    clock,
    secrets,
    logger: app.log,
    events,
    jobs,
    notifications: notifications.service,
    propertySettings: properties.service.settings,
    police: { ses: adapters.sesHospedajes, ertzaintza: adapters.ertzaintza, mossos: mossosFiles },
    pollIntervalMs: config.SES_POLL_INTERVAL_SECONDS * 1000,
  });
  const smartLocks = createSmartLocksModule({
    db,
    clock,
    secrets,
    jobs,
    logger: app.log,
    vendors: lockVendorsOf(adapters),
    accounts: accounts.service,
    notifications: notifications.service,
    checkinRecords: checkins.service.records,
    deliver,
    registrationGate: authorities.service.registrationGate,
  });
  smartLocksService = smartLocks.service;
  const guestCheckin = createGuestCheckinModule({
    db,
    clock,
    config,
    secrets,
    mail: mail.service,
    logger: app.log,
    senders,
    events,
    notifications: notifications.service,
    checkinRecords: checkins.service.records,
    accessCode: smartLocks.service.release.guestView,
  });
  // Deposits of programmed check-ins (issue 16, docs/payments.md): holds through the guest's check-in.
  const deposits = createDepositsModule({
    db,
    clock,
    stripe: adapters.stripe,
    appUrl: config.APP_URL,
    feeBps: config.STRIPE_APPLICATION_FEE_BPS,
    logger: app.log,
    jobs,
    guestPayments: payments.service.guestPayments,
    checkins: checkins.service.deposits,
    guestCheckin: guestCheckin.service,
    readiness: onlinePayments,
  });
  // The account's WhatsApp connection (issue 17, docs/messaging.md Connection): its own number through
  // Embedded Signup or the shared number; `whatsapp.service.connections` routes, sends and limits for the rest.
  const whatsapp = createWhatsAppModule({
    db,
    clock,
    secrets,
    gateway: adapters.whatsappGateway,
    accounts: accounts.service,
    logger: app.log,
    settings: {
      appUrl: config.APP_URL,
      apiUrl: config.WHATSAPP_API_URL,
      appId: config.WHATSAPP_APP_ID,
      appSecret: config.WHATSAPP_APP_SECRET,
      configId: config.WHATSAPP_CONFIG_ID,
      oauthUrl: config.WHATSAPP_OAUTH_URL,
      sharedPhoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      sharedToken: config.WHATSAPP_TOKEN,
      verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    },
  });
  // The unified inbox (issue 17, docs/messaging.md Inbox): every guest conversation; the webhooks record what
  // guests write, and everything a guest receives goes out through its send.
  const inbox = createInboxModule({
    db,
    clock,
    events,
    logger: app.log,
    storage,
    smsConfigured: !!adapters.sms,
    deliver,
    bounces: () => delivery.service,
    whatsapp: adapters.whatsappGateway,
    connections: () => whatsapp.service.connections,
    stays: createStayContacts({ db }),
    checkinContacts: createCheckinContacts({ db }),
    inboundEmailDomain: config.INBOUND_EMAIL_DOMAIN,
    inboundEmailSecret: config.INBOUND_EMAIL_SECRET,
    screen: {
      accounts: accounts.service,
      checkinLink: (tenant, checkinId) => checkins.service.checkins.link(tenant, checkinId),
      accessCode: (accountId, checkinId) => smartLocks.service.release.guestView(accountId, checkinId),
    },
    // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
    realtime: () => app.realtime,
  });
  // Meta's webhook (docs/messaging.md Webhooks): verified, stored once, applied to the inbox after the answer.
  const whatsappWebhooks = createWhatsAppWebhooksModule({
    db,
    clock,
    jobs,
    logger: app.log,
    storage,
    inbox: inbox.service,
    // Outbound statuses move the delivery records (issue 26): applied once, only forward.
    statuses: () => delivery.service,
    gateway: adapters.whatsappGateway,
    connections: () => whatsapp.service.connections,
    appSecret: config.WHATSAPP_APP_SECRET,
    verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    sharedPhoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    applyConcurrency: database.kind === 'pglite' ? 1 : 4,
  });
  // Review requests after a stay (issue 17, docs/messaging.md): sent through the inbox (a template outside the
  // 24-hour window); both bound late.
  const reviews = createReviewsModule({
    db,
    clock,
    jobs,
    logger: app.log,
    appUrl: config.APP_URL,
    notifications: notifications.service,
    inbox: () => inbox.service,
    deliver,
  });

  // Mass messages (issue 17, docs/messaging.md): guests from bookings, sent through the inbox at the
  // account's WhatsApp limit. The whatsapp and inbox modules are bound here once they are built.
  const broadcasts = createBroadcastsModule({
    db,
    clock,
    jobs,
    logger: app.log,
    accounts: accounts.service,
    bookings: bookings.service,
    whatsapp: () => whatsapp.service.connections,
    inbox: () => inbox.service,
  });

  // The experiences store (issue 18, docs/experiences.md): services, providers, guests' requests and their
  // payments, upselling offers through the inbox, reports. The inbox and WhatsApp are bound late.
  const experiences = createExperiencesModule({
    db,
    clock,
    events,
    jobs,
    logger: app.log,
    appUrl: config.APP_URL,
    files: files.service,
    guestPayments: payments.service.guestPayments,
    readiness: onlinePayments,
    notifications: notifications.service,
    deliver,
    deliveries: delivery.service,
    whatsapp: () => whatsapp.service.connections,
    checkinLink: async (accountId, checkinId) =>
      (await checkins.service.checkins.link({ accountId, userId: '' }, checkinId)).url,
  });

  // The AI concierge (issue 19, docs/concierge.md): answers guests on WhatsApp from the operator's knowledge.
  // The embedded engine always; the LLM one when LLM_BASE_URL is set unless CONCIERGE_ENGINE=embedded.
  const concierge = createConciergeModule({
    db,
    clock,
    events,
    logger: app.log,
    storage,
    files: files.service,
    inbox: () => inbox.service,
    whatsapp: () => whatsapp.service.connections,
    notifications: notifications.service,
    // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
    realtime: () => app.realtime,
    engines: {
      embedded: createEmbeddedEngine(),
      llm:
        adapters.llm && config.CONCIERGE_ENGINE !== 'embedded'
          ? createLlmEngine({
              client: adapters.llm,
              retrieve: (entries, message, language, k) =>
                retrieve(entries, message, language, k).map((r) => ({
                  entry: r.entry,
                  score: r.confidence / 100,
                })),
            })
          : null,
    },
    accessCode: (accountId, checkinId) => smartLocks.service.release.guestView(accountId, checkinId),
    checkinLink: async (accountId, checkinId) =>
      (await checkins.service.checkins.link({ accountId, userId: '' }, checkinId)).url,
    requestService: async (r) => {
      const made = await experiences.service.guestStore.request(r.propertyId, r.serviceId, r.checkinId, {
        quantity: 1,
        service_date: r.serviceDate,
        service_time: '',
        notes: r.notes,
        language: r.language,
      });
      return { requestId: made.request.id, checkoutUrl: made.checkout_url };
    },
    botTemplate: config.WHATSAPP_BOT_TEMPLATE,
  });

  /** Every module, in the order their routes register under /api and their jobs start. */
  const modules: ApiModule<unknown>[] = [
    createHealthModule({ database, jobs }),
    auth,
    accounts,
    admin,
    files,
    properties,
    bookings,
    bookingImport,
    channels,
    directBooking,
    payments,
    calendar,
    dashboard,
    createIntegrationsModule({ adapters: adapters.registry }),
    checkins,
    authorities,
    smartLocks,
    billing,
    subscriptions,
    notifications,
    guestCheckin,
    deposits,
    reviews,
    experiences,
    concierge,
    broadcasts,
    inbox,
    delivery,
    whatsappWebhooks,
    whatsapp,
    mail,
    // Last: its stripe.event handler marks an event processed after every other module's handler ran.
    createStripeWebhooksModule({ db, events, clock, webhookSecret: config.STRIPE_WEBHOOK_SECRET }),
  ];
  for (const module of modules) module.eventHandlers?.(events);
  // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
  registerRealtimeHandlers(events, () => app.realtime);

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const serveWeb = config.SERVE_WEB && existsSync(path.join(webDist, 'index.html'));
  await app.register(errorsPlugin, { spaFallback: serveWeb });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
      },
    },
  });
  await app.register(cors, { origin: [config.APP_URL], credentials: false });
  // JSON (and other text) answers over 1 KB, compressed on the fly; precompressed assets and images pass as
  // they are. Brotli at quality 4: most of the gain of 11 at a fraction of the CPU.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // The plugin's default list without octet-stream: model weights and other binaries barely shrink.
    customTypes:
      /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Posada API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessPlugin, {
    authenticate: (token) => auth.service.authenticate(token),
    // The rate limit registers next: its counter exists by the time a request arrives.
    onFailedToken: (request) => app.countFailedToken(request),
  });
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    publicMax: config.RATE_LIMIT_PUBLIC_MAX,
    windowSeconds: config.RATE_LIMIT_WINDOW,
    redisUrl: config.REDIS_URL,
  });
  await app.register(realtimePlugin, {
    authenticate: (token) => auth.service.authenticate(token),
    redisUrl: config.REDIS_URL,
  });

  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api);
    },
    { prefix: '/api' },
  );
  // The public export feed of channel calendars (/ical/{token}.ics): outside /api, no login.
  await channels.feedRoutes(app);

  // The build writes .br and .gz beside each compressible asset (apps/web/vite.config.ts): sent as they are.
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, preCompressed: true });
    // One asset URL answers br, gzip or identity: caches must keep them apart.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') || /accept-encoding/i.test(String(reply.getHeader('vary') ?? '')))
        return;
      reply.header(
        'vary',
        reply.hasHeader('vary') ? `${reply.getHeader('vary')}, accept-encoding` : 'accept-encoding',
      );
    });
  }

  app.addHook('onReady', async () => {
    const recurring = config.NODE_ENV !== 'test';
    await jobs.start();
    await events.registerWorkers({ recurring });
    for (const module of modules) await module.jobs?.({ recurring });
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  return app;
}
