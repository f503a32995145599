import path from 'node:path';
import { z } from 'zod';
import { type AppSecretSource, resolveAppSecret } from './lib/app-secret.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Posada <no-reply@posada.local>'),
  /** Public URL of the web app; defaults to http://localhost:{PORT}. */
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The secret every key derives from (32+ chars); unset: generated once into DATA_DIR/app-secret (lib/app-secret.ts). */
  APP_SECRET: z.string().min(32).optional(),
  /** The secret before a rotation: still opens what it sealed and accepts the sessions it signed. */
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Base URLs of Google's OAuth endpoints; overridden in tests by a local server that plays the provider. */
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** OpenAI-compatible Chat Completions endpoint for "generate with AI" (e.g. https://api.openai.com/v1). */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LEGACY_BRIDGE_URL: z.string().url().optional(),
  /** WhatsApp Cloud API for guest verification codes (all three set, or codes go by another channel). */
  WHATSAPP_API_URL: z.string().url().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  /**
   * The AUTHENTICATION template for one-time codes (the guest's verification code): {{1}} the code and its
   * copy-code button. Never used for a link or a door code. Unset: codes go as text inside the 24-hour window only.
   */
  WHATSAPP_TEMPLATE: z.string().optional(),
  /**
   * Issue 26 (docs/messaging.md, Delivery): UTILITY templates outside the 24-hour window. The check-in link
   * (guest's name, property, link last or in a URL button), its reminder, the door code (name, property, code,
   * valid from, until) and a payment link (name, concept, amount, link).
   */
  WHATSAPP_CHECKIN_TEMPLATE: z.string().min(1).default('checkin_link'),
  WHATSAPP_CHECKIN_REMINDER_TEMPLATE: z.string().min(1).default('checkin_reminder'),
  WHATSAPP_DOOR_CODE_TEMPLATE: z.string().min(1).default('door_code'),
  WHATSAPP_PAYMENT_TEMPLATE: z.string().min(1).default('payment_link'),
  /**
   * Review requests outside the 24-hour window (docs/messaging.md, Review requests): the approved template
   * that asks for the score; body parameters: the guest's first name first, the link last.
   */
  WHATSAPP_REVIEW_TEMPLATE: z.string().min(1).default('stay_followup'),
  /**
   * Issue 18 (docs/experiences.md): approved WhatsApp templates used outside the 24-hour window. The
   * service-request update to the guest (first name first, the page's link last), the upselling offer
   * (first name first, the store's link last) and the request to a provider (service, guest, date, total).
   */
  WHATSAPP_SERVICE_TEMPLATE: z.string().min(1).default('service_update'),
  WHATSAPP_UPSELL_TEMPLATE: z.string().min(1).default('service_offer'),
  WHATSAPP_PROVIDER_TEMPLATE: z.string().min(1).default('service_provider_request'),
  /**
   * Issue 19 (docs/concierge.md): the approved template that reaches a guest outside the 24-hour window
   * with the answer to a question the bot had to ask the host ({{1}} the guest's first name, {{2}} the answer).
   */
  WHATSAPP_BOT_TEMPLATE: z.string().min(1).default('concierge_answer'),
  /** Issue 19: which engine answers guests; without it, the LLM one when LLM_BASE_URL is set, else embedded. */
  CONCIERGE_ENGINE: z.enum(['embedded', 'llm']).optional(),
  /**
   * Issue 17 (docs/messaging.md, Webhooks): the Meta app's secret, the key of each webhook's
   * X-Hub-Signature-256 (and the OAuth client secret of Embedded Signup). Unset: webhooks answer 503.
   */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** The hub.verify_token Meta sends in the webhook's GET handshake. Unset: the handshake answers 503. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** Embedded Signup (operators connect their own number): the Meta app id and its Login for Business configuration id. */
  WHATSAPP_APP_ID: z.string().optional(),
  WHATSAPP_CONFIG_ID: z.string().optional(),
  /** Meta's OAuth dialog (Embedded Signup opens it); tests and e2e point it at the fake's page. */
  WHATSAPP_OAUTH_URL: z.string().url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  /**
   * Issue 17 (docs/messaging.md, Notifications): an approved template of the shared number with two body
   * parameters, the notice's title and body; the operator's WhatsApp notices go out with it. Unset: off.
   */
  WHATSAPP_NOTIFICATION_TEMPLATE: z.string().optional(),
  WHATSAPP_NOTIFICATION_TEMPLATE_LANGUAGE: z.string().default('es'),
  /**
   * Replies to our e-mails (docs/messaging.md, Webhooks): POST /api/webhooks/email-inbound carries this in
   * the X-Inbound-Secret header. Unset: the route answers 503.
   */
  INBOUND_EMAIL_SECRET: z.string().min(16).optional(),
  /** With it, guest e-mails go out with Reply-To reply+{thread id}@this domain, so replies find their thread. */
  INBOUND_EMAIL_DOMAIN: z.string().optional(),
  /**
   * SMS through Twilio's Messages API (issue 26, sms-twilio.md, adapters/twilio): the account and its auth
   * token (HTTP Basic; also the key of X-Twilio-Signature on callbacks), and one sender: a number (TWILIO_FROM)
   * or a Messaging Service. TWILIO_API_BASE points tests at the fake. Unset: SMS is not offered.
   */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
  /** Ertzaintza A19 envioFicheroXML (Basque Country guest registration, signed with each property's PFX). PRE: https://servicios.pre.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML */
  ERTZAINTZA_URL: z
    .string()
    .url()
    .default('https://servicios.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML'),
  /** SES.Hospedajes comunicacion endpoint (RD 933/2021 guest registration, Spain outside Catalonia and the Basque Country). PRE: https://hospedajes.pre-ses.mir.es/hospedajes-web/ws/v1/comunicacion */
  SES_URL: z.string().url().default('https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion'),
  /** The `aplicacion` header SES.Hospedajes records with each request (50 characters at most). */
  SES_APPLICATION: z.string().min(1).max(50).default('Posada'),
  /** Issue 14: seconds between the queries of a sent SES batch (consultaLote) until it settles. */
  SES_POLL_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** Smart locks (docs/smart-locks.md): each operator connects their own vendor account; these are the endpoints. */
  NUKI_API_URL: z.string().url().default('https://api.nuki.io'),
  /** TTLock Open Platform (EU); China accounts use https://api.ttlock.com. */
  TTLOCK_API_URL: z.string().url().default('https://euapi.ttlock.com'),
  /** The platform's TTLock developer app (open.ttlock.com); both set, or TTLock cannot be connected. */
  TTLOCK_CLIENT_ID: z.string().optional(),
  TTLOCK_CLIENT_SECRET: z.string().optional(),
  IGLOOHOME_API_URL: z.string().url().default('https://api.igloodeveloper.co/igloohome'),
  IGLOOHOME_AUTH_URL: z.string().url().default('https://auth.igloohome.co'),
  /**
   * Channel calendars (issue 15, adapters/ical): feeds on loopback and private networks are refused unless
   * this is true (tests and local fakes only: it would let an operator read the machine's own network).
   */
  ICAL_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long one feed fetch may take, and the largest feed read. */
  ICAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  ICAL_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(5_000_000),
  /** Every connection is fetched this often (channel managers poll every 10 to 30 minutes). */
  ICAL_SYNC_INTERVAL_MINUTES: z.coerce.number().positive().max(1440).default(15),
  /** Feeds fetched at the same time by one process. */
  ICAL_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /**
   * Stripe (issue 16, docs/payments.md): the platform's secret key (sk_test_… or sk_live_…). Unset: no money
   * moves, and every money screen says payments are not configured.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The webhook endpoint's signing secret (whsec_…) for POST /api/webhooks/stripe; unset: webhooks refused. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API base; tests and local runs point it at the fake (adapters/stripe/stripe.fake.ts). */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** The platform fee on guest payments, in basis points of the amount (150 = 1.5 %); 0 takes none. */
  STRIPE_APPLICATION_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  /**
   * The platform's own tax data, printed as the issuer of every invoice (docs/billing.md). The defaults are
   * PLACEHOLDERS for development and tests ("Posada Demo S.L.", a made-up NIF): set the real ones in production.
   */
  BILLING_ISSUER_NAME: z.string().min(1).default('Posada Demo S.L. (placeholder)'),
  BILLING_ISSUER_TAX_ID: z.string().min(1).default('B00000000'),
  BILLING_ISSUER_ADDRESS: z.string().min(1).default('Calle Ejemplo 1'),
  BILLING_ISSUER_POSTAL_CODE: z.string().min(1).default('28001'),
  BILLING_ISSUER_CITY: z.string().min(1).default('Madrid'),
  /** ISO 3166-1 alpha-2. */
  BILLING_ISSUER_COUNTRY: z.string().length(2).default('ES'),
  /** General API limit: requests per window per signed-in session, or per address without one. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Stricter limit on public and guest routes (sign-in, sign-up, the guest check-in link), per address. */
  RATE_LIMIT_PUBLIC_MAX: z.coerce.number().int().min(1).default(120),
  /** The rate-limit window, in seconds. */
  RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Set to true only behind a reverse proxy: client addresses (rate limits) are then read from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The built web app to serve; defaults to apps/web/dist. Lets parallel e2e runs use their own build. */
  WEB_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'APP_URL' | 'APP_SECRET'> & {
  APP_URL: string;
  APP_SECRET: string;
  /** Where APP_SECRET came from (server.ts says so on start). */
  APP_SECRET_SOURCE: AppSecretSource;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a shell or .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder npm was run from.
  const dataDir = config.DATA_DIR.includes('://')
    ? config.DATA_DIR
    : path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const appSecret = resolveAppSecret({
    secret: config.APP_SECRET,
    dataDir,
    production: config.NODE_ENV === 'production',
  });
  return {
    ...config,
    APP_URL: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    DATA_DIR: dataDir,
    APP_SECRET: appSecret.secret,
    APP_SECRET_SOURCE: appSecret.source,
  };
}
