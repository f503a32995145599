// Starts what the Playwright flows run against: a real SMTP server capturing mail (readable over HTTP on
// E2E_MAIL_PORT), and the real app on a fresh embedded database seeded with the demo data.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { startFakeGoogle } from '../../../api/src/adapters/google/google.fake.ts';
import { startIcalFake } from '../../../api/src/adapters/ical/ical.fake.ts';
import { startFakeIgloohome } from '../../../api/src/adapters/igloohome/igloohome.fake.ts';
import { startFakeNuki } from '../../../api/src/adapters/nuki/nuki.fake.ts';
import { startFakeSes } from '../../../api/src/adapters/ses-hospedajes/ses.fake.ts';
import { startSmtpCapture } from '../../../api/src/adapters/smtp/smtp.fake.ts';
import { startFakeStripe } from '../../../api/src/adapters/stripe/stripe.fake.ts';
import { startFakeTtlock } from '../../../api/src/adapters/ttlock/ttlock.fake.ts';
import { startFakeTwilio } from '../../../api/src/adapters/twilio/twilio.fake.ts';
import { startFakeWhatsApp } from '../../../api/src/adapters/whatsapp/whatsapp.fake.ts';
import { buildApp } from '../../../api/src/app.ts';
import { loadConfig } from '../../../api/src/config.ts';
import { openDatabase } from '../../../api/src/db/client.ts';
import { accounts, users } from '../../../api/src/db/schema/accounts.ts';
import { subscriptions } from '../../../api/src/db/schema/billing.ts';
import { bookings } from '../../../api/src/db/schema/bookings.ts';
import { demoEmails, seedDemo } from '../../../api/src/demo/seed.ts';
import { systemClock } from '../../../api/src/lib/clock.ts';
import { createPgBossJobs } from '../../../api/src/lib/pg-boss-jobs.ts';
import { hashPassword } from '../../../api/src/modules/auth/password.ts';
import { totpCode } from '../../../api/src/modules/auth/totp.ts';
import { createFilesService } from '../../../api/src/modules/files/files.service.ts';
import { createLocalStorage } from '../../../api/src/modules/files/storage.ts';
import { reviewRequestsJob } from '../../../api/src/modules/reviews/reviews.jobs.ts';
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_MAIL_PORT, E2E_PORT } from './ports.ts';
import { adminSpecs, enrolThroughApi, specAdmin, unenrolledAdmin } from './two-factor-server.ts';

/** An empty database `name` on baseUrl's server, dropped first if an earlier run left it. */
async function freshPostgres(baseUrl: string, name: string) {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const smtp = await startSmtpCapture();
// A local server that plays Google's OAuth endpoints; whoever reaches its consent page signs in as this person.
const google = await startFakeGoogle({
  consentProfile: {
    sub: 'google-e2e-gala',
    email: 'gala.google@example.com',
    email_verified: true,
    name: 'Gala Moreno',
  },
});
// The smart-lock vendors: a flow that connects a lock talks to these, never to the real services.
const nuki = await startFakeNuki();
const ttlock = await startFakeTtlock();
const igloohome = await startFakeIgloohome();
// SES.Hospedajes (police registration): never the Ministry's endpoint. Nothing is sent with the demo's
// authority login (DEMO-SIN-CONEXION); a flow that saves the fake's login reaches the fake.
const ses = await startFakeSes({ validate: false });
// A channel's calendars (Airbnb, Booking.com, Vrbo): the flows paste its feed URLs, never a real channel's.
const ical = await startIcalFake();
for (const [feedPath, feed] of Object.entries(e2eFeeds())) ical.setFeed(feedPath, feed);
// Stripe (issue 16): a stateful local Stripe with hosted checkout/onboarding/portal pages; its signed
// webhooks go to the app. Specs drive it through the side port: /stripe/<path> = the fake's /_fake/<path>.
const stripe = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/webhooks/stripe` });
// WhatsApp Cloud API (issue 17): a stateful fake (shared number, Embedded Signup dialog, templates, media);
// its signed webhooks go to the app. Specs drive it through the side port: /whatsapp/<path> = its /_fake/<path>
// (inbound: a guest writes; status: delivered/read/failed; sent: what the app sent).
// The fake's own 24-hour rule (131047) is off here: the older paths (verification codes, door codes, check-in
// links) send free-form text to guests who never wrote; the inbox applies the window itself. A spec may turn it
// on with POST /whatsapp/window {enforce: true}.
const whatsapp = await startFakeWhatsApp({
  webhook: `http://127.0.0.1:${E2E_PORT}/api/webhooks/whatsapp`,
  enforceWindow: false,
});
// Twilio Programmable Messaging (issue 26): the app's SMS go to this strict fake, which answers the app's
// StatusCallback URLs (built from APP_URL, the e2e base URL) with signed queued → sent → delivered callbacks,
// and posts a guest's SMS to the app's inbound route. Specs drive it through the side port: /twilio/<path> =
// its /_fake/<path> (script {to, outcome}: a recipient's undelivered/failed; inbound: a guest writes; sent).
const twilio = await startFakeTwilio({
  // Signed over the URL as posted: the app checks it against APP_URL, so the same origin.
  inboundUrl: `${E2E_BASE_URL}/api/webhooks/twilio/inbound`,
});
/**
 * The fake channel's feeds, dated from today (the importer keeps only stays that have not ended): an Airbnb
 * listing with two reservations and a block far from the demo's bookings, and a listing Airbnb refuses (403).
 */
function e2eFeeds() {
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return date.toISOString().slice(0, 10).replaceAll('-', '');
  };
  const stamp = `${day(0)}T080000Z`;
  const event = (start: number, end: number, summary: string, uid: string, code?: string) =>
    [
      'BEGIN:VEVENT',
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${day(start)}`,
      `DTEND;VALUE=DATE:${day(end)}`,
      `SUMMARY:${summary}`,
      `UID:${uid}`,
      ...(code
        ? [
            'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/de',
            ` tails/${code}\\nPhone Number (Last 4 Digits): 4321`,
          ]
        : []),
      'END:VEVENT',
    ].join('\r\n');
  const airbnb = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    event(300, 304, 'Reserved', '1418fb94e984-e2e00000000000000000000000000001@airbnb.com', 'HME2E00001'),
    event(310, 313, 'Reserved', '1418fb94e984-e2e00000000000000000000000000002@airbnb.com', 'HME2E00002'),
    event(320, 322, 'Airbnb (Not available)', '7f662ec65913-e2e0000000000000000000000000000b@airbnb.com'),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return {
    '/airbnb/listing-e2e.ics': airbnb,
    '/airbnb/listing-refused.ics': {
      status: 403,
      contentType: 'text/html',
      body: '<html><body>Access denied</body></html>',
    },
  };
}

const totpSecrets = new Map<string, string>();
/** The last 30-second step whose code /totp/next handed out, per e-mail. */
const handedSteps = new Map<string, number>();
const mailApi = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // The flows compute an enrolled admin's codes as its authenticator app would.
  if (url.pathname === '/totp') {
    res.end(JSON.stringify({ secret: totpSecrets.get(url.searchParams.get('email') ?? '') ?? null }));
    return;
  }
  // A code no other flow was handed (a replayed code counts as a failed sign-in against the address all
  // flows share, and enough of them lock it): this step's, else the next one's (the API takes ±1 step),
  // else how long to wait for a free one.
  if (url.pathname === '/totp/next') {
    const email = url.searchParams.get('email') ?? '';
    const secret = totpSecrets.get(email);
    const step = Math.floor(Date.now() / 30_000);
    const free = Math.max(step, (handedSteps.get(email) ?? -1) + 1);
    if (!secret) res.end(JSON.stringify({ code: null, wait_ms: 0 }));
    else if (free > step + 1)
      res.end(JSON.stringify({ code: null, wait_ms: (step + 1) * 30_000 - Date.now() + 500 }));
    else {
      handedSteps.set(email, free);
      res.end(JSON.stringify({ code: totpCode(secret, new Date(free * 30_000)), wait_ms: 0 }));
    }
    return;
  }
  // The channel fake's feeds: GET lists their URLs; POST ?path= sets one (body: the feed; &status= for a failure).
  if (url.pathname === '/ical') {
    if (req.method === 'POST') {
      const feedPath = url.searchParams.get('path') ?? '';
      const status = Number(url.searchParams.get('status') ?? 200);
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        ical.setFeed(feedPath, { status, body, contentType: status === 200 ? undefined : 'text/html' });
        res.end(JSON.stringify({ url: ical.url(feedPath) }));
      });
      return;
    }
    const urls = Object.fromEntries(
      Object.keys(e2eFeeds()).map((feedPath) => [feedPath, ical.url(feedPath)]),
    );
    res.end(JSON.stringify({ base: ical.base, feeds: urls }));
    return;
  }
  // Test-only: an account's free trial ends now (POST ?email=): its trial end moves to yesterday, and a
  // trialing row without a paid subscription expires as the subscriptions.trials job would do it.
  if (req.method === 'POST' && url.pathname === '/trial-end') {
    endTrial(url.searchParams.get('email') ?? '').then(
      (ok) => {
        res.statusCode = ok ? 200 : 404;
        res.end(JSON.stringify({ ok }));
      },
      (error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
    return;
  }
  // Test-only (issue 17, review requests): the booking's stay ends today (POST ?booking=), then one run of the
  // review-request job, as its chain would run after the send hour.
  if (req.method === 'POST' && url.pathname === '/reviews/after-stay') {
    stayEndsToday(url.searchParams.get('booking') ?? '').then(
      (ok) => {
        res.statusCode = ok ? 200 : 404;
        res.end(JSON.stringify({ ok }));
      },
      (error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
    return;
  }
  // A spec that changes data gets its own copies of the demo empresas (support/accounts.ts).
  if (req.method === 'POST' && url.pathname === '/accounts') {
    const spec = url.searchParams.get('spec') ?? '';
    if (!/^[a-z0-9-]{1,40}$/.test(spec)) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'spec: lowercase letters, digits and dashes' }));
      return;
    }
    seedSpecAccounts(spec).then(
      (emails) => res.end(JSON.stringify(emails)),
      (error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
    return;
  }
  // The Stripe fake's control endpoints (stripe.fake.ts header): GET /stripe gives its URL; any other
  // /stripe/<path> is forwarded to its /_fake/<path> (events, objects, complete, expire, advance…).
  if (url.pathname === '/stripe') {
    res.end(JSON.stringify({ url: stripe.url, webhook_url: stripe.store.webhookUrl }));
    return;
  }
  if (url.pathname === '/whatsapp') {
    res.end(JSON.stringify({ url: whatsapp.base, ...whatsapp.env }));
    return;
  }
  if (url.pathname === '/twilio') {
    res.end(JSON.stringify({ url: twilio.base, ...twilio.env }));
    return;
  }
  // /whatsapp/<path>, /twilio/<path> and /stripe/<path> go to the fake's /_fake/<path>, body and query as
  // they came.
  const fake = url.pathname.startsWith('/whatsapp/')
    ? { base: whatsapp.base, prefix: '/whatsapp/' }
    : url.pathname.startsWith('/twilio/')
      ? { base: twilio.base, prefix: '/twilio/' }
      : url.pathname.startsWith('/stripe/')
        ? { base: stripe.url, prefix: '/stripe/' }
        : null;
  if (fake) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = `${fake.base}/_fake/${url.pathname.slice(fake.prefix.length)}${url.search}`;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(target, { method: req.method, body, headers: { 'content-type': 'application/json' } })
        .then(async (answer) => {
          res.statusCode = answer.status;
          res.end(await answer.text());
        })
        .catch((error: unknown) => {
          res.statusCode = 502;
          res.end(JSON.stringify({ error: String(error) }));
        });
    });
    return;
  }
  res.end(JSON.stringify(smtp.messages));
});
await new Promise<void>((resolve) => mailApi.listen(E2E_MAIL_PORT, '127.0.0.1', resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-e2e-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // Unset: a random secret is generated into the fresh DATA_DIR, as on a first `npm start`.
  APP_SECRET: '',
  APP_SECRET_PREVIOUS: '',
  DATABASE_URL: '',
  APP_URL: E2E_BASE_URL,
  SMTP_URL: smtp.url,
  ...google.env,
  ...ses.env,
  // The SES fake settles a batch on the third query (5, 4, then 1): query every 2 s, not every minute.
  SES_POLL_INTERVAL_SECONDS: '2',
  ...nuki.env,
  ...ttlock.env,
  ...igloohome.env,
  ...stripe.env,
  ...whatsapp.env,
  ...twilio.env,
  // The channel fake listens on 127.0.0.1, which production refuses.
  ICAL_ALLOW_PRIVATE_HOSTS: 'true',
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'true',
  // Every flow runs from one address; the limits have their own integration test.
  RATE_LIMIT_MAX: '1000000',
  // A flow may stand at another address (X-Forwarded-For): the sign-in throttle is per address (issue 27).
  TRUST_PROXY: 'true',
  RATE_LIMIT_PUBLIC_MAX: '1000000',
});
// PGlite by default; on a PostgreSQL server when E2E_DATABASE_URL names one (a database made anew, dropped
// at the end). Native PostgreSQL leaves the browsers more of the two cores, but two flows still fail on it
// (decisions.md, Test time), so CI keeps the embedded database for now.
// Named by the port (parallel runs keep apart) and made anew at each start: an earlier run's, should its
// drop not have finished before the runner ended the process, goes then.
const throwaway = process.env.E2E_DATABASE_URL
  ? await freshPostgres(process.env.E2E_DATABASE_URL, `posada_e2e_${E2E_PORT}`)
  : null;
const database = await openDatabase({ databaseUrl: throwaway?.url, dataDir: config.DATA_DIR });
await database.migrate();
// The same demo data as `npm run demo`, photos included.
const files = createFilesService({ storage: createLocalStorage(config.DATA_DIR) });
await seedDemo(database.db, systemClock, { files, appSecret: config.APP_SECRET });

/** One seed at a time (the copies share the advisor and admin rows the seed checks for), once per spec. */
let seeding: Promise<unknown> = Promise.resolve();
const seeded = new Map<string, Promise<Record<'empresa' | 'hotel' | 'basico', string>>>();
/** demo@posada.local → demo+<spec>@posada.local, with the same properties, bookings and check-ins. */
function seedSpecAccounts(spec: string) {
  const done = seeded.get(spec);
  if (done) return done;
  const emailFor = (email: string) => email.replace('@', `+${spec}@`);
  const run = seeding.then(() =>
    seedDemo(database.db, systemClock, { files, appSecret: config.APP_SECRET, emailFor }),
  );
  seeding = run.catch(() => undefined);
  const emails = run.then(() => ({
    empresa: emailFor(demoEmails.empresa),
    hotel: emailFor(demoEmails.hotel),
    basico: emailFor(demoEmails.basico),
  }));
  seeded.set(spec, emails);
  emails.catch(() => seeded.delete(spec));
  return emails;
}
async function endTrial(email: string): Promise<boolean> {
  const [user] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user?.accountId) return false;
  const yesterday = new Date(Date.now() - 86_400_000);
  await database.db.update(accounts).set({ trialEndsAt: yesterday }).where(eq(accounts.id, user.accountId));
  await database.db
    .update(subscriptions)
    .set({ trialEndsAt: yesterday, state: 'expired' })
    .where(
      and(
        eq(subscriptions.accountId, user.accountId),
        eq(subscriptions.state, 'trialing'),
        isNull(subscriptions.stripeSubscriptionId),
      ),
    );
  return true;
}
async function stayEndsToday(bookingId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) return false;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const moved = await database.db
    .update(bookings)
    .set({ startDate: day(-2), endDate: day(0) })
    .where(eq(bookings.id, bookingId))
    .returning({ id: bookings.id });
  if (moved.length === 0) return false;
  await jobs.send(reviewRequestsJob, {});
  await jobs.drain(reviewRequestsJob, 30_000);
  return true;
}
// The app's queue, kept here so the test-only routes above can run a job now.
const jobs = createPgBossJobs({ database, logger: pino({ level: 'warn' }) });
const app = await buildApp({ config, database, jobs });
// The app acknowledges a webhook before its handlers run: the fake's pages redirect once they have run.
stripe.setAfterDelivery(() => app.eventsIdle());
whatsapp.setAfterDelivery(() => app.eventsIdle());
twilio.setAfterCallback(() => app.eventsIdle());
await app.listen({ port: config.PORT, host: config.HOST });
// Admin accounts must use two-factor sign-in: the demo admin is enrolled; a second admin is not.
totpSecrets.set('admin@posada.local', await enrolThroughApi(app, 'admin@posada.local', DEMO_PASSWORD));
// The enrolment used this step's code.
handedSteps.set('admin@posada.local', Math.floor(Date.now() / 30_000));
// Each admin spec's own admin, enrolled the same way (support/two-factor-server.ts adminSpecs).
for (const spec of adminSpecs) {
  const email = specAdmin(spec);
  await database.db.insert(users).values({
    type: 'admin',
    name: 'Administración Posada',
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    emailVerifiedAt: new Date(),
    applicationTag: 'posada',
  });
  totpSecrets.set(email, await enrolThroughApi(app, email, DEMO_PASSWORD));
  handedSteps.set(email, Math.floor(Date.now() / 30_000));
}
await database.db.insert(users).values({
  type: 'admin',
  name: 'Nuria Admin',
  email: unenrolledAdmin,
  passwordHash: await hashPassword(DEMO_PASSWORD),
  emailVerifiedAt: new Date(),
  applicationTag: 'posada',
});
console.log(
  `e2e server at ${E2E_BASE_URL} on ${database.kind} (mail at http://127.0.0.1:${E2E_MAIL_PORT}, Stripe fake at ${stripe.url})`,
);

const stop = async () => {
  await app.close();
  await database.close();
  await throwaway?.drop();
  await smtp.close();
  await google.close();
  await ses.close();
  await Promise.all([
    nuki.close(),
    ttlock.close(),
    igloohome.close(),
    ical.close(),
    stripe.close(),
    whatsapp.close(),
    twilio.close(),
  ]);
  mailApi.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
