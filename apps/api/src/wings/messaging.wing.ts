// The messaging wing: the delivery pipeline, the WhatsApp connection and webhook, the unified inbox, review
// requests, mass messages and the AI concierge (docs/messaging.md, docs/concierge.md).

import { createStayContacts } from '../modules/bookings/stay-contacts.service.ts';
import { createBroadcastsModule } from '../modules/broadcasts/broadcasts.module.ts';
import { createCheckinContacts } from '../modules/checkins/checkin-contacts.service.ts';
import { createConciergeModule } from '../modules/concierge/concierge.module.ts';
import { createEmbeddedEngine, retrieve } from '../modules/concierge/engine/embedded-engine.ts';
import { createLlmEngine } from '../modules/concierge/engine/llm-engine.ts';
import { createDeliveryModule } from '../modules/delivery/delivery.module.ts';
import { createInboxModule } from '../modules/inbox/inbox.module.ts';
import { createReviewsModule } from '../modules/reviews/reviews.module.ts';
import { createWhatsAppModule } from '../modules/whatsapp/whatsapp.module.ts';
import { createWhatsAppWebhooksModule } from '../modules/whatsapp-webhooks/whatsapp-webhooks.module.ts';
import type { CheckinWing } from './checkin.wing.ts';
import type { WingContext } from './context.ts';
import type { PlatformWing } from './platform.wing.ts';
import type { StaysWing } from './stays.wing.ts';

export function buildMessagingWing(
  ctx: WingContext,
  platform: Pick<PlatformWing, 'mail' | 'accounts' | 'files' | 'notifications'>,
  stays: Pick<StaysWing, 'bookings'>,
  checkin: Pick<CheckinWing, 'checkins' | 'smartLocks' | 'experiences' | 'checkinUrl'>,
) {
  const { config, db, clock, jobs, events, adapters, logger, storage, deliver, realtime } = ctx;
  const notifications = platform.notifications.service;
  const accounts = platform.accounts.service;
  const accessCode = (accountId: string, checkinId: string) =>
    checkin.smartLocks.service.release.guestView(accountId, checkinId);
  const delivery = createDeliveryModule({
    db,
    clock,
    events,
    jobs,
    logger,
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
      outbox: platform.mail.service,
    },
    storage,
    inbox: () => inbox.service.deliveryPort,
    notifications,
    realtime,
    smsInbound: () => ({
      accountsOfGuestPhone: (phone) => inbox.service.accountsOfGuestPhone(phone),
      recordInbound: (message) => inbox.service.recordInbound(message),
      recordUnrouted: (message) => inbox.service.unrouted.recordUnrouted(message),
    }),
  });
  // The account's WhatsApp connection (issue 17, docs/messaging.md Connection): its own number through
  // Embedded Signup or the shared number; `whatsapp.service.connections` routes, sends and limits for the rest.
  const whatsapp = createWhatsAppModule({
    db,
    clock,
    secrets: ctx.secrets,
    gateway: adapters.whatsappGateway,
    accounts,
    logger,
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
  const connections = () => whatsapp.service.connections;
  // The unified inbox (issue 17, docs/messaging.md Inbox): every guest conversation; the webhooks record what
  // guests write, and everything a guest receives goes out through its send.
  const inbox = createInboxModule({
    db,
    clock,
    events,
    logger,
    storage,
    smsConfigured: !!adapters.sms,
    deliver,
    bounces: () => delivery.service,
    whatsapp: adapters.whatsappGateway,
    connections,
    stays: createStayContacts({ db }),
    checkinContacts: createCheckinContacts({ db }),
    inboundEmailDomain: config.INBOUND_EMAIL_DOMAIN,
    inboundEmailSecret: config.INBOUND_EMAIL_SECRET,
    screen: {
      accounts,
      checkinLink: (tenant, checkinId) => checkin.checkins.service.checkins.link(tenant, checkinId),
      accessCode,
    },
    realtime,
  });
  // Meta's webhook (docs/messaging.md Webhooks): verified, stored once, applied to the inbox after the answer.
  const whatsappWebhooks = createWhatsAppWebhooksModule({
    db,
    clock,
    jobs,
    logger,
    storage,
    inbox: inbox.service,
    // Outbound statuses move the delivery records (issue 26): applied once, only forward.
    statuses: () => delivery.service,
    gateway: adapters.whatsappGateway,
    connections,
    appSecret: config.WHATSAPP_APP_SECRET,
    verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    sharedPhoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    applyConcurrency: ctx.database.kind === 'pglite' ? 1 : 4,
  });
  // Review requests after a stay (issue 17, docs/messaging.md): a template outside the 24-hour window.
  const reviews = createReviewsModule({
    db,
    clock,
    jobs,
    logger,
    appUrl: config.APP_URL,
    notifications,
    inbox: () => inbox.service,
    deliver,
  });
  // Mass messages (issue 17, docs/messaging.md): guests from bookings, sent at the account's WhatsApp limit.
  const broadcasts = createBroadcastsModule({
    db,
    clock,
    jobs,
    logger,
    accounts,
    bookings: stays.bookings.service,
    whatsapp: connections,
    inbox: () => inbox.service,
  });
  // The AI concierge (issue 19, docs/concierge.md): answers guests on WhatsApp from the operator's knowledge.
  // The embedded engine always; the LLM one when LLM_BASE_URL is set unless CONCIERGE_ENGINE=embedded.
  const concierge = createConciergeModule({
    db,
    clock,
    events,
    logger,
    storage,
    files: platform.files.service,
    inbox: () => inbox.service,
    whatsapp: connections,
    notifications,
    realtime,
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
    accessCode,
    checkinLink: checkin.checkinUrl,
    requestService: async (r) => {
      const made = await checkin.experiences.service.guestStore.request(
        r.propertyId,
        r.serviceId,
        r.checkinId,
        {
          quantity: 1,
          service_date: r.serviceDate,
          service_time: '',
          notes: r.notes,
          language: r.language,
        },
      );
      return { requestId: made.request.id, checkoutUrl: made.checkout_url };
    },
    botTemplate: config.WHATSAPP_BOT_TEMPLATE,
  });
  return { delivery, whatsapp, inbox, whatsappWebhooks, reviews, broadcasts, concierge };
}

export type MessagingWing = ReturnType<typeof buildMessagingWing>;
