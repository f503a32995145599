import { AdapterError } from '../../adapters/adapter-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { formatStayDate } from '../../lib/message-template.ts';
import { renderTemplate } from './broadcast-template.ts';
import type { BroadcastRow, BroadcastsRepo } from './broadcasts.repo.ts';
import type { BroadcastsDeps } from './broadcasts.service.ts';

/** Recipients sent per job run; the run queues the next one, so a cancel or the limit stops it between batches. */
export const BROADCAST_BATCH = 50;

/** The template's language, kept in the filter when the broadcast was created. */
function templateLanguage(row: BroadcastRow): string {
  return (row.filter as { language?: string }).language ?? 'es';
}

/** The values of one recipient: the name stored with it, the stay as the filter saw it. */
function valuesOf(row: BroadcastRow, recipient: { bookingId: string | null; guestName: string }) {
  const stays = (
    row.filter as { values?: Record<string, { property_name: string; arrival: string; departure: string }> }
  ).values;
  const stay = (recipient.bookingId && stays?.[recipient.bookingId]) || {
    property_name: '',
    arrival: '',
    departure: '',
  };
  const language = templateLanguage(row);
  return {
    guest_name: recipient.guestName,
    property_name: stay.property_name,
    arrival: formatStayDate(stay.arrival, language),
    departure: formatStayDate(stay.departure, language),
  };
}

/**
 * The sending of one batch (docs/messaging.md, Mass messages), for the job: messages go out through the inbox
 * service with the template's content, at most what the rolling 24-hour limit leaves.
 */
export function createBatchSender({
  deps,
  repo,
  now,
  remainingToday,
}: {
  deps: Pick<BroadcastsDeps, 'whatsapp' | 'inbox'>;
  repo: BroadcastsRepo;
  now: Clock['now'];
  remainingToday: (accountId: string) => Promise<{ limit: number; sent: number }>;
}) {
  /**
   * One batch of a broadcast (the job): waiting recipients up to the batch size and what the rolling 24-hour
   * limit leaves; the rest of today's over-limit recipients are skipped ('daily_limit'). Each recipient is
   * claimed before its message goes out, so a retried run never writes to a guest twice. Answers whether
   * recipients are left waiting (the job queues the next batch).
   */
  return async function sendBatch(accountId: string, broadcastId: string): Promise<boolean> {
    const broadcast = await repo.findBroadcast(accountId, broadcastId);
    if (broadcast?.status !== 'sending') return false;
    const waiting = await repo.waiting(broadcastId, BROADCAST_BATCH);
    if (waiting.length === 0) {
      await repo.finish(accountId, broadcastId, 'done', now());
      return false;
    }
    const whatsapp = deps.whatsapp();
    const inbox = deps.inbox();
    const sender = whatsapp ? await whatsapp.senderFor(accountId) : null;
    const approved =
      whatsapp && sender
        ? await whatsapp.approvedTemplate(accountId, broadcast.templateName, templateLanguage(broadcast))
        : null;
    if (!whatsapp || !inbox || !sender || !approved) {
      // Nothing can go out any more (disconnected, template withdrawn): the waiting ones fail, visibly.
      for (const r of await repo.waiting(broadcastId, 100_000))
        if (await repo.claim(r.id, now()))
          await repo.setFailed(r.id, !sender ? 'no_sender' : 'template_not_approved', now());
      await repo.finish(accountId, broadcastId, 'done', now());
      return false;
    }
    const { limit, sent } = await remainingToday(accountId);
    const room = Math.max(0, limit - sent);
    if (room === 0) {
      await repo.skipWaiting(broadcastId, 'daily_limit', now());
      await repo.finish(accountId, broadcastId, 'done', now());
      return false;
    }
    for (const recipient of waiting.slice(0, room)) {
      if (!(await repo.claim(recipient.id, now()))) continue;
      const rendered = renderTemplate(
        approved.body,
        valuesOf(broadcast, recipient),
        (broadcast.filter as { params?: string[] }).params ?? [],
      );
      try {
        const message = await inbox.send({
          accountId,
          kind: 'broadcast',
          to: { phone: recipient.phone, guestName: recipient.guestName, bookingId: recipient.bookingId },
          channel: 'whatsapp',
          content: {
            type: 'template',
            name: approved.name,
            language: approved.language,
            bodyParams: rendered.bodyParams,
          },
          authorUserId: null,
        });
        await repo.setSent(recipient.id, { threadId: message.thread_id, messageId: message.id, at: now() });
      } catch (err) {
        const code = err instanceof AppError || err instanceof AdapterError ? err.code : 'send_failed';
        await repo.setFailed(recipient.id, code, now());
      }
    }
    if (waiting.length > room) await repo.skipWaiting(broadcastId, 'daily_limit', now());
    // A short batch was the last one: done now, without another run.
    if (waiting.length > room || waiting.length < BROADCAST_BATCH) {
      await repo.finish(accountId, broadcastId, 'done', now());
      return false;
    }
    return true;
  };
}
