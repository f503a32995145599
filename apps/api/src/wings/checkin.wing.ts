// The check-in wing: the guest's stay from the link to the door: check-ins, the guest's online check-in,
// police registration, smart locks, deposits and the experiences store.
import { createAuthoritiesModule } from '../modules/authorities/authorities.module.ts';
import { mossosFiles } from '../modules/authorities/mossos-files.ts';
import { createCheckinsModule } from '../modules/checkins/checkins.module.ts';
import type { DeliveryService } from '../modules/delivery/delivery.service.ts';
import { createExperiencesModule } from '../modules/experiences/experiences.module.ts';
import { createGuestCheckinModule } from '../modules/guest-checkin/guest-checkin.module.ts';
import { createMessagingSenders } from '../modules/guest-checkin/index.ts';
import { renderRegistrationPdf } from '../modules/guest-checkin/registration-pdf.ts';
import { createDepositsModule } from '../modules/payments/deposits.module.ts';
import { createSmartLocksModule, lockVendorsOf } from '../modules/smart-locks/smart-locks.module.ts';
import type { WhatsAppConnections } from '../modules/whatsapp/whatsapp.types.ts';
import type { WingContext } from './context.ts';
import type { MoneyWing } from './money.wing.ts';
import type { PlatformWing } from './platform.wing.ts';
import type { StaysWing } from './stays.wing.ts';

export interface CheckinPorts {
  /** The messaging wing's delivery records (built later): the last message of each check-in and request. */
  deliveries: () => Pick<DeliveryService, 'summaries'>;
  /** The messaging wing's WhatsApp senders (built later). */
  whatsapp: () => WhatsAppConnections | null;
}

export function buildCheckinWing(
  ctx: WingContext,
  platform: Pick<PlatformWing, 'mail' | 'accounts' | 'files' | 'notifications'>,
  money: Pick<MoneyWing, 'payments' | 'onlinePayments'>,
  stays: Pick<StaysWing, 'properties' | 'bookings'>,
  ports: CheckinPorts,
) {
  const { config, db, clock, jobs, events, adapters, logger, secrets, deliver } = ctx;
  const notifications = platform.notifications.service;
  const guestPayments = money.payments.service.guestPayments;
  /** A check-in's guest link, for the system's own messages (no staff member asks: no user in the tenant). */
  const checkinUrl = async (accountId: string, checkinId: string) =>
    (await checkins.service.checkins.link({ accountId, userId: '' }, checkinId)).url;
  // The experiences store (issue 18, docs/experiences.md): services, providers, guests' requests and their
  // payments, upselling offers through the inbox, reports.
  const experiences = createExperiencesModule({
    db,
    clock,
    events,
    jobs,
    logger,
    appUrl: config.APP_URL,
    files: platform.files.service,
    guestPayments,
    readiness: money.onlinePayments,
    notifications,
    deliver,
    deliveries: { summaries: (...args) => ports.deliveries().summaries(...args) },
    whatsapp: ports.whatsapp,
    checkinLink: checkinUrl,
  });
  const checkins = createCheckinsModule({
    db,
    clock,
    secrets,
    appUrl: config.APP_URL,
    logger,
    deliver,
    lastMessages: (accountId, checkinIds, locale) =>
      ports
        .deliveries()
        .summaries(accountId, { checkinIds, kinds: ['checkin_link', 'checkin_reminder'] }, locale),
    renderPdf: renderRegistrationPdf,
    notifications,
    bookings: stays.bookings.service,
    events,
    jobs,
    upsellLine: (accountId, propertyId, language) =>
      experiences.service.upsell.checkinLinkLine(accountId, propertyId, language),
  });
  // Police registration (issue 14): SES.Hospedajes and Ertzaintza web services; Mossos by file.
  const authorities = createAuthoritiesModule({
    db,
    clock,
    secrets,
    logger,
    events,
    jobs,
    notifications,
    propertySettings: stays.properties.service.settings,
    police: { ses: adapters.sesHospedajes, ertzaintza: adapters.ertzaintza, mossos: mossosFiles },
    pollIntervalMs: config.SES_POLL_INTERVAL_SECONDS * 1000,
  });
  const smartLocks = createSmartLocksModule({
    db,
    clock,
    secrets,
    jobs,
    logger,
    vendors: lockVendorsOf(adapters),
    accounts: platform.accounts.service,
    notifications,
    checkinRecords: checkins.service.records,
    deliver,
    registrationGate: authorities.service.registrationGate,
  });
  const guestCheckin = createGuestCheckinModule({
    db,
    clock,
    config,
    secrets,
    mail: platform.mail.service,
    logger,
    senders: createMessagingSenders({
      deliver,
      configured: {
        whatsapp: !!adapters.whatsappGateway && !!config.WHATSAPP_TEMPLATE,
        sms: !!adapters.sms,
        email: !!adapters.smtp,
      },
      development: config.NODE_ENV === 'development',
      logger,
    }),
    events,
    notifications,
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
    logger,
    jobs,
    guestPayments,
    checkins: checkins.service.deposits,
    guestCheckin: guestCheckin.service,
    readiness: money.onlinePayments,
  });
  return { experiences, checkins, authorities, smartLocks, guestCheckin, deposits, checkinUrl };
}

export type CheckinWing = ReturnType<typeof buildCheckinWing>;
