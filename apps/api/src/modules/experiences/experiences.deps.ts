import type { DeliveryKind, DeliverySummary } from '@posada/contracts/deliveries';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import type { FilesService } from '../files/files.service.ts';
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
  /** The delivery pipeline (bound late): guests' and providers' messages go through it (docs/messaging.md). */
  deliver: () => Deliver | null;
  /** The pipeline's records read back: the provider notice's state beside each request. */
  deliveries?: {
    summaries(
      accountId: string,
      by: { refs: string[]; kinds: DeliveryKind[] },
      locale: Locale,
    ): Promise<Map<string, DeliverySummary>>;
  };
  /** Whether the account has a WhatsApp sender (the upselling page says which channel offers go on). */
  whatsapp: () => WhatsAppConnections | null;
  /** Bound late (checkins module): the guest's check-in link of a check-in; offers to unfinished check-ins lead there. */
  checkinLink?: (accountId: string, checkinId: string) => Promise<string | null>;
}

/** The ref of a service request's provider notice in the delivery records. */
export const providerNoticeRef = (requestId: string) => `service_request:${requestId}`;
