import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { FilesService } from '../files/files.service.ts';
import type { InboxService } from '../inbox/inbox.types.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { GuestPaymentsService } from '../payments/guest-payments.service.ts';
import type { createOnlinePaymentsReadiness } from '../payments/online-payments.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';

/** What the experiences store needs from the rest of the API (wired in app.ts). */
export interface ExperiencesDeps {
  db: Db;
  clock: Clock;
  events: EventProducer;
  jobs: Jobs;
  logger: FastifyBaseLogger;
  appUrl: string;
  /** Service photos: checked and stored like property images (JPEG, PNG or GIF, 30 MB, thumbnail). */
  files: Pick<FilesService, 'saveImage' | 'remove'>;
  /** Null when STRIPE_SECRET_KEY is unset (payments.not_configured). */
  guestPayments: Pick<
    GuestPaymentsService,
    'createGuestCheckout' | 'captureGuestPayment' | 'refundGuestPayment' | 'cancelGuestPayment' | 'resync'
  >;
  /** Whether the account can take money online now (payments account approved). */
  readiness: Pick<ReturnType<typeof createOnlinePaymentsReadiness>, 'missing'>;
  notifications: Pick<NotificationsService, 'create'>;
  mail: Pick<MailService, 'send'>;
  /** Bound late: every message a guest gets goes through the inbox and lands in their thread. */
  inbox: () => InboxService | null;
  whatsapp: () => WhatsAppConnections | null;
  /** Bound late (checkins module): the guest's check-in link of a check-in; offers to unfinished check-ins lead there. */
  checkinLink?: (accountId: string, checkinId: string) => Promise<string | null>;
  templates: {
    /** WHATSAPP_SERVICE_TEMPLATE: a request's change, to the guest, outside the 24-hour window. */
    service: string;
    /** WHATSAPP_UPSELL_TEMPLATE: an upselling offer, to the guest, outside the 24-hour window. */
    upsell: string;
    /** WHATSAPP_PROVIDER_TEMPLATE: a requested and confirmed service, to its provider. */
    provider: string;
  };
}
