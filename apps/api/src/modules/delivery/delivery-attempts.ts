import type { DeliveryChannel, DeliveryKind } from '@posada/contracts/deliveries';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { OutboundContent } from '../../adapters/whatsapp/types.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeliveryRepo, DeliveryRow } from './delivery.repo.ts';
import type { DeliveryRequest, DeliveryThread } from './delivery.types.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { kindRules } from './delivery-kinds.ts';
import { asLocale, digitsOf, type Plan, type Planner } from './delivery-plan.ts';
import { LEASE_MS, type Records } from './delivery-records.ts';

/** A temporary failure is tried again this many times in all, backing off (30 s, 2 min, 8 min, 30 min). */
export const MAX_ATTEMPTS = 5;
const backoffMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 30 * 60_000);
/** sms-twilio.md §4: an unreachable handset (30003) is tried once more later, then the next channel. */
const SMS_RETRY_MS = 5 * 60_000;

/** What a provider's refusal means for the pipeline. */
export interface Failure {
  code: string;
  detail: string;
  temporary: boolean;
  /** The recipient asked this sender to stop (SMS STOP / 21610, WhatsApp 131050 for marketing). */
  optOut: 'all' | 'marketing' | null;
}

/** Reads the adapters' errors (WhatsAppError metaCode, SmsSendError providerCode, SMTP reply codes). */
export function failureOf(error: unknown): Failure {
  const e = error as {
    metaCode?: number | null;
    providerCode?: string | null;
    smsKind?: string;
    temporary?: boolean;
    details?: string;
    status?: number;
    kind?: string;
    message?: string;
  };
  const detail = String(e?.details || e?.message || error).slice(0, 500);
  if (typeof e?.metaCode === 'number') {
    return {
      code: String(e.metaCode),
      detail,
      temporary: !!e.temporary,
      optOut: e.metaCode === 131050 ? 'marketing' : null,
    };
  }
  if (e?.smsKind !== undefined) {
    return {
      code: e.providerCode ?? e.smsKind,
      detail,
      temporary: !!e.temporary,
      optOut: e.smsKind === 'opted_out' ? 'all' : null,
    };
  }
  if (error instanceof AdapterError) {
    const temporary = ['timeout', 'unreachable', 'server_error'].includes(error.kind);
    return { code: error.status ? String(error.status) : error.kind, detail, temporary, optOut: null };
  }
  return { code: 'provider_error', detail, temporary: true, optOut: null };
}

/**
 * Talking to the providers (docs/messaging.md, Delivery): one attempt of a record (accepted, retried later
 * with backoff, or failed), and what follows a failure for good: the opt-out remembered, the next channel once.
 */
export function createAttempts(deps: DeliveryDeps, repo: DeliveryRepo, planner: Planner, records: Records) {
  const { clock, logger } = deps;
  const { senderOf, planChain } = planner;
  const { move, write, emitChanged, logUnsentEmail, finalFailure } = records;

  async function callProvider(row: DeliveryRow): Promise<string> {
    const content = row.content;
    if (row.channel === 'sms') {
      if (!deps.sms) throw new AdapterError('twilio', 'unauthorized', 'SMS is not configured');
      const callback = `${deps.appUrl.replace(/\/+$/, '')}/api/webhooks/twilio/status?d=${row.id}`;
      const sent = await deps.sms.send({
        to: row.recipient,
        body: content.text,
        statusCallbackUrl: callback,
      });
      return sent.providerMessageId;
    }
    if (row.channel === 'email') {
      const transport = deps.mail.transport;
      if (!transport) throw new AdapterError('smtp', 'unauthorized', 'SMTP is not configured');
      const replyTo = row.threadId ? deps.inbox()?.replyAddress(row.threadId) : null;
      const bounce = deps.mail.bounceDomain ? `bounce+${row.id}@${deps.mail.bounceDomain}` : undefined;
      const sent = await transport.send({
        from: deps.mail.from,
        to: row.recipient,
        subject: content.subject ?? translate(asLocale(row.language), 'delivery.default_subject'),
        text: content.text,
        ...(content.html ? { html: content.html } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(bounce ? { envelopeFrom: bounce } : {}),
      });
      return sent.messageId ?? `smtp:${row.id}`;
    }
    const gateway = deps.whatsapp;
    const sender = await senderOf(
      row.accountId,
      kindRules[row.kind as DeliveryKind] ?? kindRules.operator_reply,
    );
    if (!gateway || !sender) throw new AdapterError('whatsapp', 'unauthorized', 'no WhatsApp sender');
    let outbound: OutboundContent;
    if (content.template) {
      outbound = { type: 'template', ...content.template } as OutboundContent;
    } else if (content.media) {
      const bytes = await deps.storage.get(content.media.file);
      if (!bytes) throw new AdapterError('whatsapp', 'rejected', 'the attachment is no longer stored');
      const mediaId = await gateway.uploadMedia(sender, {
        bytes,
        mime: content.media.mime,
        name: content.media.name,
      });
      outbound = {
        type: content.media.type,
        mediaId,
        ...(content.text ? { caption: content.text } : {}),
        ...(content.media.type === 'document' ? { fileName: content.media.name } : {}),
      };
    } else {
      outbound = { type: 'text', body: content.text };
    }
    // The record's id comes back in every status webhook (biz_opaque_callback_data).
    const sent = await gateway.send(sender, digitsOf(row.recipient), outbound, { callbackData: row.id });
    return sent.wamid;
  }

  /** One attempt of a claimed record: accepted, retried later, or failed (then the fallback). */
  async function attempt(row: DeliveryRow): Promise<DeliveryRow> {
    const attempts = row.attempts + 1;
    try {
      const providerId = await callProvider(row);
      const result = await move(row.id, 'accepted', { at: clock.now(), providerId, attempts });
      return result?.row ?? row;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = failureOf(error);
      logger.warn(
        { delivery: row.id, channel: row.channel, code: failure.code, temporary: failure.temporary },
        'delivery: the provider did not take the message',
      );
      if (failure.temporary && attempts < MAX_ATTEMPTS) {
        const at = new Date(clock.now().getTime() + backoffMs(attempts));
        await repo.retryLater(row.id, {
          attempts,
          at,
          now: clock.now(),
          code: failure.code,
          detail: failure.detail,
        });
        const now = await repo.byId(row.id);
        if (now) emitChanged(now);
        return now ?? row;
      }
      const result = await move(row.id, 'failed', {
        at: clock.now(),
        attempts,
        errorCode: failure.code,
        errorDetail: failure.detail,
      });
      if (!result?.moved) return result?.row ?? row;
      await afterFailure(result.row, failure);
      return (await repo.byId(result.row.id)) ?? result.row;
    }
  }

  /** Claims a queued record whose time has come and tries it once. */
  async function attemptDue(id: string): Promise<void> {
    const now = clock.now();
    const claimed = await repo.claim(id, now, new Date(now.getTime() + LEASE_MS));
    if (claimed) await attempt(claimed);
  }

  /** A record failed for good: opt-outs are remembered, and the next channel takes over once. */
  async function afterFailure(row: DeliveryRow, failure: Failure) {
    const phone = digitsOf(row.recipient);
    if (failure.optOut && phone) {
      const sender =
        row.channel === 'sms'
          ? (deps.sms?.sender ?? '')
          : ((await senderOf(row.accountId, kindRules[row.kind as DeliveryKind] ?? kindRules.operator_reply))
              ?.phoneNumberId ?? '');
      await repo.optOut({
        channel: row.channel,
        sender,
        address: phone,
        scope: failure.optOut,
        source: `${row.channel}:${failure.code}`,
        at: clock.now(),
      });
    }
    const rule = kindRules[row.kind as DeliveryKind] ?? kindRules.operator_reply;
    let channels = [...row.nextChannels];
    let forceTemplate = false;
    // Free text refused for the window (131047): the approved template, once, on WhatsApp itself.
    if (
      row.channel === 'whatsapp' &&
      failure.code === '131047' &&
      !row.content.template &&
      !row.content.request.refuseOutsideWindow
    ) {
      channels = ['whatsapp', ...channels];
      forceTemplate = true;
    } else if (failure.temporary && row.channel === 'sms' && !row.previousId) {
      // An asynchronous temporary SMS failure (30001, 30003, 30008): once more later, then the next channel.
      channels = ['sms', ...channels];
    }
    if (channels.length === 0) return finalFailure(row);
    const nextId = crypto.randomUUID();
    if (!(await repo.claimFallback(row.id, nextId))) return;
    const base = row.content.request;
    const request: DeliveryRequest = {
      accountId: row.accountId,
      kind: row.kind as DeliveryKind,
      to: { name: row.recipientName, phone: base.phone, email: base.email, threadId: row.threadId },
      propertyId: row.propertyId,
      bookingId: row.bookingId,
      checkinId: row.checkinId,
      ref: row.ref,
      language: row.language,
      text: base.text,
      subject: base.subject,
      values: base.values,
      link: row.link,
      ...(base.template ? { template: base.template } : {}),
      authorUserId: row.authorUserId,
    };
    const thread: DeliveryThread | null =
      row.threadId && base.phone
        ? { id: row.threadId, phone: base.phone, email: base.email, lastInboundAt: null }
        : null;
    const { plans, rest } = await planChain(channels, request, rule, thread, base, undefined, {
      forceTemplate,
    }).catch(() => ({ plans: [] as Plan[], rest: [] as DeliveryChannel[] }));
    if (plans.length === 0) return finalFailure(row);
    const { rows } = await write(
      request,
      rule,
      plans,
      rest,
      {
        messageId: row.messageId,
        previousId: row.id,
        inboxMessageId: row.inboxMessageId,
        threadId: row.threadId,
        after: row.createdAt,
      },
      nextId,
      base,
    );
    for (const r of rows) emitChanged(r);
    await logUnsentEmail(rows);
    const going = rows.find((r) => r.status === 'queued');
    if (!going) return finalFailure(rows[rows.length - 1] as DeliveryRow);
    // A temporary SMS failure waits before its second try (the sweep takes it); anything else goes now.
    if (going.channel === 'sms' && row.channel === 'sms') {
      await repo.delay(going.id, new Date(clock.now().getTime() + SMS_RETRY_MS));
      return;
    }
    await attempt(going);
  }

  return { attempt, attemptDue, afterFailure };
}
