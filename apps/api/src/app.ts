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
import type { ApiModule } from './lib/module.ts';
import { createPgBossJobs } from './lib/pg-boss-jobs.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createLocalStorage, type FileStorage } from './modules/files/storage.ts';
import { accessPlugin } from './plugins/access.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { buildCheckinWing, type CheckinWing } from './wings/checkin.wing.ts';
import type { WingContext } from './wings/context.ts';
import { buildMessagingWing, type MessagingWing } from './wings/messaging.wing.ts';
import { buildMoneyWing, type MoneyWing } from './wings/money.wing.ts';
import { buildPlatformWing } from './wings/platform.wing.ts';
import { buildStaysWing } from './wings/stays.wing.ts';

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
    await messaging?.whatsappWebhooks.service.idle();
    await events.idle();
  });

  // Outside services (adapters/README.md): built once from config, handed to the modules that use them.
  const adapters = createAdapters(config, clock);

  // The wings (docs/architecture.md, Wings): each builds its modules from the shared pieces and what it needs
  // from the wings before it; what it needs from a wing built after it is a port, bound here.
  // Each table has one owning module (scripts/boundaries.rules.mjs `owners`); the others call its service.
  let money: MoneyWing | undefined;
  let checkin: CheckinWing | undefined;
  let messaging: MessagingWing | undefined;
  const built = <W>(wing: W | undefined): W => {
    if (!wing) throw new Error('a wing was called before the app was built');
    return wing;
  };
  const context: WingContext = {
    config,
    database,
    db: database.db,
    clock,
    jobs,
    events,
    adapters,
    secrets: createSecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS),
    storage: deps.storage ?? createLocalStorage(config.DATA_DIR),
    logger: app.log,
    // app.realtime is decorated when the realtime plugin registers below; events are delivered only after that.
    realtime: () => app.realtime,
    deliver: () => messaging?.delivery.service.send ?? null,
  };
  const platform = buildPlatformWing(context, {
    subscriptions: () => built(money).subscriptions.service,
  });
  money = buildMoneyWing(context, platform);
  const stays = buildStaysWing(context, platform, money, {
    smartLocks: () => checkin?.smartLocks.service ?? null,
  });
  checkin = buildCheckinWing(context, platform, money, stays, {
    deliveries: () => built(messaging).delivery.service,
    whatsapp: () => built(messaging).whatsapp.service.connections,
  });
  messaging = buildMessagingWing(context, platform, stays, checkin);

  /** Every module, in the order their routes register under /api and their jobs start. */
  const modules: ApiModule<unknown>[] = [
    platform.health,
    platform.auth,
    platform.accounts,
    platform.admin,
    platform.files,
    stays.properties,
    stays.bookings,
    stays.bookingImport,
    stays.channels,
    stays.directBooking,
    money.payments,
    stays.calendar,
    stays.dashboard,
    platform.integrations,
    checkin.checkins,
    checkin.authorities,
    checkin.smartLocks,
    money.billing,
    money.subscriptions,
    platform.notifications,
    checkin.guestCheckin,
    checkin.deposits,
    messaging.reviews,
    checkin.experiences,
    messaging.concierge,
    messaging.broadcasts,
    messaging.inbox,
    messaging.delivery,
    messaging.whatsappWebhooks,
    messaging.whatsapp,
    platform.mail,
    // Last: its stripe.event handler marks an event processed after every other module's handler ran.
    money.stripeWebhooks,
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
    authenticate: (token) => platform.auth.service.authenticate(token),
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
    authenticate: (token) => platform.auth.service.authenticate(token),
    redisUrl: config.REDIS_URL,
  });

  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api);
    },
    { prefix: '/api' },
  );
  // The public export feed of channel calendars (/ical/{token}.ics): outside /api, no login.
  await stays.channels.feedRoutes(app);

  // The build writes .br and .gz beside each compressible asset (apps/web/vite.config.ts): sent as they are.
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, preCompressed: true });
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) return;
      // Vite names every file under /assets/ by its content's hash: a browser keeps it and never asks again.
      if (request.url.startsWith('/assets/') && reply.statusCode < 400)
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      // One asset URL answers br, gzip or identity: caches must keep them apart.
      if (/accept-encoding/i.test(String(reply.getHeader('vary') ?? ''))) return;
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
