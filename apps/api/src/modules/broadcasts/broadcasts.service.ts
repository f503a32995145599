import type { Booking } from '@posada/contracts/bookings';
import type {
  BroadcastCandidate,
  BroadcastCounts,
  BroadcastDetail,
  BroadcastFilter,
  BroadcastPreviewAnswer,
  BroadcastRecipientsAnswer,
  BroadcastSetup,
  BroadcastSummary,
} from '@posada/contracts/broadcasts';
import { featureAvailable, type PlanHolder } from '@posada/domain/feature-gates';
import type { Db } from '../../db/client.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { formatStayDate, placeholdersOf } from '../../lib/message-template.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { reasonOf } from '../delivery/delivery-views.ts';
import type { InboxService } from '../inbox/inbox.types.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { createBatchSender } from './broadcast-batch.ts';
import {
  paramsComplete,
  renderTemplate,
  templateVariablesOf,
  usableForBroadcast,
} from './broadcast-template.ts';
import { broadcastsErrors as errors } from './broadcasts.errors.ts';
import {
  type BroadcastRow,
  createBroadcastsRepo,
  type NewRecipient,
  type TemplateRow,
} from './broadcasts.repo.ts';

export const broadcastSendJob = 'broadcasts.send';
/** The most bookings a filter may gather (the recipients step lists them all). */
const MAX_CANDIDATES = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BroadcastsDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  accounts: {
    getUser(userId: string): Promise<PlanHolder>;
  };
  /** The bookings service's list (the filter's guests come from it, never from its tables). */
  bookings: {
    list(
      tenant: Tenant,
      q: {
        property_id?: string;
        status?: Booking['status'];
        from?: string;
        to?: string;
        sort: 'start_date';
        page: number;
        page_size: number;
      },
    ): Promise<{ items: Booking[]; total: number }>;
  };
  /** The whatsapp and inbox modules, bound late (null until they are built). */
  whatsapp: () => WhatsAppConnections | null;
  inbox: () => Pick<InboxService, 'send'> | null;
}

/** E.164 digits without '+', as WhatsApp's wa_id and the inbox's threads hold them; null when not a phone. */
export function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export function createBroadcastsService(deps: BroadcastsDeps) {
  const repo = createBroadcastsRepo({ db: deps.db });
  const now = () => deps.clock.now();

  async function assertFeature(tenant: Tenant): Promise<void> {
    const user = await deps.accounts.getUser(tenant.userId);
    if (!featureAvailable(user, 'messaging')) throw errors.featureUnavailable();
  }

  async function remainingToday(accountId: string): Promise<{ limit: number; sent: number }> {
    const whatsapp = deps.whatsapp();
    const limit = whatsapp ? await whatsapp.dailyLimit(accountId) : 1000;
    const sent = await repo.templatesSentSince(accountId, new Date(now().getTime() - DAY_MS));
    return { limit, sent };
  }

  /** The bookings of the filter (stays overlapping [stay_from, stay_to]), through the bookings service. */
  async function bookingsOf(tenant: Tenant, filter: BroadcastFilter): Promise<Booking[]> {
    const found: Booking[] = [];
    const properties = filter.property_ids.length > 0 ? [...new Set(filter.property_ids)] : [undefined];
    for (const propertyId of properties) {
      for (const status of new Set(filter.statuses)) {
        for (let page = 1; ; page++) {
          const { items, total } = await deps.bookings.list(tenant, {
            property_id: propertyId,
            status,
            from: filter.stay_from,
            to: nextDay(filter.stay_to),
            sort: 'start_date',
            page,
            page_size: 100,
          });
          found.push(...items);
          if (found.length > MAX_CANDIDATES) throw errors.tooMany();
          if (page * 100 >= total) break;
        }
      }
    }
    return found.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name));
  }

  /** Who the filter chooses and who is skipped (no phone, opted out, the same phone again, over today's limit). */
  async function candidatesOf(tenant: Tenant, filter: BroadcastFilter) {
    const list = await bookingsOf(tenant, filter);
    const opted = await repo.optedOutPhones(
      tenant.accountId,
      list.map((b) => phoneDigits(b.phone)).filter((p): p is string => !!p),
    );
    const { limit, sent } = await remainingToday(tenant.accountId);
    let room = Math.max(0, limit - sent);
    const seen = new Set<string>();
    const items: (BroadcastCandidate & { digits: string | null })[] = list.map((b) => {
      const digits = phoneDigits(b.phone);
      let skip: BroadcastCandidate['skip_reason'] = null;
      if (!digits) skip = 'no_phone';
      else if (seen.has(digits)) skip = 'duplicate_phone';
      else if (opted.has(digits)) skip = 'opted_out';
      else if (room <= 0) skip = 'daily_limit';
      if (digits) seen.add(digits);
      if (!skip) room--;
      return {
        booking_id: b.id,
        guest_name: b.name,
        phone: b.phone,
        digits,
        property_id: b.property_id,
        property_name: b.property_title,
        arrival: b.start_date,
        departure: b.end_date,
        skip_reason: skip,
      };
    });
    return { items, remaining: Math.max(0, limit - sent) };
  }

  /** An approved template of the account that a broadcast can fill, confirmed by the whatsapp module. */
  async function templateFor(tenant: Tenant, templateId: string, params: string[]): Promise<TemplateRow> {
    const row = isUuid(templateId) ? await repo.findTemplate(tenant.accountId, templateId) : null;
    if (row?.status !== 'approved') throw errors.templateNotApproved();
    const whatsapp = deps.whatsapp();
    const approved = whatsapp
      ? await whatsapp.approvedTemplate(tenant.accountId, row.name, row.language)
      : null;
    if (!approved) throw errors.templateNotApproved();
    if (!usableForBroadcast(approved.body)) throw errors.templateNotUsable();
    if (!paramsComplete(approved.body, params)) throw errors.paramsMissing();
    return { ...row, body: approved.body };
  }

  async function requireSender(accountId: string) {
    const whatsapp = deps.whatsapp();
    if (!whatsapp || !deps.inbox()) throw errors.notConfigured();
    const sender = await whatsapp.senderFor(accountId);
    if (!sender) throw errors.noSender();
    return sender;
  }

  const emptyCounts = (): BroadcastCounts => ({
    total: 0,
    queued: 0,
    accepted: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    skipped: 0,
  });

  function summaryOf(row: BroadcastRow, counts: BroadcastCounts): BroadcastSummary {
    const filter = row.filter as BroadcastFilter;
    return {
      id: row.id,
      template_name: row.templateName,
      status: row.status,
      filter: {
        property_ids: filter.property_ids ?? [],
        stay_from: filter.stay_from,
        stay_to: filter.stay_to,
        statuses: filter.statuses ?? [],
      },
      counts,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }

  async function countsOf(accountId: string, ids: string[]): Promise<Map<string, BroadcastCounts>> {
    const map = new Map<string, BroadcastCounts>();
    for (const id of ids) map.set(id, emptyCounts());
    for (const r of await repo.counts(accountId, ids)) {
      const c = map.get(r.broadcastId);
      if (!c) continue;
      c[r.status] += r.n;
      c.total += r.n;
    }
    return map;
  }

  async function owned(tenant: Tenant, id: string): Promise<BroadcastRow> {
    const row = isUuid(id) ? await repo.findBroadcast(tenant.accountId, id) : null;
    if (!row) throw errors.notFound();
    return row;
  }

  async function detail(tenant: Tenant, row: BroadcastRow, locale: Locale = 'es'): Promise<BroadcastDetail> {
    const counts = (await countsOf(tenant.accountId, [row.id])).get(row.id) ?? emptyCounts();
    const recipients = await repo.recipients(tenant.accountId, row.id);
    return {
      ...summaryOf(row, counts),
      recipients: recipients.map((r) => ({
        id: r.id,
        booking_id: r.bookingId,
        thread_id: r.threadId,
        guest_name: r.guestName,
        phone: r.phone,
        status: r.status,
        reason: r.reason,
        // A provider's code (131026…) in words; Posada's own reasons (opted_out, daily_limit…) the screen names.
        reason_text:
          r.reason && /^\d+$/.test(r.reason)
            ? reasonOf(
                { channel: 'whatsapp', errorCode: r.reason, errorDetail: null, status: 'failed' },
                locale,
              )
            : null,
        updated_at: r.updatedAt.toISOString(),
      })),
    };
  }

  const sendBatch = createBatchSender({ deps, repo, now, remainingToday });

  return {
    async setup(tenant: Tenant): Promise<BroadcastSetup> {
      const user = await deps.accounts.getUser(tenant.userId);
      const available = featureAvailable(user, 'messaging');
      const whatsapp = deps.whatsapp();
      const sender = whatsapp ? await whatsapp.senderFor(tenant.accountId) : null;
      const { limit, sent } = await remainingToday(tenant.accountId);
      const templates = await repo.approvedTemplates(tenant.accountId);
      return {
        available,
        sender: sender?.mode ?? null,
        daily_limit: limit,
        sent_last_24h: sent,
        templates: templates.map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          body: t.body,
          variables: templateVariablesOf(t.body),
          placeholders: placeholdersOf(t.body),
          usable: usableForBroadcast(t.body),
        })),
      };
    },

    async recipients(tenant: Tenant, filter: BroadcastFilter): Promise<BroadcastRecipientsAnswer> {
      await assertFeature(tenant);
      const { items, remaining } = await candidatesOf(tenant, filter);
      const count = items.filter((i) => !i.skip_reason).length;
      return {
        items: items.map(({ digits: _digits, ...item }) => item),
        count,
        skipped: items.length - count,
        remaining_today: remaining,
      };
    },

    async preview(
      tenant: Tenant,
      body: BroadcastFilter & { template_id: string; params: string[] },
    ): Promise<BroadcastPreviewAnswer> {
      await assertFeature(tenant);
      const { items } = await candidatesOf(tenant, body);
      const template = await templateFor(tenant, body.template_id, body.params);
      return {
        template_name: template.name,
        items: items
          .filter((i) => !i.skip_reason)
          .map((i) => ({
            booking_id: i.booking_id,
            guest_name: i.guest_name,
            phone: i.phone,
            text: renderTemplate(
              template.body,
              {
                guest_name: i.guest_name,
                property_name: i.property_name,
                arrival: formatStayDate(i.arrival, template.language),
                departure: formatStayDate(i.departure, template.language),
              },
              body.params,
            ).text,
          })),
      };
    },

    /**
     * POST /api/broadcasts: the recipients chosen again now (skipped ones kept with their reason), stored with
     * the broadcast in one transaction, then the first batch queued.
     */
    async create(
      tenant: Tenant,
      body: BroadcastFilter & { template_id: string; params: string[] },
    ): Promise<BroadcastDetail> {
      await assertFeature(tenant);
      // Another account's property answers 404 before anything else is said about the request.
      const { items } = await candidatesOf(tenant, body);
      await requireSender(tenant.accountId);
      const template = await templateFor(tenant, body.template_id, body.params);
      // Guests without a phone or with a phone already listed have no row of their own (one row per phone).
      const rows: NewRecipient[] = items
        .filter((i) => i.digits && i.skip_reason !== 'duplicate_phone')
        .map((i) => ({
          bookingId: i.booking_id,
          guestName: i.guest_name,
          phone: i.digits ?? '',
          status: i.skip_reason ? 'skipped' : 'queued',
          reason: i.skip_reason,
          updatedAt: now(),
        }));
      if (!rows.some((r) => r.status === 'queued')) throw errors.noRecipients();
      const filter = {
        property_ids: body.property_ids,
        stay_from: body.stay_from,
        stay_to: body.stay_to,
        statuses: body.statuses,
        language: template.language,
        params: body.params,
        values: Object.fromEntries(
          items.map((i) => [
            i.booking_id,
            { property_name: i.property_name, arrival: i.arrival, departure: i.departure },
          ]),
        ),
      };
      const row = await repo.insertBroadcast(
        {
          accountId: tenant.accountId,
          templateId: template.id,
          templateName: template.name,
          filter,
          status: 'sending',
          createdByUserId: tenant.userId,
          createdAt: now(),
        },
        rows,
      );
      await queueBatch(deps.jobs, tenant.accountId, row.id);
      return detail(tenant, row);
    },

    async list(tenant: Tenant): Promise<BroadcastSummary[]> {
      const rows = await repo.listBroadcasts(tenant.accountId);
      const counts = await countsOf(
        tenant.accountId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => summaryOf(r, counts.get(r.id) ?? emptyCounts()));
    },

    async get(tenant: Tenant, id: string, locale: Locale = 'es'): Promise<BroadcastDetail> {
      return detail(tenant, await owned(tenant, id), locale);
    },

    /** Stops what is not sent yet: waiting recipients become skipped ('cancelled'); sent ones stay. */
    async cancel(tenant: Tenant, id: string): Promise<BroadcastDetail> {
      const row = await owned(tenant, id);
      if (row.status !== 'sending') throw errors.finished();
      const finished = await repo.finish(tenant.accountId, id, 'cancelled', now());
      if (!finished) throw errors.finished();
      await repo.skipWaiting(id, 'cancelled', now());
      return detail(tenant, finished);
    },

    sendBatch,
  };
}

/** Queues a run of the broadcast's job; one waiting run per broadcast (singletonKey). */
export const queueBatch = (jobs: Jobs, accountId: string, broadcastId: string) =>
  jobs.send(
    broadcastSendJob,
    { accountId, broadcastId },
    { singletonKey: `${broadcastSendJob}.${broadcastId}`, retryLimit: 3, retryDelay: 5, retryBackoff: true },
  );

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
