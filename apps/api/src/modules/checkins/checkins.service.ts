import type {
  CheckinListItem,
  CheckinsPage,
  checkinsHistoryQuery,
  checkinsQuery,
  HistoryPage,
} from '@posada/contracts/checkins';
import type { DeliverySummary } from '@posada/contracts/deliveries';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SealedColumn } from '../../lib/reseal-secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import { createCheckinDelivery } from './checkin-delivery.ts';
import { DOCUMENT_PURPOSE, LINK_PURPOSE } from './checkin-links.ts';
import { createCheckinPlanning } from './checkin-planning.ts';
import { createCheckinsContext, masked } from './checkins.context.ts';
import { checkinsErrors } from './checkins.errors.ts';
import { createCheckinsRepo } from './checkins.repo.ts';
import { createManualCheckin } from './manual-checkin.ts';

export type RegistrationPdfRenderer = (
  input: import('../guest-checkin/registration-pdf.ts').RegistrationPdfInput,
) => Promise<Uint8Array>;

export interface CheckinsDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  appUrl: string;
  logger: FastifyBaseLogger;
  /** The delivery pipeline (modules/delivery), bound late: the check-in link and its reminder go through it. */
  deliver?: () => Deliver | null;
  /** The pipeline's latest link or reminder of each check-in (the list shows its state). */
  lastMessages?: (
    accountId: string,
    checkinIds: string[],
    locale: Locale,
  ) => Promise<Map<string, DeliverySummary>>;
  renderPdf?: RegistrationPdfRenderer | null;
  /** The owner of bookings: the guest cap changes the booking's guest count through it. */
  bookings: Pick<BookingsService, 'setGuests'>;
  /** The manual check-in records checkin.completed with its commit. */
  events?: EventProducer;
  /**
   * The experiences store's `checkin_link` upselling moment (bound late): one more line for the link message
   * naming services the guest can book after check-in, in their language; null when there is none.
   */
  upsellLine?: (accountId: string, propertyId: string, language: string) => Promise<string | null>;
}

export type CheckinsService = ReturnType<typeof createCheckinsService>;

/**
 * The operator side of check-in (docs/checkins.md): list, history, detail, keys, link, send and manual
 * check-in, and the programmed check-in of every booking with the job that sends it (planning, delivery
 * and the manual check-in in their own files, composed here). Every query is
 * scoped to the caller's account: another account's ids are 404.
 */
export function createCheckinsService(deps: CheckinsDeps) {
  const ctx = createCheckinsContext(deps);
  const planning = createCheckinPlanning(deps, ctx);
  const { db, clock } = deps;
  const { ownedProperty, ownedCheckin, toItem, toGuest, itemById, detail, fieldErrors } = ctx;
  const repo = createCheckinsRepo({ db });

  return {
    ...planning,

    async assertCheckin(tenant: Tenant, id: string) {
      await ownedCheckin(tenant.accountId, id);
    },

    /** GET /api/checkins: tabs, filters, server paging. */
    async list(
      tenant: Tenant,
      query: z.output<typeof checkinsQuery>,
      locale: Locale = 'es',
    ): Promise<CheckinsPage> {
      if (query.property_id) await ownedProperty(tenant.accountId, query.property_id);
      const { rows, total } = await repo.listPage(
        tenant.accountId,
        {
          propertyId: query.property_id,
          tab: query.tab,
          from: query.from,
          to: query.to,
          country: query.country,
          q: query.q,
          page: query.page,
          pageSize: query.page_size,
        },
        clock.now(),
      );
      const messages = await ctx.lastMessages(
        tenant.accountId,
        rows.map((r) => r.checkin.id),
        locale,
      );
      return {
        items: rows.map((r) => toItem(r, false, messages.get(r.checkin.id) ?? null)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** GET /api/checkins/history: the registered guests of completed check-ins (document masked). */
    async history(tenant: Tenant, query: z.output<typeof checkinsHistoryQuery>): Promise<HistoryPage> {
      if (query.property_id) await ownedProperty(tenant.accountId, query.property_id);
      const { rows, total } = await repo.historyPage(tenant.accountId, {
        propertyId: query.property_id,
        from: query.from,
        to: query.to,
        country: query.country,
        page: query.page,
        pageSize: query.page_size,
      });
      return {
        items: rows.map((r) => ({
          ...toGuest(r.guest, r.checkin.id),
          document_number: masked(r.guest.documentLast4) ?? '',
          checkin_id: r.checkin.id,
          property_id: r.checkin.propertyId,
          property_name: r.propertyName,
          start_date: r.checkin.startDate,
          end_date: r.checkin.endDate,
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    detail: (tenant: Tenant, id: string, locale: Locale = 'es') => detail(tenant.accountId, id, locale),

    async registrationPdf(tenant: Tenant, id: string, guestId: string): Promise<Uint8Array> {
      await ownedCheckin(tenant.accountId, id);
      const row = await repo.guestPdf(tenant.accountId, id, guestId);
      if (!row) throw checkinsErrors.guestNotFound();
      if (!row.pdf) throw checkinsErrors.pdfNotFound();
      return row.pdf;
    },

    async setKeys(tenant: Tenant, id: string, delivered: boolean): Promise<CheckinListItem> {
      await ownedCheckin(tenant.accountId, id);
      await repo.setKeys(tenant.accountId, id, delivered);
      return itemById(tenant.accountId, id);
    },

    /**
     * The guest cap (issue 11): a check-in holds at most `expected_guests`. A booking's check-in changes
     * the booking's guest count with it, so re-planning the booking keeps the new number.
     */
    async setExpectedGuests(tenant: Tenant, id: string, expected: number): Promise<CheckinListItem> {
      const row = await ownedCheckin(tenant.accountId, id);
      await (deps.events ?? withoutEvents).transaction(db, async (tx, emit) => {
        const txRepo = createCheckinsRepo({ db: tx });
        const locked = await txRepo.lockCheckin(row.id);
        if (expected < (await txRepo.guestCount(row.id))) {
          throw checkinsErrors.invalid(
            fieldErrors({ expected_guests: 'checkin.errors.guests_below_registered' }),
          );
        }
        await txRepo.updateCheckin(row.id, { expectedGuests: expected });
        if (locked?.bookingId) {
          await deps.bookings.setGuests(tenant.accountId, locked.bookingId, expected, tx);
        }
        // A police report held for missing travellers may be complete now (issue 27).
        if (locked?.status === 'complete') {
          await emit(tenant.accountId, 'checkin.guests_changed', {
            checkin_id: row.id,
            property_id: locked.propertyId,
          });
        }
      });
      return itemById(tenant.accountId, id);
    },

    ...createCheckinDelivery(deps, ctx, planning),
    ...createManualCheckin(deps, ctx, planning),
  };
}

/** The check-ins' sealed columns, for key rotation (lib/reseal-secrets.ts). */
export const checkinsSealedColumns: SealedColumn[] = [
  {
    label: 'checkins.link_token_sealed',
    table: checkins,
    key: checkins.id,
    value: checkins.linkTokenSealed,
    purpose: LINK_PURPOSE,
  },
  {
    label: 'checkin_guests.document_number_sealed',
    table: checkinGuests,
    key: checkinGuests.id,
    value: checkinGuests.documentNumberSealed,
    purpose: DOCUMENT_PURPOSE,
  },
];
