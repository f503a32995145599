import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../adapters/smtp/smtp.client.ts';
import type { SmsGateway } from '../../adapters/twilio/types.ts';
import type { WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../files/storage.ts';
import type { NewNotification } from '../notifications/notifications.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import type { DeliveryInboxPort } from './delivery.types.ts';

/** Template names by the config setting that names them (delivery-kinds.ts `template`). */
export type TemplateNames = { [K in keyof Config]?: unknown };

/** What the pipeline is built from (app.ts binds it). */
export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  logger: FastifyBaseLogger;
  appUrl: string;
  templates: TemplateNames;
  /** The operator's notices: the notice template's language (WHATSAPP_NOTIFICATION_TEMPLATE_LANGUAGE). */
  operatorTemplateLanguage: string;
  whatsapp: WhatsAppGateway | null;
  /** The whatsapp module's connections, bound late. */
  connections: () => WhatsAppConnections | null;
  /** The platform's shared number: the operator's own notices go from it. */
  sharedSender: WhatsAppSender | null;
  sms: SmsGateway | null;
  mail: {
    transport: MailTransport | null;
    from: string;
    bounceDomain?: string | null;
    /**
     * Without SMTP the e-mail is not sent (the record says `email_not_configured`), but its text still goes
     * to the mail outbox, which logs it: a newcomer can follow the link (README, Set-up).
     */
    outbox?: {
      send(mail: { to: string; subject: string; text: string; html?: string }): Promise<void>;
    } | null;
  };
  storage: FileStorage;
  /** The inbox, bound late (built after the pipeline). */
  inbox: () => DeliveryInboxPort | null;
  notifications: { create(n: NewNotification, on?: Db): Promise<string> };
  realtime: () => { emitToAccount(accountId: string, event: string, payload: unknown): void };
}
