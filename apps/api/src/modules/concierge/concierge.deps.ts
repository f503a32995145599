import type { GuestAccessCode } from '@posada/contracts/smart-locks';
import type { ConciergeLanguage } from '@posada/domain/concierge';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { FileStorage } from '../files/storage.ts';
import type { InboxService } from '../inbox/inbox.types.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import type { ConciergeEngine } from './engine/concierge-engine.ts';

/** A guest's request of a store service, taken by the bot (the experiences module's guest store). */
export interface ConciergeServiceRequest {
  propertyId: string;
  serviceId: string;
  checkinId: string;
  serviceDate: string;
  language: ConciergeLanguage;
  notes: string;
}

/** What the concierge needs from the rest of the API (wired in app.ts). */
export interface ConciergeDeps {
  db: Db;
  clock: Clock;
  events: EventProducer;
  logger: FastifyBaseLogger;
  /** Stored files: a question's image (the editor) and the bytes the bot sends as WhatsApp media. */
  storage: FileStorage;
  /** A question's image: checked and stored like property images (JPEG, PNG or GIF that decodes). */
  files: Pick<FilesService, 'saveImage' | 'remove'>;
  /** The unified inbox: every bot reply goes out through its send, so it lands in the guest's thread. */
  inbox: () => Pick<InboxService, 'send'>;
  /** The account's WhatsApp sender and approved templates (null when WhatsApp is not configured). */
  whatsapp: () => WhatsAppConnections | null;
  /** The bell: `bot` notifications (kind bot, spec 6 gate). */
  notifications: Pick<NotificationsService, 'create'>;
  /** Socket.io: `new-conversation-{propertyId}` to the account's sockets (spec 7). */
  realtime: () => { emitToAccount(accountId: string, event: string, payload: unknown): void };
  /**
   * The two engines (adapters/llm): the embedded one always; the LLM one when LLM_BASE_URL is set and
   * CONCIERGE_ENGINE is not `embedded`. The answering falls back to the embedded one when the LLM fails.
   */
  engines: { embedded: ConciergeEngine; llm: ConciergeEngine | null };
  /** The smart-locks module's guest view: the door code only once released to this guest. */
  accessCode: (accountId: string, checkinId: string) => Promise<GuestAccessCode>;
  /** The checkins module's guest link of a check-in. */
  checkinLink: (accountId: string, checkinId: string) => Promise<string>;
  /** The experiences store takes a guest's request (its own rules; answers the Checkout URL when paid online). */
  requestService: (
    input: ConciergeServiceRequest,
  ) => Promise<{ requestId: string; checkoutUrl: string | null }>;
  /** WHATSAPP_BOT_TEMPLATE: an approved template to reach a guest whose 24-hour window has closed. */
  botTemplate: string;
}
