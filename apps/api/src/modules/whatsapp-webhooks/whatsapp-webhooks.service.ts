import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppGateway } from '../../adapters/whatsapp/types.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { FileStorage } from '../files/storage.ts';
import type { InboxCoreService } from '../inbox/inbox.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { type FieldItem, type MessageItem, parseEnvelope } from './envelope.ts';
import { whatsappWebhooksErrors } from './whatsapp-webhooks.errors.ts';
import { createWhatsAppWebhooksRepo } from './whatsapp-webhooks.repo.ts';

export const mediaRetryJob = 'whatsapp-webhooks.media';

/** What the whatsapp module may offer for the other fields (quality, account and template updates). */
export interface WebhookFieldHandler {
  applyWebhookChange(change: { field: string; wabaId: string | null; value: unknown }): Promise<void>;
}

/** FileStorage extension of a media type; `bin` for anything else (its type is kept beside it). */
const extensionByMime: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'text/plain': 'txt',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};
export const extensionOfMime = (mime: string) => extensionByMime[mime.split(';')[0]?.trim() ?? ''] ?? 'bin';

const SWEEP_AGE_MS = 30_000;

/** Constant-time equality of two strings (lengths compared first, as timingSafeEqual needs). */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** X-Hub-Signature-256 is `sha256=` + HMAC-SHA256(app secret, the raw body bytes) in hex. */
export function signatureMatches(appSecret: string, raw: Uint8Array, header: string): boolean {
  return sameText(header.trim(), `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
}

export function createWhatsAppWebhooksService(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  inbox: InboxCoreService;
  gateway: WhatsAppGateway | null;
  /** The whatsapp module's routing and senders, bound late; null until it is built (or in a bare test). */
  connections: () => (WhatsAppConnections & Partial<WebhookFieldHandler>) | null;
  appSecret?: string;
  verifyToken?: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the platform's shared number, routed by the guest's phone. */
  sharedPhoneNumberId?: string;
  /** Deliveries applied at the same time after their answers (1 on PGlite, whose one session serializes anyway). */
  applyConcurrency?: number;
}) {
  const { db, clock, logger, inbox } = deps;
  const repo = createWhatsAppWebhooksRepo(db);
  const running = new Set<Promise<void>>();

  /** The account a guest message on this number belongs to (another account's number never routes here). */
  async function accountOf(item: MessageItem): Promise<string | null> {
    const connections = deps.connections();
    const route = connections
      ? await connections.routeOf(item.phoneNumberId)
      : item.phoneNumberId === deps.sharedPhoneNumberId
        ? { shared: true as const }
        : null;
    if (!route) return null;
    if ('accountId' in route) return route.accountId;
    // The shared number: the account this guest talks to (thread, stay), among those using the shared number.
    for (const accountId of await inbox.accountsOfGuestPhone(item.from)) {
      if (!connections) return accountId;
      const sender = await connections.senderFor(accountId);
      if (sender?.mode === 'shared' && sender.phoneNumberId === item.phoneNumberId) return accountId;
    }
    return null;
  }

  async function tokenOf(accountId: string): Promise<string | null> {
    return (await deps.connections()?.senderFor(accountId))?.token ?? null;
  }

  /** Downloads a media into storage; answers its stored name and type. */
  async function download(accountId: string, mediaId: string) {
    const token = await tokenOf(accountId);
    if (!token || !deps.gateway) throw new Error('whatsapp.not_configured');
    const media = await deps.gateway.downloadMedia(token, mediaId);
    const file = await deps.storage.put(media.bytes, extensionOfMime(media.mime));
    return { file, mime: media.mime };
  }

  async function applyMessage(item: MessageItem) {
    const accountId = await accountOf(item);
    if (!accountId) {
      logger.info(
        { phoneNumberId: item.phoneNumberId, wamid: item.wamid },
        'whatsapp: no account for a message',
      );
      return;
    }
    if (await inbox.hasMessage('whatsapp', item.wamid)) return;
    let media: { file: string; mime: string; name: string | null } | null = null;
    let mediaError: string | null = null;
    if (item.media) {
      try {
        media = { ...(await download(accountId, item.media.id)), name: item.media.fileName };
      } catch (error) {
        mediaError = String((error as Error)?.message ?? error);
      }
    }
    const recorded = await inbox.recordInbound({
      accountId,
      channel: 'whatsapp',
      phone: item.from,
      email: null,
      guestName: item.profileName,
      externalId: item.wamid,
      type: item.type,
      body: item.body,
      media: media ?? (item.media ? { file: '', mime: item.media.mime, name: item.media.fileName } : null),
      sentAt: item.sentAt,
      raw: item.raw,
    });
    if (recorded.created && item.media && mediaError !== null) {
      // Kept with its error; the retry job downloads it again (Meta keeps media about 30 days).
      await inbox.markMediaFailed(accountId, recorded.messageId, {
        code: 'whatsapp.media_download_failed',
        text: mediaError.slice(0, 300),
      });
      await deps.jobs
        .send(
          mediaRetryJob,
          { accountId, messageId: recorded.messageId, mediaId: item.media.id, mime: item.media.mime },
          {
            retryLimit: 5,
            retryDelay: 30,
            retryBackoff: true,
            startAfter: new Date(clock.now().getTime() + 30_000),
          },
        )
        .catch((err) => logger.warn({ err }, 'whatsapp: the media retry was not queued'));
    }
  }

  async function applyField(item: FieldItem) {
    const handler = deps.connections()?.applyWebhookChange;
    if (handler) await handler({ field: item.field, wabaId: item.wabaId, value: item.value });
    else
      logger.info(
        { field: item.field, wabaId: item.wabaId, value: item.value },
        'whatsapp: webhook field kept',
      );
  }

  /** Applies a stored delivery (idempotent: messages by wamid, statuses only forward); marks it processed. */
  async function process(id: string): Promise<void> {
    const delivery = await repo.read(id);
    if (!delivery || delivery.processedAt) return;
    for (const item of parseEnvelope(delivery.payload, delivery.receivedAt)) {
      if (item.kind === 'message') await applyMessage(item);
      else if (item.kind === 'status')
        await inbox.applyStatus({
          channel: 'whatsapp',
          externalId: item.wamid,
          status: item.status,
          at: item.at,
          error: item.error,
        });
      else await applyField(item);
    }
    await repo.markProcessed(id, clock.now());
  }

  /**
   * Deliveries waiting to be applied, taken by at most `applyConcurrency` workers: a burst does not open a
   * chain of queries per delivery (on PGlite's one session they would queue in front of every answer).
   */
  const waiting: string[] = [];
  let workers = 0;
  const concurrency = Math.max(1, deps.applyConcurrency ?? 1);
  async function work(): Promise<void> {
    for (let id = waiting.shift(); id !== undefined; id = waiting.shift()) {
      // Let the requests waiting on the event loop in first (PGlite runs its queries on this thread):
      // answers stay quick while a burst is applied behind them.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await process(id);
      } catch (err) {
        logger.error({ err, delivery: id }, 'whatsapp: a webhook delivery failed; the sweep retries');
      }
    }
  }
  /**
   * Group commit: deliveries that arrive while a write is in flight are stored together in the next one
   * statement (one commit, one fsync on PGlite), so a burst is acknowledged at the database's pace, not one
   * commit per request. Alone, a delivery is written at once.
   */
  const unsaved: {
    id: string;
    payload: unknown;
    receivedAt: Date;
    done: (inserted: boolean | Error) => void;
  }[] = [];
  let saving = false;
  async function save() {
    saving = true;
    while (unsaved.length > 0) {
      const batch = unsaved.splice(0, 200);
      const unique = [...new Map(batch.map((d) => [d.id, d])).values()];
      try {
        const fresh = await repo.insertMany(unique);
        const answered = new Set<string>();
        for (const d of batch) {
          d.done(fresh.has(d.id) && !answered.has(d.id));
          answered.add(d.id);
        }
      } catch (error) {
        for (const d of batch) d.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
    saving = false;
  }
  function storeDelivery(row: { id: string; payload: unknown; receivedAt: Date }): Promise<boolean> {
    return new Promise((resolve, reject) => {
      unsaved.push({ ...row, done: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
      if (!saving) void save();
    });
  }

  function kick() {
    while (workers < concurrency && waiting.length > 0) {
      workers++;
      const run: Promise<void> = work().finally(() => {
        workers--;
        running.delete(run);
        // A delivery queued while this worker was finishing.
        kick();
      });
      running.add(run);
    }
  }
  function processInBackground(id: string) {
    waiting.push(id);
    kick();
  }

  return {
    /** GET /api/webhooks/whatsapp: Meta's subscription handshake; answers the raw challenge. */
    verify(query: { mode?: string; token?: string; challenge?: string }): string {
      if (!deps.verifyToken) throw whatsappWebhooksErrors.notConfigured();
      if (query.mode !== 'subscribe' || !sameText(query.token ?? '', deps.verifyToken))
        throw whatsappWebhooksErrors.verifyTokenInvalid();
      return query.challenge ?? '';
    },

    /**
     * POST /api/webhooks/whatsapp: checks X-Hub-Signature-256 on the raw bytes, stores the delivery once (its
     * id is the body's SHA-256: Meta's retries carry the same bytes) and answers; it is applied right after.
     */
    async receive(
      raw: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      if (!deps.appSecret) throw whatsappWebhooksErrors.notConfigured();
      if (!signature) throw whatsappWebhooksErrors.signatureMissing();
      if (!signatureMatches(deps.appSecret, raw, signature)) throw whatsappWebhooksErrors.signatureInvalid();
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw whatsappWebhooksErrors.payloadInvalid();
      }
      const id = createHash('sha256').update(raw).digest('hex');
      const inserted = await storeDelivery({ id, payload, receivedAt: clock.now() });
      if (inserted) processInBackground(id);
      return { received: true, duplicate: !inserted };
    },

    /** Resolves when the deliveries being applied after their answer are done (tests, the e2e server). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },

    /** The sweep: deliveries left unprocessed (a crash, a failure) for more than 30 s; answers how many. */
    async processPending(): Promise<number> {
      // Not those still queued in this process behind a burst: they are applied in their turn.
      const queued = new Set(waiting);
      const ids = (await repo.pending(new Date(clock.now().getTime() - SWEEP_AGE_MS), 50)).filter(
        (id) => !queued.has(id),
      );
      let done = 0;
      for (const id of ids) {
        try {
          await process(id);
          done++;
        } catch (err) {
          logger.error({ err, delivery: id }, 'whatsapp: a pending webhook delivery failed again');
        }
      }
      return done;
    },

    /** The media retry job: downloads again; after the last attempt the message keeps its error. */
    async retryMedia(
      data: { accountId: string; messageId: string; mediaId: string },
      lastAttempt: boolean,
    ): Promise<void> {
      try {
        const media = await download(data.accountId, data.mediaId);
        await inbox.attachMedia(data.accountId, data.messageId, media);
      } catch (error) {
        if (lastAttempt)
          await inbox.markMediaFailed(data.accountId, data.messageId, {
            code: 'whatsapp.media_download_failed',
            text: String((error as Error)?.message ?? error).slice(0, 300),
          });
        throw error;
      }
    },
    read: (id: string) => repo.read(id),
  };
}

export type WhatsAppWebhooksService = ReturnType<typeof createWhatsAppWebhooksService>;
