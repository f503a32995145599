import type { InboxChannel } from '@posada/contracts/inbox';
import { UNROUTED_PAGE, type UnroutedMessage, type UnroutedPage } from '@posada/contracts/inbox-unrouted';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import { storableJson, storableText } from '../../lib/storable-text.ts';
import type { InboxCoreService } from './inbox.service.ts';
import { inboxUnroutedErrors } from './inbox-unrouted.errors.ts';
import { createInboxUnroutedRepo, type UnroutedRow } from './inbox-unrouted.repo.ts';
import { phoneDigits } from './inbox-views.ts';

/** A guest's message no account could be found for, as the receiving route hands it over. */
export interface UnroutedInput {
  channel: InboxChannel;
  /** The provider's message id (wamid, the SMS gateway's id): a second delivery is stored once. */
  externalId: string;
  /** The sender's phone (digits, with or without '+'); null or '' when the provider withheld it. */
  phone: string | null;
  senderName: string;
  /** The number it was sent to (WhatsApp's display number or number id, the SMS number). */
  recipient: string;
  type: string;
  body: string;
  /** The provider's message object, kept whole. */
  raw: unknown;
  /** When the provider says it was sent (else when it arrived). */
  receivedAt: Date;
}

/** Told after an admin moved a message into an account's inbox (the WhatsApp webhook fetches its media then). */
export type UnroutedAssignedListener = (assigned: {
  channel: InboxChannel;
  externalId: string;
  accountId: string;
  threadId: string;
  messageId: string;
  raw: unknown;
}) => Promise<void>;

/** `<iso instant>_<uuid>`: the last item of a page (as the inbox's lists). */
const encodeCursor = (row: UnroutedRow) => `${row.receivedAt.toISOString()}_${row.id}`;
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id] = cursor.split('_');
  const at = new Date(iso ?? '');
  return isUuid(id) && !Number.isNaN(at.getTime()) ? { at, id } : null;
}

const SENDER_NAME_MAX = 200;

/**
 * Unrouted messages (issue 26, docs/messaging.md Inbox › Unrouted messages), the inbox module's writer of
 * inbox_unrouted. A message on the platform's shared WhatsApp number (or SMS number) from a phone no account
 * knows is stored here once instead of being dropped; the admin back office lists it and assigns it to an
 * account, which moves it into that account's inbox through the core's `recordInbound` (a thread without a
 * stay until the operator links a booking).
 */
export function createInboxUnroutedService(deps: {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  inbox: Pick<InboxCoreService, 'recordInbound' | 'accountOfThread'>;
  /** The accounts module's read: whether an account exists, and its name for the list. */
  accounts: { findAccount(accountId: string): Promise<{ id: string; name: string } | null> };
}) {
  const repo = createInboxUnroutedRepo(deps.db);
  const listeners: UnroutedAssignedListener[] = [];

  async function accountNames(ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of new Set(ids)) {
      const account = await deps.accounts.findAccount(id);
      if (account) names.set(id, account.name);
    }
    return names;
  }

  function view(row: UnroutedRow, names: Map<string, string>): UnroutedMessage {
    return {
      id: row.id,
      channel: row.channel,
      phone: row.phone,
      sender_name: row.senderName,
      recipient: row.recipient,
      type: row.type,
      body: row.body,
      received_at: row.receivedAt.toISOString(),
      assignable: phoneDigits(row.phone) !== null,
      assigned: row.assignedAt
        ? {
            account_id: row.assignedAccountId ?? '',
            account_name: (row.assignedAccountId && names.get(row.assignedAccountId)) || '',
            thread_id: row.assignedThreadId,
            at: row.assignedAt.toISOString(),
          }
        : null,
    };
  }

  return {
    /**
     * Keeps a message no account could be found for, once per (channel, externalId): a repeated delivery
     * answers `created: false` and changes nothing. Text the database cannot store (U+0000, lone surrogates)
     * is cleaned. The SMS inbound route calls it for unknown senders with channel 'sms'.
     */
    async recordUnrouted(input: UnroutedInput): Promise<{ id: string; created: boolean }> {
      const externalId = storableText(input.externalId);
      const inserted = await repo.insert({
        channel: input.channel,
        externalId,
        phone: (input.phone ?? '').replace(/\D/g, '').slice(0, 20),
        senderName: storableText(input.senderName).slice(0, SENDER_NAME_MAX),
        recipient: storableText(input.recipient).slice(0, 100),
        type: storableText(input.type).slice(0, 40) || 'unsupported',
        body: storableText(input.body),
        raw: storableJson(input.raw ?? null),
        receivedAt: input.receivedAt,
        createdAt: deps.clock.now(),
      });
      if (inserted) {
        deps.logger.info(
          { channel: input.channel, externalId, recipient: input.recipient },
          'inbox: a message no account knows was kept for the admin (unrouted)',
        );
        return { id: inserted.id, created: true };
      }
      const existing = await repo.byExternalId(input.channel, externalId);
      return { id: existing?.id ?? '', created: false };
    },

    /** Whether a provider's message id is kept here already (so a later delivery does not route it again). */
    has: async (channel: InboxChannel, externalId: string) =>
      (await repo.byExternalId(channel, storableText(externalId))) !== null,

    /** GET /api/admin/inbox/unrouted: newest first, 30 a page; `search` over name, phone digits and text. */
    async list(query: {
      search?: string;
      assigned?: 'true' | 'false';
      cursor?: string;
    }): Promise<UnroutedPage> {
      const rows = await repo.list({
        search: query.search?.trim() ?? '',
        assigned: query.assigned === undefined ? null : query.assigned === 'true',
        after: query.cursor ? decodeCursor(query.cursor) : null,
        limit: UNROUTED_PAGE + 1,
      });
      const page = rows.slice(0, UNROUTED_PAGE);
      const names = await accountNames(
        page.flatMap((r) => (r.assignedAccountId ? [r.assignedAccountId] : [])),
      );
      const last = page.at(-1);
      return {
        items: page.map((row) => view(row, names)),
        next_cursor: rows.length > UNROUTED_PAGE && last ? encodeCursor(last) : null,
        waiting: await repo.countWaiting(),
      };
    },

    /**
     * POST /api/admin/inbox/unrouted/{id}/assign: moves the message into the account's inbox (recordInbound:
     * the guest's thread by phone, opened without a stay when new) and marks it assigned. The message is
     * recorded first and claimed after, so a crash between both leaves it waiting, and assigning it again
     * finds it in that inbox; a second assignment answers 409 (the inbox's unique message id also keeps two
     * concurrent admins from putting it in two accounts).
     */
    async assign(unroutedId: string, accountId: string, adminUserId: string): Promise<UnroutedMessage> {
      const row = isUuid(unroutedId) ? await repo.byId(unroutedId) : null;
      if (!row) throw inboxUnroutedErrors.notFound();
      if (row.assignedAt) throw inboxUnroutedErrors.alreadyAssigned();
      if (!phoneDigits(row.phone)) throw inboxUnroutedErrors.noPhone();
      const account = isUuid(accountId) ? await deps.accounts.findAccount(accountId) : null;
      if (!account) throw inboxUnroutedErrors.accountNotFound();
      const recorded = await deps.inbox.recordInbound({
        accountId: account.id,
        channel: row.channel,
        phone: row.phone,
        email: null,
        guestName: row.senderName,
        externalId: row.externalId,
        type: row.type,
        body: row.body,
        sentAt: row.receivedAt,
        raw: row.raw,
      });
      if (!recorded.created && (await deps.inbox.accountOfThread(recorded.threadId)) !== account.id)
        throw inboxUnroutedErrors.alreadyInInbox();
      const claimed = await repo.claim(row.id, {
        accountId: account.id,
        userId: adminUserId,
        threadId: recorded.threadId,
        at: deps.clock.now(),
      });
      if (!claimed) throw inboxUnroutedErrors.alreadyAssigned();
      deps.logger.info(
        { unrouted: row.id, accountId: account.id, thread: recorded.threadId, by: adminUserId },
        'inbox: an unrouted message was assigned to an account',
      );
      if (recorded.created)
        for (const listener of listeners)
          await listener({
            channel: row.channel,
            externalId: row.externalId,
            accountId: account.id,
            threadId: recorded.threadId,
            messageId: recorded.messageId,
            raw: row.raw,
          }).catch((err: unknown) => deps.logger.warn({ err }, 'inbox: after an assignment'));
      return view(claimed, new Map([[account.id, account.name]]));
    },

    /** Registers what runs after an assignment (the WhatsApp webhook module queues the media download). */
    onAssigned(listener: UnroutedAssignedListener): void {
      listeners.push(listener);
    },
  };
}

export type InboxUnroutedService = ReturnType<typeof createInboxUnroutedService>;
