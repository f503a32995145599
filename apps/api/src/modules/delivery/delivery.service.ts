import {
  type DeliveryChannel,
  type DeliveryKind,
  type DeliverySummary,
  type GuestDeliveryKind,
  guestDeliveryKinds,
  type MessageDelivery,
} from '@posada/contracts/deliveries';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { deliveryIdOfBounceAddress, parseBounce } from './bounce.ts';
import { createDeliveryRepo, type DeliveryRow, type ProviderStatus } from './delivery.repo.ts';
import type { DeliveryRequest, DeliveryResult } from './delivery.types.ts';
import { createAttempts } from './delivery-attempts.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { defaultChannels, kindRules } from './delivery-kinds.ts';
import { asLocale, createPlanner, digitsOf } from './delivery-plan.ts';
import { createRecords } from './delivery-records.ts';
import { toMessageDelivery } from './delivery-views.ts';

export type { Deliver, DeliveryRequest, DeliveryResult } from './delivery.types.ts';
export { failureOf, MAX_ATTEMPTS } from './delivery-attempts.ts';
export type { DeliveryDeps, TemplateNames } from './delivery-deps.ts';

/**
 * The delivery pipeline (issue 26, docs/messaging.md Delivery): the only way a message reaches a guest, a
 * provider or an operator. It picks the channel by the rules (WhatsApp free text only inside the 24-hour
 * window, else an approved template of the kind's category with exactly its parameters, else the next
 * channel the operator chose), writes one record per attempt, retries temporary errors with backoff and
 * an end, falls back once on a permanent failure, and moves each record only on the provider's word.
 * Planning, records and attempts are in delivery-plan.ts, delivery-records.ts and delivery-attempts.ts.
 */
export function createDeliveryService(deps: DeliveryDeps) {
  const { db, clock, logger } = deps;
  const repo = createDeliveryRepo(db);
  const planner = createPlanner(deps, repo);
  const records = createRecords(deps);
  const { attempt, attemptDue, afterFailure } = createAttempts(deps, repo, planner, records);
  const { channelsFor, planChain, baseOf } = planner;
  const { write, move, emitChanged, logUnsentEmail, finalFailure } = records;

  const service = {
    /**
     * Sends a message: answers once the first channel that can take it was tried (accepted with the
     * provider's id, queued for a retry, or failed), never claiming more than the provider said.
     */
    async send(request: DeliveryRequest, answerLocale?: string): Promise<DeliveryResult> {
      const rule = kindRules[request.kind];
      const base = baseOf(request);
      const inbox = deps.inbox();
      const threadWanted = rule.audience === 'guest' && request.kind !== 'verification_code' && !!inbox;
      const thread =
        threadWanted && (base.phone || base.email || request.to.threadId)
          ? await inbox.thread(request.accountId, {
              threadId: request.to.threadId ?? null,
              phone: base.phone,
              email: base.email,
              name: request.to.name,
              bookingId: request.bookingId ?? null,
            })
          : null;
      if (thread) {
        base.phone = base.phone ?? thread.phone;
        base.email = base.email ?? thread.email;
      }
      const media = request.attachment
        ? {
            file: await deps.storage.put(request.attachment.bytes, request.attachment.extension),
            mime: request.attachment.mime,
            name: request.attachment.name,
            type: mediaType(request.attachment.mime),
          }
        : undefined;
      const channels = await channelsFor(request);
      const { plans, rest } = await planChain(channels, request, rule, thread, base, media, { first: true });
      if (plans.length === 0)
        plans.push({ channel: channels[0] ?? 'email', recipient: '', skip: 'no_address' });
      const firstId = crypto.randomUUID();
      const { rows, inboxMessageId } = await write(
        request,
        rule,
        plans,
        rest,
        {
          messageId: firstId,
          previousId: null,
          inboxMessageId: null,
          threadId: thread?.id ?? null,
        },
        firstId,
        base,
      );
      for (const r of rows) emitChanged(r);
      await logUnsentEmail(rows);
      const going = rows.find((r) => r.status === 'queued');
      let current = going ?? (rows[rows.length - 1] as DeliveryRow);
      if (going) {
        current = await attempt(going);
        // A fallback may have written the next attempt: answer the newest one of the message.
        if (current.fallbackId) current = (await service.latest(current)) ?? current;
      } else {
        await finalFailure(current);
      }
      return {
        delivery: toMessageDelivery(current, asLocale(answerLocale ?? request.language)),
        threadId: thread?.id ?? null,
        inboxMessageId,
      };
    },

    /** The newest attempt of a record's message (after fallbacks). */
    async latest(row: DeliveryRow): Promise<DeliveryRow | null> {
      let current: DeliveryRow | null = row;
      for (let i = 0; current?.fallbackId && i < 10; i++) current = await repo.byId(current.fallbackId);
      return current;
    },

    /**
     * A provider's status webhook (WhatsApp `statuses`, a Twilio status callback, an e-mail bounce): applied
     * once and only forward, in any order. `deliveryId` is what we gave the provider to echo back
     * (biz_opaque_callback_data, the callback URL's `d`), for a status that outruns our own acceptance.
     */
    async applyStatus(update: {
      channel: DeliveryChannel;
      providerId: string | null;
      deliveryId?: string | null;
      status: ProviderStatus;
      at: Date;
      errorCode?: string | null;
      errorDetail?: string | null;
      temporary?: boolean;
      pricing?: string | null;
    }): Promise<DeliveryRow | null> {
      const byId = update.deliveryId && isUuid(update.deliveryId) ? await repo.byId(update.deliveryId) : null;
      const row =
        byId &&
        byId.channel === update.channel &&
        (!byId.providerId || !update.providerId || byId.providerId === update.providerId)
          ? byId
          : update.providerId
            ? await repo.byProviderId(update.channel, update.providerId)
            : null;
      if (!row) return null;
      const result = await move(row.id, update.status, {
        at: update.at,
        providerId: update.providerId,
        errorCode: update.errorCode ?? null,
        errorDetail: update.errorDetail ?? null,
        pricing: update.pricing ?? null,
      });
      if (result?.moved && update.status === 'failed') {
        const code = update.errorCode ?? 'failed';
        await afterFailure(result.row, {
          code,
          detail: update.errorDetail ?? '',
          temporary: !!update.temporary,
          optOut: code === '131050' ? 'marketing' : code === '21610' ? 'all' : null,
        });
      }
      return result?.row ?? row;
    },

    /**
     * An e-mail bounce posted to bounce+{delivery id}@INBOUND_EMAIL_DOMAIN (docs/messaging.md, Delivery):
     * a permanent failure ends the e-mail attempt with the reporting server's code, then the fallback.
     */
    async applyBounce(to: string, text: string): Promise<boolean> {
      const id = deliveryIdOfBounceAddress(to, deps.mail.bounceDomain);
      if (!id) return false;
      const bounce = parseBounce(text);
      if (bounce)
        await service.applyStatus({
          channel: 'email',
          providerId: null,
          deliveryId: id,
          status: 'failed',
          at: clock.now(),
          errorCode: bounce.code,
          errorDetail: bounce.detail,
        });
      return true;
    },

    /** Attempts whose time has come (retries, and first attempts a crash left behind); answers how many. */
    async runDue(limit = 100): Promise<number> {
      const ids = await repo.due(clock.now(), limit);
      for (const id of ids)
        await attemptDue(id).catch((err) => logger.error({ err, delivery: id }, 'delivery: attempt failed'));
      return ids.length;
    },

    /** A recipient asked a sender to stop or start again (SMS STOP/START, WhatsApp user_preferences). */
    async optOut(
      channel: DeliveryChannel,
      sender: string,
      phone: string,
      scope: 'all' | 'marketing',
      source: string,
    ) {
      await repo.optOut({ channel, sender, address: digitsOf(phone), scope, source, at: clock.now() });
    },
    async optIn(channel: DeliveryChannel, sender: string, phone: string, scope: 'all' | 'marketing') {
      await repo.optIn(channel, sender, digitsOf(phone), scope);
    },

    /** The same message again on a channel the operator picks (the screens' "resend by SMS"). */
    async resend(accountId: string, id: string, channel: DeliveryChannel): Promise<DeliveryResult> {
      const row = isUuid(id) ? await repo.owned(accountId, id) : null;
      if (!row) throw new AppError('delivery.not_found', 404);
      const base = row.content.request;
      return service.send({
        accountId,
        kind: row.kind as DeliveryKind,
        to: { name: row.recipientName, phone: base.phone, email: base.email, threadId: row.threadId },
        propertyId: row.propertyId,
        bookingId: row.bookingId,
        checkinId: row.checkinId,
        language: row.language,
        text: base.text,
        subject: base.subject,
        values: base.values,
        link: row.link,
        channels: [channel],
        ...(base.template ? { template: base.template } : {}),
        authorUserId: row.authorUserId,
      });
    },

    /** A stay's records (its booking and its check-ins), newest first, in the reader's language. */
    async ofBooking(
      accountId: string,
      bookingId: string,
      checkinIds: string[],
      locale: Locale,
    ): Promise<MessageDelivery[]> {
      return (await repo.ofBooking(accountId, bookingId, checkinIds)).map((r) =>
        toMessageDelivery(r, locale),
      );
    },
    async ofCheckin(accountId: string, checkinId: string, locale: Locale): Promise<MessageDelivery[]> {
      return (await repo.ofCheckin(accountId, checkinId)).map((r) => toMessageDelivery(r, locale));
    },

    /**
     * The latest message of each check-in (its link or reminder) or of each `ref`, as the lists beside them
     * show it: the newest attempt of the newest message, in the reader's language.
     */
    async summaries(
      accountId: string,
      by: { checkinIds?: string[]; refs?: string[]; kinds: DeliveryKind[] },
      locale: Locale,
    ): Promise<Map<string, DeliverySummary>> {
      const rows = await repo.latestOf(accountId, by);
      const map = new Map<string, DeliverySummary>();
      for (const row of rows) {
        const key = by.refs ? row.ref : row.checkinId;
        if (!key || map.has(key)) continue;
        const v = toMessageDelivery(row, locale);
        map.set(key, {
          id: v.id,
          kind: v.kind,
          channel: v.channel,
          to: v.to,
          status: v.status,
          error_code: v.error_code,
          error_reason: v.error_reason,
          updated_at: v.updated_at,
        });
      }
      return map;
    },

    /** The kinds' channels of a property as chosen (or defaulted), for the settings page. */
    async preferencesOf(accountId: string, propertyId: string) {
      const property = await repo.property(accountId, propertyId);
      if (!property) throw new AppError('delivery.property_not_found', 404);
      const chosen = new Map((await repo.preferences(propertyId)).map((p) => [p.kind, p.channels]));
      const confirmed = (['whatsapp', 'sms', 'email'] as const).filter((c) => property[c]);
      const fallback: DeliveryChannel[] = confirmed.length ? [...confirmed] : [...defaultChannels];
      return guestDeliveryKinds.map((kind) => ({ kind, channels: chosen.get(kind) ?? fallback }));
    },

    async savePreferences(
      accountId: string,
      propertyId: string,
      preferences: { kind: GuestDeliveryKind; channels: DeliveryChannel[] }[],
    ) {
      const property = await repo.property(accountId, propertyId);
      if (!property) throw new AppError('delivery.property_not_found', 404);
      await repo.savePreferences(
        accountId,
        propertyId,
        preferences.map((p) => ({ kind: p.kind, channels: [...new Set(p.channels)] })),
        clock.now(),
      );
      return service.preferencesOf(accountId, propertyId);
    },

    repo,
  };
  return service;
}

const mediaType = (mime: string): 'image' | 'document' | 'audio' | 'video' =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('audio/')
      ? 'audio'
      : mime.startsWith('video/')
        ? 'video'
        : 'document';

export type DeliveryService = ReturnType<typeof createDeliveryService>;
