import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { createErtzaintzaClient } from './ertzaintza/ertzaintza.client.ts';
import { createGoogleOAuth } from './google/google.client.ts';
import { createIcalClient } from './ical/ical.client.ts';
import { createIgloohomeClient } from './igloohome/igloohome.client.ts';
import { createLlmClient } from './llm/llm.client.ts';
import { createNukiClient } from './nuki/nuki.client.ts';
import { createSesHospedajesClient } from './ses-hospedajes/ses.client.ts';
import { createSmtpTransport } from './smtp/smtp.client.ts';
import { createAdapterRegistry, createAdapterTracker } from './status.ts';
import { createStripeClient } from './stripe/stripe.client.ts';
import type { StripeGateway } from './stripe/types.ts';
import { createTtlockClient } from './ttlock/ttlock.client.ts';
import { createTwilioGateway } from './twilio/twilio.client.ts';
import type { SmsGateway } from './twilio/types.ts';
import type { WhatsAppGateway } from './whatsapp/types.ts';
import { createWhatsAppGateway } from './whatsapp/whatsapp.client.ts';

export type Adapters = ReturnType<typeof createAdapters>;

/**
 * Every outside service, built once from config (app.ts) and handed to the modules that use it. An
 * adapter that is not configured is null (the module falls back or refuses, as before) but still
 * appears in the registry, so the integrations page can say what to set.
 */
export function createAdapters(config: Config, clock: Clock, fetchImpl: typeof fetch = fetch) {
  const registry = createAdapterRegistry();
  // Configured when every setting it needs is set (the names in config.ts, unchanged).
  const tracker = (name: string, settings: (keyof Config)[]) =>
    registry.add(
      createAdapterTracker(
        name,
        settings.every((key) => Boolean(config[key])),
        clock,
      ),
      settings,
    );

  const smtpTracker = tracker('smtp', ['SMTP_URL']);
  const whatsappTracker = tracker('whatsapp', [
    'WHATSAPP_API_URL',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_TOKEN',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
  ]);
  const smsTracker = tracker('sms', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
  const llmTracker = tracker('llm', ['LLM_BASE_URL']);
  const googleTracker = tracker('google', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  const ertzaintzaTracker = tracker('ertzaintza', ['ERTZAINTZA_URL']);
  const sesTracker = tracker('ses-hospedajes', ['SES_URL']);
  const nukiTracker = tracker('nuki', ['NUKI_API_URL']);
  const ttlockTracker = tracker('ttlock', ['TTLOCK_API_URL', 'TTLOCK_CLIENT_ID', 'TTLOCK_CLIENT_SECRET']);
  const igloohomeTracker = tracker('igloohome', ['IGLOOHOME_API_URL', 'IGLOOHOME_AUTH_URL']);
  // Always configured: each connection brings its own feed URL.
  const icalTracker = tracker('ical', []);
  const stripeTracker = tracker('stripe', ['STRIPE_SECRET_KEY']);
  const whatsappGateway: WhatsAppGateway | null = config.WHATSAPP_API_URL
    ? createWhatsAppGateway({
        apiUrl: config.WHATSAPP_API_URL,
        appId: config.WHATSAPP_APP_ID,
        appSecret: config.WHATSAPP_APP_SECRET,
        fetchImpl,
        tracker: whatsappTracker,
      })
    : null;

  return {
    registry,
    smtp: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, { tracker: smtpTracker }) : null,
    /**
     * Issue 17: the Cloud API for every sender (the shared number and each own number of Embedded
     * Signup); null without WHATSAPP_API_URL. modules/whatsapp says what else is missing.
     */
    whatsappGateway,
    /**
     * Issue 26: SMS through Twilio's Messages API (adapters/twilio), the pipeline's fallback channel; null
     * unless the account, its token and a sender (TWILIO_FROM or a Messaging Service) are all set.
     */
    sms: (config.TWILIO_ACCOUNT_SID &&
    config.TWILIO_AUTH_TOKEN &&
    (config.TWILIO_FROM || config.TWILIO_MESSAGING_SERVICE_SID)
      ? createTwilioGateway({
          apiBase: config.TWILIO_API_BASE,
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
          fetchImpl,
          tracker: smsTracker,
        })
      : null) as SmsGateway | null,
    llm: config.LLM_BASE_URL
      ? createLlmClient({
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
          fetchImpl,
          tracker: llmTracker,
        })
      : null,
    google: createGoogleOAuth(config, fetchImpl, googleTracker),
    // Always built (the URL has a default); each property brings its own certificate (PoliceCredentials).
    ertzaintza: createErtzaintzaClient({
      baseUrl: config.ERTZAINTZA_URL,
      fetchImpl,
      tracker: ertzaintzaTracker,
    }),
    // Always built (SES_URL has a default); each establishment brings its WS user and password.
    sesHospedajes: createSesHospedajesClient({
      baseUrl: config.SES_URL,
      application: config.SES_APPLICATION,
      fetchImpl,
      tracker: sesTracker,
      clock,
    }),
    // Smart locks: each operator connects their own vendor account (token, app account or client
    // credentials). TTLock also needs the platform's developer app: without it, it is null.
    locks: {
      nuki: createNukiClient({ apiUrl: config.NUKI_API_URL, fetchImpl, tracker: nukiTracker }),
      ttlock:
        config.TTLOCK_CLIENT_ID && config.TTLOCK_CLIENT_SECRET
          ? createTtlockClient({
              apiUrl: config.TTLOCK_API_URL,
              clientId: config.TTLOCK_CLIENT_ID,
              clientSecret: config.TTLOCK_CLIENT_SECRET,
              clock,
              fetchImpl,
              tracker: ttlockTracker,
            })
          : null,
      igloohome: createIgloohomeClient({
        apiUrl: config.IGLOOHOME_API_URL,
        authUrl: config.IGLOOHOME_AUTH_URL,
        clock,
        fetchImpl,
        tracker: igloohomeTracker,
      }),
    },
    // Channel calendars (issue 15): fetches each connection's feed over real HTTP (node:http, so the
    // address checked after DNS is the one connected to); not through fetchImpl.
    ical: createIcalClient({
      timeoutMs: config.ICAL_TIMEOUT_MS,
      maxBytes: config.ICAL_MAX_BYTES,
      allowPrivateHosts: config.ICAL_ALLOW_PRIVATE_HOSTS,
      tracker: icalTracker,
    }),
    // Money (issue 16): null without STRIPE_SECRET_KEY, and every money screen says payments are not configured.
    stripe: (config.STRIPE_SECRET_KEY
      ? createStripeClient({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiBase: config.STRIPE_API_BASE,
          clock,
          tracker: stripeTracker,
        })
      : null) as StripeGateway | null,
  };
}
