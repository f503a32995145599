import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppGateway } from '../../adapters/whatsapp/types.ts';
import {
  contentOf,
  type EnvelopeItem,
  type FieldItem,
  type MessageItem,
  parseEnvelope,
} from '../../adapters/whatsapp/whatsapp.envelope.ts';
import { verifyWhatsAppSignature } from '../../adapters/whatsapp/whatsapp.signature.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sameSecret } from '../../lib/constant-time.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { storableJson } from '../../lib/storable-text.ts';
import type { FileStorage } from '../files/storage.ts';
import type { InboxModuleService } from '../inbox/inbox.module.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { jsonDepth, WEBHOOK_MAX_BYTES, WEBHOOK_MAX_DEPTH } from './payload-guard.ts';
import { whatsappWebhooksErrors } from './whatsapp-webhooks.errors.ts';
import { createWhatsAppWebhooksRepo } from './whatsapp-webhooks.repo.ts';

export const mediaRetryJob = 'whatsapp-webhooks.media';

/**
 * Where outbound messages' statuses go: the delivery pipeline (modules/delivery `applyStatus`, issue 26), which
 * moves its record and the inbox message with it, only forward. Bound late in app.ts.
 */
export interface WhatsAppStatusSink {
  applyStatus(update: {
    channel: 'whatsapp';
    providerId: string;
    deliveryId: string | null;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    at: Date;
    errorCode: string | null;
    errorDetail: string | null;
    temporary: boolean;
    pricing: string | null;
  }): Promise<unknown>;
  /** A guest's marketing stop / resume (`user_preferences`). */
  optOut(
    channel: 'whatsapp',
    sender: string,
    phone: string,
    scope: 'marketing',
    source: string,
  ): Promise<void>;
  optIn(channel: 'whatsapp', sender: string, phone: string, scope: 'marketing'): Promise<void>;
}

/** Cloud API failures worth another attempt (rate limits, Meta's own trouble); the others are final. */
const temporaryErrors = new Set(['130429', '131056', '131016', '131000']);

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
/**
 * A delivery an item of which still fails this long after it arrived is left for a human (logged at every
 * attempt; processed_at stays empty, the payload is kept): the sweep stops retrying it.
 */
const SWEEP_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** X-Hub-Signature-256 over the raw body bytes: the adapter's check (whatsapp-cloud-api.md §1). */
export const signatureMatches = (appSecret: string, raw: Uint8Array, header: string): boolean =>
  verifyWhatsAppSignature(appSecret, raw, header);

export function createWhatsAppWebhooksService(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  /** The inbox core and its unrouted messages (a guest no account knows is kept there for the admin). */
  inbox: InboxModuleService;
  gateway: WhatsAppGateway | null;
  /** Statuses of what we sent (the delivery pipeline), bound late; without it they are only logged. */
  statuses?: () => WhatsAppStatusSink | null;
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

  /** Queues the media download (retried with backoff; the message says so after the last attempt). */
  async function queueMediaRetry(
    accountId: string,
    messageId: string,
    media: { id: string; mime: string },
    delayMs = 30_000,
  ) {
    await deps.jobs
      .send(
        mediaRetryJob,
        { accountId, messageId, mediaId: media.id, mime: media.mime },
        {
          retryLimit: 5,
          retryDelay: 30,
          retryBackoff: true,
          startAfter: new Date(clock.now().getTime() + delayMs),
        },
      )
      .catch((err) => logger.warn({ err }, 'whatsapp: the media retry was not queued'));
  }

  // An admin moved an unrouted message into an account's inbox: its media is fetched with that account's token.
  inbox.unrouted.onAssigned(async (assigned) => {
    if (assigned.channel !== 'whatsapp' || typeof assigned.raw !== 'object' || assigned.raw === null) return;
    const { media } = contentOf(assigned.raw as Record<string, unknown>);
    if (media) await queueMediaRetry(assigned.accountId, assigned.messageId, media, 0);
  });

  async function applyMessage(item: MessageItem) {
    // Each message once, wherever it went: an inbox, or the unrouted messages.
    if (await inbox.hasMessage('whatsapp', item.wamid)) return;
    if (await inbox.unrouted.has('whatsapp', item.wamid)) return;
    // A thread needs a phone (6 to 15 digits, as the inbox takes it): without one (a username user) the
    // message waits for an admin too.
    const hasPhone = /^\d{6,15}$/.test(item.from.replace(/\D/g, ''));
    const accountId = hasPhone ? await accountOf(item) : null;
    if (!accountId) {
      await inbox.unrouted.recordUnrouted({
        channel: 'whatsapp',
        externalId: item.wamid,
        phone: item.from,
        senderName: item.profileName,
        recipient: item.displayPhoneNumber || item.phoneNumberId,
        type: item.type,
        body: item.body,
        raw: item.raw,
        receivedAt: item.sentAt,
      });
      return;
    }
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
      await queueMediaRetry(accountId, recorded.messageId, item.media);
    }
  }

  async function applyField(item: FieldItem) {
    if (item.field === 'user_preferences') return applyPreferences(item);
    const handler = deps.connections()?.applyWebhookChange;
    if (handler) await handler({ field: item.field, wabaId: item.wabaId, value: item.value });
    else
      logger.info(
        { field: item.field, wabaId: item.wabaId, value: item.value },
        'whatsapp: webhook field kept',
      );
  }

  /**
   * A guest's marketing stop or resume (whatsapp-cloud-api.md §1, `user_preferences`): mirrored into the
   * pipeline's opt-outs for the number it was sent to, so no marketing message goes to them meanwhile.
   */
  async function applyPreferences(item: FieldItem) {
    const sink = deps.statuses?.();
    const value = (item.value ?? {}) as {
      metadata?: { phone_number_id?: unknown };
      user_preferences?: { wa_id?: unknown; category?: unknown; value?: unknown }[];
    };
    const sender = typeof value.metadata?.phone_number_id === 'string' ? value.metadata.phone_number_id : '';
    for (const pref of Array.isArray(value.user_preferences) ? value.user_preferences : []) {
      const phone = typeof pref.wa_id === 'string' ? pref.wa_id.replace(/\D/g, '') : '';
      if (!phone || !sink || pref.category !== 'marketing_messages') continue;
      if (pref.value === 'stop')
        await sink.optOut('whatsapp', sender, phone, 'marketing', 'whatsapp:user_preferences');
      else if (pref.value === 'resume') await sink.optIn('whatsapp', sender, phone, 'marketing');
    }
  }

  async function applyItem(item: EnvelopeItem) {
    if (item.kind === 'message') await applyMessage(item);
    else if (item.kind === 'status') {
      const sink = deps.statuses?.();
      if (!sink) {
        logger.info(
          { wamid: item.wamid, status: item.status },
          'whatsapp: a status with nowhere to go, kept',
        );
        return;
      }
      await sink.applyStatus({
        channel: 'whatsapp',
        providerId: item.wamid,
        deliveryId: item.callbackData,
        status: item.status,
        at: item.at,
        errorCode: item.error?.code ?? null,
        errorDetail: item.error?.text ?? null,
        temporary: temporaryErrors.has(item.error?.code ?? ''),
        pricing: item.pricing,
      });
    } else await applyField(item);
  }

  /**
   * Applies a stored delivery (idempotent: messages by wamid, statuses only forward). Each item on its own:
   * one that fails is logged and never keeps the others of the delivery out of the inbox. The delivery is
   * marked processed once every item was applied; otherwise the sweep applies it again (the applied ones
   * change nothing the second time).
   */
  async function process(id: string): Promise<void> {
    const delivery = await repo.read(id);
    if (!delivery || delivery.processedAt) return;
    let failed = 0;
    for (const item of parseEnvelope(delivery.payload, delivery.receivedAt)) {
      try {
        await applyItem(item);
      } catch (err) {
        failed++;
        logger.error(
          { err, delivery: id, kind: item.kind, wamid: 'wamid' in item ? item.wamid : undefined },
          'whatsapp: an item of a webhook delivery failed; the others are applied, the sweep retries it',
        );
      }
    }
    if (failed === 0) await repo.markProcessed(id, clock.now());
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
      const answered = new Set<string>();
      const answer = (d: (typeof batch)[number], fresh: Set<string>) => {
        d.done(fresh.has(d.id) && !answered.has(d.id));
        answered.add(d.id);
      };
      try {
        const fresh = await repo.insertMany(unique);
        for (const d of batch) answer(d, fresh);
      } catch (batchError) {
        // One delivery the database refuses must not fail the others stored with it: each alone, then.
        if (unique.length === 1) {
          for (const d of batch)
            d.done(batchError instanceof Error ? batchError : new Error(String(batchError)));
          continue;
        }
        const alone = new Map<string, Set<string> | Error>();
        for (const d of unique) {
          try {
            alone.set(d.id, await repo.insertMany([d]));
          } catch (error) {
            alone.set(d.id, error instanceof Error ? error : new Error(String(error)));
          }
        }
        for (const d of batch) {
          const result = alone.get(d.id);
          if (result instanceof Error || result === undefined) d.done(result ?? new Error('not stored'));
          else answer(d, result);
        }
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
      if (query.mode !== 'subscribe' || !sameSecret(query.token ?? '', deps.verifyToken))
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
      if (raw.length > WEBHOOK_MAX_BYTES) {
        logger.warn({ bytes: raw.length }, 'whatsapp: a webhook body over the size limit was refused');
        throw whatsappWebhooksErrors.payloadTooLarge();
      }
      if (!signature) throw whatsappWebhooksErrors.signatureMissing();
      if (!signatureMatches(deps.appSecret, raw, signature)) throw whatsappWebhooksErrors.signatureInvalid();
      // Before JSON.parse and before the database (a jsonb nested ~1,500 levels aborts PGlite): payload-guard.ts.
      if (jsonDepth(raw, WEBHOOK_MAX_DEPTH) > WEBHOOK_MAX_DEPTH) {
        logger.warn(
          { bytes: raw.length, maxDepth: WEBHOOK_MAX_DEPTH },
          'whatsapp: a signed webhook body nested too deep was refused',
        );
        throw whatsappWebhooksErrors.payloadTooDeep();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        logger.warn({ bytes: raw.length }, 'whatsapp: a signed webhook body that is not JSON was refused');
        throw whatsappWebhooksErrors.payloadInvalid();
      }
      // jsonb refuses U+0000 and lone surrogates: cleaned here, so the delivery (and its messages) is kept.
      const payload = storableJson(parsed);
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
      const now = clock.now().getTime();
      const ids = (
        await repo.pending(new Date(now - SWEEP_AGE_MS), new Date(now - SWEEP_GIVE_UP_MS), 50)
      ).filter((id) => !queued.has(id));
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
