import { type DeliveryChannel, type DeliveryKind, deliveryChangedEvent } from '@posada/contracts/deliveries';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { DeliveryContent } from '../../db/schema/deliveries.ts';
import { translate } from '../../i18n/messages.ts';
import {
  createDeliveryRepo,
  type DeliveryRow,
  type NewDelivery,
  type ProviderStatus,
} from './delivery.repo.ts';
import type { DeliveryRequest } from './delivery.types.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { type KindRule, kindRules } from './delivery-kinds.ts';
import { asLocale, type Plan } from './delivery-plan.ts';
import { toMessageDelivery } from './delivery-views.ts';

/** An attempt holds its record this long; a crash leaves it to the sweep after that. */
export const LEASE_MS = 60_000;

/**
 * Writing the records (docs/messaging.md, Delivery): a message's plans (skipped channels and the one that
 * goes), a provider's word moving a record forward with the guest's inbox message in the same transaction,
 * the socket event, the unsent e-mail's log line and the bell when nothing is left to try.
 */
export function createRecords(deps: DeliveryDeps) {
  const { db, clock, events, logger } = deps;
  const emitChanged = (row: DeliveryRow) => {
    try {
      const payload = { delivery: toMessageDelivery(row, 'es') };
      deps.realtime().emitToAccount(row.accountId, deliveryChangedEvent, payload);
    } catch {
      // Before the realtime plugin is registered (scripts): nothing listens.
    }
  };

  async function mirror(tx: Db, row: DeliveryRow): Promise<{ threadId: string } | null> {
    if (!row.inboxMessageId) return null;
    const inbox = deps.inbox();
    if (!inbox) return null;
    const status = row.status === 'skipped' ? 'failed' : row.status;
    return inbox.mirror(tx, row.accountId, row.inboxMessageId, {
      deliveryId: row.id,
      channel: row.channel,
      status,
      externalId: row.providerId,
      errorCode: row.errorCode,
      errorText: row.errorDetail,
      at: clock.now(),
    });
  }

  /**
   * Writes the plans of one message: each channel not tried (skipped, with why) and the one that goes
   * (queued, held by this process for its first attempt), with the thread's message when there is one.
   */
  async function write(
    request: DeliveryRequest,
    rule: KindRule,
    plans: Plan[],
    rest: DeliveryChannel[],
    link: {
      messageId: string;
      previousId: string | null;
      inboxMessageId: string | null;
      threadId: string | null;
      /** A fallback is written after the attempt it replaces (the lists are newest first). */
      after?: Date;
    },
    firstId: string,
    base: DeliveryContent['request'],
  ): Promise<{ rows: DeliveryRow[]; inboxMessageId: string | null }> {
    const now = link.after && link.after >= clock.now() ? new Date(link.after.getTime() + 1) : clock.now();
    return events.transaction(db, async (tx, emit) => {
      const txRepo = createDeliveryRepo(tx);
      let inboxMessageId = link.inboxMessageId;
      const going = plans.find((p) => 'content' in p);
      const last = plans[plans.length - 1];
      if (!inboxMessageId && link.threadId && rule.audience === 'guest') {
        const shown = going ?? last;
        const inbox = deps.inbox();
        if (inbox && shown) {
          const content = 'content' in shown ? shown.content : null;
          const recorded = await inbox.recordOutbound(tx, emit, {
            accountId: request.accountId,
            threadId: link.threadId,
            channel: shown.channel,
            type: content?.template ? 'template' : (content?.media?.type ?? 'text'),
            body: content?.text ?? request.text,
            templateName: content?.template?.name ?? null,
            media: content?.media
              ? { file: content.media.file, mime: content.media.mime, name: content.media.name }
              : null,
            authorUserId: request.authorUserId ?? null,
            at: now,
          });
          inboxMessageId = recorded.messageId;
        }
      }
      const rows: NewDelivery[] = plans.map((p, i) => ({
        id: i === 0 ? firstId : crypto.randomUUID(),
        accountId: request.accountId,
        messageId: link.messageId,
        previousId: null,
        propertyId: request.propertyId ?? null,
        bookingId: request.bookingId ?? null,
        checkinId: request.checkinId ?? null,
        threadId: link.threadId,
        inboxMessageId,
        kind: request.kind,
        ref: request.ref ?? null,
        audience: rule.audience,
        channel: p.channel,
        recipient: p.recipient,
        recipientName: request.to.name ?? '',
        language: asLocale(request.language),
        content:
          'content' in p
            ? p.content
            : {
                text: request.text,
                ...(request.subject ? { subject: request.subject } : {}),
                ...(request.html ? { html: request.html } : {}),
                request: base,
              },
        link: request.link ?? null,
        status: 'content' in p ? ('queued' as const) : ('skipped' as const),
        errorCode: 'skip' in p ? p.skip : null,
        nextChannels: 'content' in p ? rest : [],
        nextAttemptAt: 'content' in p ? new Date(now.getTime() + LEASE_MS) : null,
        authorUserId: request.authorUserId ?? null,
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
      }));
      // Each attempt points at the one before it (the fallback chain the screens show).
      let previous = link.previousId;
      for (const row of rows) {
        row.previousId = previous;
        previous = row.id ?? null;
      }
      for (let i = 0; i < rows.length - 1; i++) (rows[i] as NewDelivery).fallbackId = rows[i + 1]?.id ?? null;
      const written = await txRepo.insert(rows);
      const final = written[written.length - 1];
      if (final && inboxMessageId) await mirror(tx, final);
      return { rows: written, inboxMessageId };
    });
  }

  /** Applies a provider's word to a record (and its thread message) in one transaction; answers the row now. */
  async function move(
    id: string,
    status: ProviderStatus,
    values: Parameters<ReturnType<typeof createDeliveryRepo>['move']>[2],
  ): Promise<{ row: DeliveryRow; moved: boolean } | null> {
    const { moved: result, thread } = await db.transaction(async (tx) => {
      const moved = await createDeliveryRepo(tx).move(id, status, values);
      return { moved, thread: moved?.moved ? await mirror(tx, moved.row) : null };
    });
    if (!result?.moved) return result;
    emitChanged(result.row);
    const inboxMessageId = result.row.inboxMessageId;
    if (thread && inboxMessageId)
      await deps
        .inbox()
        ?.pushLive(result.row.accountId, thread.threadId, inboxMessageId)
        .catch((err) => logger.warn({ err, delivery: id }, 'delivery: the inbox was not told live'));
    return result;
  }

  /** An e-mail skipped for want of SMTP goes to the outbox's log (never counted as sent). */
  async function logUnsentEmail(rows: DeliveryRow[]) {
    for (const row of rows) {
      if (row.channel !== 'email' || row.errorCode !== 'email_not_configured' || !row.recipient) continue;
      await deps.mail.outbox
        ?.send({
          to: row.recipient,
          subject: row.content.subject ?? translate(asLocale(row.language), 'delivery.default_subject'),
          text: row.content.text,
          ...(row.content.html ? { html: row.content.html } : {}),
        })
        .catch((err) => logger.warn({ err, delivery: row.id }, 'delivery: the unsent e-mail was not logged'));
    }
  }

  /** Nothing more to try: the bell rings for a guest's or a provider's message (never for the operator's own notice). */
  async function finalFailure(row: DeliveryRow) {
    const rule = kindRules[row.kind as DeliveryKind];
    if (!rule || rule.audience === 'operator') return;
    try {
      const [owner] = await db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.accountId, row.accountId))
        .orderBy(asc(users.createdAt))
        .limit(1);
      const locale = asLocale(owner?.locale);
      const view = toMessageDelivery(row, locale);
      await deps.notifications.create({
        accountId: row.accountId,
        propertyId: row.propertyId,
        kind: 'delivery',
        title: translate(locale, 'delivery.bell.title', {
          kind: translate(locale, `delivery.kind.${row.kind}`),
          name: row.recipientName || row.recipient,
        }),
        body: translate(locale, 'delivery.bell.body', {
          channel: translate(locale, `delivery.channel.${row.channel}`),
          reason: view.error_reason ?? view.error_code ?? '',
        }).slice(0, 500),
        relationId: row.bookingId ?? row.threadId ?? row.checkinId,
      });
    } catch (err) {
      logger.error({ err, delivery: row.id }, 'delivery: the failure was not put in the bell');
    }
  }

  return { emitChanged, write, move, logUnsentEmail, finalFailure };
}

export type Records = ReturnType<typeof createRecords>;
