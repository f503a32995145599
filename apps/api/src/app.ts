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
import { createAdapters } from './adapters/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEventBus } from './events/bus.ts';
import { registerRealtimeHandlers } from './events/realtime-handlers.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { Jobs } from './lib/jobs.ts';
import { loggerOptions } from './lib/logger.ts';
import { createPgBossJobs } from './lib/pg-boss-jobs.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { accountSecurityRoutes } from './modules/auth/account-security.routes.ts';
import { createAccountSecurityService } from './modules/auth/account-security.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { bookingImportRoutes } from './modules/booking-import/booking-import.routes.ts';
import { createBookingImportService } from './modules/booking-import/booking-import.service.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { createBookingsService } from './modules/bookings/bookings.service.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { registerCheckinsEventHandlers } from './modules/checkins/checkins.events.ts';
import { registerCheckinJobs } from './modules/checkins/checkins.jobs.ts';
import { checkinsRoutes } from './modules/checkins/checkins.routes.ts';
import { createCheckinsService } from './modules/checkins/checkins.service.ts';
import { createRemindersService } from './modules/checkins/reminders.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createLocalStorage, type FileStorage } from './modules/files/storage.ts';
import {
  createGuestCheckin,
  createMessagingSenders,
  guestCheckinRoutes,
  messagingAdapter,
} from './modules/guest-checkin/index.ts';
import { renderRegistrationPdf } from './modules/guest-checkin/registration-pdf.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createDescriptionGenerator } from './modules/properties/description-generator.ts';
import { imagesRoutes } from './modules/properties/images.routes.ts';
import { createImagesService } from './modules/properties/images.service.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { createPropertiesService } from './modules/properties/properties.service.ts';
import { propertySettingsRoutes } from './modules/properties/property-settings.routes.ts';
import { createPropertySettingsService } from './modules/properties/property-settings.service.ts';
import { ratesRoutes } from './modules/properties/rates.routes.ts';
import { createRatesService } from './modules/properties/rates.service.ts';
import { roomsRoutes } from './modules/properties/rooms.routes.ts';
import { createRoomsService } from './modules/properties/rooms.service.ts';
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

  const jobs = deps.jobs ?? createPgBossJobs({ database, logger: app.log });
  // Domain events (docs/events.md): recorded with each change, delivered after the commit.
  const events = createEventBus({ db: database.db, jobs, logger: app.log });

  // Outside services (adapters/README.md): built once from config, handed to the modules that use them.
  const adapters = createAdapters(config, clock);

  // Services: each module is composed here, dependencies passed explicitly.
  const mail = createMailService({
    db: database.db,
    jobs,
    clock,
    transport: adapters.smtp,
    from: config.MAIL_FROM,
    logger: app.log,
  });
  const admin = createAdminService({ db: database.db, clock });
  const accounts = createAccountsService({ db: database.db, clock });
  const files = createFilesService({ storage: deps.storage ?? createLocalStorage(config.DATA_DIR) });
  const properties = createPropertiesService({
    db: database.db,
    clock,
    appUrl: config.APP_URL,
    accounts,
    files,
    describer: adapters.llm ? createDescriptionGenerator(adapters.llm) : null,
  });
  const secrets = createSecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS);
  const propertySettings = createPropertySettingsService({
    db: database.db,
    clock,
    accounts,
    files,
    secrets,
  });
  const rooms = createRoomsService({ db: database.db, clock });
  const rates = createRatesService({ db: database.db, clock });
  const images = createImagesService({ db: database.db, clock, files });
  const senders = createMessagingSenders({
    whatsapp: adapters.whatsapp,
    sms: adapters.sms,
    development: config.NODE_ENV === 'development',
    mail,
    logger: app.log,
  });
  const checkins = createCheckinsService({
    db: database.db,
    clock,
    secrets,
    mail,
    appUrl: config.APP_URL,
    logger: app.log,
    messaging: messagingAdapter(senders),
    renderPdf: renderRegistrationPdf,
  });
  const notifications = createNotificationsService({ db: database.db, clock });
  const reminders = createRemindersService({ db: database.db, clock, notifications, events });
  const bookings = createBookingsService({
    db: database.db,
    clock,
    roomTypes: rooms,
    rates,
    events,
    notifications,
  });
  const bookingImport = createBookingImportService({
    db: database.db,
    clock,
    roomTypes: rooms,
    events,
  });
  registerCheckinsEventHandlers(events, checkins);
  // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
  registerRealtimeHandlers(events, () => app.realtime);
  const calendar = createCalendarService({ db: database.db, kind: database.kind, logger: app.log });
  const dashboard = createDashboardService({ db: database.db, clock });
  const auth = createAuthService({
    db: database.db,
    clock,
    config,
    mail,
    accounts,
    advisors: admin,
    secrets,
    google: adapters.google,
    // app.realtime is decorated when the realtime plugin registers below; these run only after that.
    sockets: {
      disconnectSession: (sessionId) => app.realtime.disconnectSession(sessionId),
      disconnectUser: (userId) => app.realtime.disconnectUser(userId),
    },
  });
  const accountSecurity = createAccountSecurityService({
    db: database.db,
    clock,
    appUrl: config.APP_URL,
    mail,
    accounts,
    auth,
    sockets: { disconnectSession: (sessionId) => app.realtime.disconnectSession(sessionId) },
  });

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
  await app.register(accessPlugin, { authenticate: (token) => auth.authenticate(token) });
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    publicMax: config.RATE_LIMIT_PUBLIC_MAX,
    windowSeconds: config.RATE_LIMIT_WINDOW,
    redisUrl: config.REDIS_URL,
  });
  await app.register(realtimePlugin, {
    authenticate: (token) => auth.authenticate(token),
    redisUrl: config.REDIS_URL,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, jobs });
      await api.register(authRoutes, { auth });
      await api.register(accountsRoutes, { accounts });
      await api.register(accountSecurityRoutes, { security: accountSecurity });
      await api.register(adminRoutes, { admin });
      await api.register(filesRoutes, { files });
      await api.register(propertiesRoutes, { properties });
      await api.register(propertySettingsRoutes, { settings: propertySettings });
      await api.register(roomsRoutes, { rooms });
      await api.register(ratesRoutes, { rates });
      await api.register(imagesRoutes, { images });
      await api.register(bookingsRoutes, { bookings });
      await api.register(bookingImportRoutes, { bookingImport });
      await api.register(calendarRoutes, { calendar });
      await api.register(dashboardRoutes, { dashboard });
      await api.register(integrationsRoutes, { adapters: adapters.registry });
      await api.register(checkinsRoutes, { checkins, reminders });
      await api.register(notificationsRoutes, { notifications });
      await api.register(guestCheckinRoutes, {
        guestCheckin: createGuestCheckin({
          db: database.db,
          clock,
          config,
          secrets,
          mail,
          logger: app.log,
          senders,
          events,
          notifications,
        }),
      });
    },
    { prefix: '/api' },
  );

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
    await jobs.start();
    await mail.registerWorkers();
    await events.registerWorkers({ recurring: config.NODE_ENV !== 'test' });
    await registerCheckinJobs({
      jobs,
      checkins,
      reminders,
      logger: app.log,
      recurring: config.NODE_ENV !== 'test',
    });
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  return app;
}
