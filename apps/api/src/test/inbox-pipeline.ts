import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppGateway } from '../adapters/whatsapp/types.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { Clock } from '../lib/clock.ts';
import type { Jobs } from '../lib/jobs.ts';
import { createStayContacts } from '../modules/bookings/stay-contacts.service.ts';
import { createCheckinContacts } from '../modules/checkins/checkin-contacts.service.ts';
import { createDeliveryService, type DeliveryService } from '../modules/delivery/delivery.service.ts';
import type { FileStorage } from '../modules/files/storage.ts';
import { createInboxService } from '../modules/inbox/inbox.service.ts';
import { createMailService } from '../modules/mail/mail.service.ts';
import type { WhatsAppConnections } from '../modules/whatsapp/whatsapp.types.ts';

/**
 * The inbox core and the delivery pipeline bound to each other as app.ts binds them, for the tests that
 * build services by hand (no SMS, no SMTP: e-mails are skipped and logged through a real mail outbox).
 */
export function createInboxWithPipeline(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  jobs: Jobs;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  gateway: WhatsAppGateway | null;
  connections: WhatsAppConnections;
}): { inbox: ReturnType<typeof createInboxService>; delivery: DeliveryService } {
  const { db, clock, events, logger, storage, gateway } = deps;
  let delivery: DeliveryService | null = null;
  const inbox = createInboxService({
    db,
    clock,
    events,
    logger,
    storage,
    smsConfigured: false,
    deliver: () => delivery?.send ?? null,
    whatsapp: gateway,
    connections: () => deps.connections,
    stays: createStayContacts({ db }),
    checkinContacts: createCheckinContacts({ db }),
    // No socket here: what a screen would be told live is not what these tests read.
    realtime: () => ({ emitToAccount: () => {} }),
  });
  delivery = createDeliveryService({
    db,
    clock,
    events,
    logger,
    appUrl: 'http://localhost:5173',
    templates: {},
    operatorTemplateLanguage: 'es',
    whatsapp: gateway,
    connections: () => deps.connections,
    sharedSender: null,
    sms: null,
    mail: {
      transport: null,
      from: 'x@posada.local',
      outbox: createMailService({
        db,
        jobs: deps.jobs,
        clock,
        transport: null,
        from: 'x@posada.local',
        logger,
      }),
    },
    storage,
    inbox: () => inbox.deliveryPort,
    notifications: { create: async () => '' },
    realtime: () => ({ emitToAccount: () => undefined }),
  });
  return { inbox, delivery };
}
