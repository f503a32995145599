import type { DeliverySummary } from '@posada/contracts/deliveries';
import type {
  GuestRequest,
  ServiceRequest,
  ServiceRequestList,
  serviceRequestListQuery,
} from '@posada/contracts/experiences';
import {
  canApplyServiceAction,
  type ServiceRequestAction,
  type ServiceRequestStatus,
} from '@posada/domain/experiences';
import { type GuestPaymentState, isOpenGuestPayment } from '@posada/domain/guest-payments';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { serviceRequests } from '../../db/schema/experiences.ts';
import type { Emit } from '../../events/bus.ts';
import { translate } from '../../i18n/messages.ts';
import { isUuid } from '../../lib/sql.ts';
import { type ExperiencesDeps, providerNoticeRef } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import { createRequestsRepo, type RequestPatch, type RequestRow, type RequestView } from './requests.repo.ts';
import type { StoreAccess } from './store-access.ts';

export type RequestsService = ReturnType<typeof createRequestsService>;
type ListQuery = z.output<typeof serviceRequestListQuery>;

/** Whether the guest can still pay on the payment's Checkout page now. */
export const isPayable = (p: RequestView['payment'], now: Date) =>
  !!p?.checkoutUrl &&
  isOpenGuestPayment(p.status as GuestPaymentState) &&
  (!p.expiresAt || p.expiresAt.getTime() > now.getTime());

/** A payment that took or holds money: nothing more to pay. */
const settledPayment = (p: RequestView['payment']) =>
  !!p && ['paid', 'authorized', 'refunded'].includes(p.status);

/** Whether the guest's pay button shows: an online request still to pay (pending or approved). */
export const guestCanPay = (r: RequestView) =>
  (r.status === 'pending' || r.status === 'approved') &&
  r.paymentMode === 'online' &&
  !settledPayment(r.payment);

export function toServiceRequest(
  r: RequestView,
  now: Date,
  providerNotice: DeliverySummary | null = null,
): ServiceRequest {
  return {
    id: r.id,
    service_id: r.serviceId,
    service_name: r.serviceName,
    category: r.category,
    property_id: r.propertyId,
    property_name: r.propertyName,
    provider_name: r.providerName,
    checkin_id: r.checkinId,
    booking_id: r.bookingId,
    client_name: r.clientName,
    phone: r.phone,
    email: r.email,
    language: r.language,
    document_type: r.documentType,
    document_number: r.documentNumber,
    price_type: r.priceType,
    quantity: r.quantity,
    service_date: r.serviceDate,
    service_time: r.serviceTime,
    notes: r.notes,
    unit_price: r.unitPrice,
    total: r.total,
    currency: r.currency,
    status: r.status,
    payment_mode: r.paymentMode,
    payment: r.payment
      ? {
          id: r.payment.id,
          status: r.payment.status,
          amount: r.payment.amount,
          currency: r.payment.currency,
          checkout_url: isPayable(r.payment, now) ? r.payment.checkoutUrl : null,
        }
      : null,
    created_at: r.createdAt.toISOString(),
    approved_at: r.approvedAt?.toISOString() ?? null,
    rejected_at: r.rejectedAt?.toISOString() ?? null,
    paid_at: r.paidAt?.toISOString() ?? null,
    provider_notice: providerNotice,
  };
}

export function toGuestRequest(r: RequestView): GuestRequest {
  return {
    id: r.id,
    service_id: r.serviceId,
    service_name: r.serviceName,
    quantity: r.quantity,
    service_date: r.serviceDate,
    service_time: r.serviceTime,
    total: r.total,
    currency: r.currency,
    status: r.status,
    payment_mode: r.paymentMode,
    payment_status: r.payment?.status ?? null,
    can_pay: guestCanPay(r),
    created_at: r.createdAt.toISOString(),
  };
}

/** Records `service_request.changed` for a real change (the messages and the lists follow it). */
export async function emitChanged(
  emit: Emit,
  row: Pick<RequestRow, 'id' | 'accountId' | 'propertyId'>,
  status: ServiceRequestStatus | 'discarded',
  previous: ServiceRequestStatus | null,
) {
  await emit(row.accountId, 'service_request.changed', {
    request_id: row.id,
    property_id: row.propertyId,
    status,
    previous_status: previous,
  });
}

/**
 * The operator's requests and their actions (spec 4, docs/experiences.md "Requests"), and what a request's
 * payment moving means for it. Money moves first (capture, release, cancel), then the state: when Stripe
 * says the guest paid meanwhile, the payment's own event has already made the request paid and the action
 * answers 409.
 */
export function createRequestsService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createRequestsRepo({ db: deps.db });
  const pay = deps.guestPayments;

  async function owned(accountId: string, id: string): Promise<RequestView> {
    const row = isUuid(id) ? await repo.find(accountId, id) : null;
    if (!row) throw experiencesErrors.requestNotFound();
    return row;
  }

  async function guarded(accountId: string, id: string, action: ServiceRequestAction) {
    await access.requirePremium(accountId);
    const row = await owned(accountId, id);
    if (!canApplyServiceAction(row.status, action, row.paymentMode))
      throw experiencesErrors.invalidTransition();
    return row;
  }

  /** Gives back or withdraws what the guest's payment holds: a hold released, money refunded, a Checkout closed. */
  async function letGo(row: RequestView) {
    const p = row.payment;
    if (!p) return;
    if (p.status === 'authorized' || p.status === 'paid') await pay.refundGuestPayment(row.accountId, p.id);
    else if (isOpenGuestPayment(p.status as GuestPaymentState))
      await pay.cancelGuestPayment(row.accountId, p.id);
  }

  /** Moves the request from its current state; a concurrent change answers 409. */
  async function move(
    row: RequestView,
    to: ServiceRequestStatus,
    patch: RequestPatch,
    extra?: (tx: Db, emit: Emit) => Promise<void>,
  ): Promise<boolean> {
    return deps.events.transaction(deps.db, async (tx, emit) => {
      const moved = await repo.move(
        row.id,
        [row.status],
        { ...patch, status: to, updatedAt: deps.clock.now() },
        tx,
      );
      if (!moved) return false;
      await emitChanged(emit, moved, to, row.status);
      if (extra) await extra(tx, emit);
      return true;
    });
  }

  /** Each request's notice to its provider, as the delivery pipeline records it. */
  const notices = async (accountId: string, ids: string[]) =>
    ids.length && deps.deliveries
      ? await deps.deliveries
          .summaries(accountId, { refs: ids.map(providerNoticeRef), kinds: ['provider_notice'] }, 'es')
          .catch(() => new Map<string, DeliverySummary>())
      : new Map<string, DeliverySummary>();
  const answer = async (accountId: string, id: string) =>
    toServiceRequest(
      await owned(accountId, id),
      deps.clock.now(),
      (await notices(accountId, [id])).get(providerNoticeRef(id)) ?? null,
    );
  const approvedNow = () => sql`coalesce(${serviceRequests.approvedAt}, ${deps.clock.now()})`;

  return {
    async list(accountId: string, q: ListQuery): Promise<ServiceRequestList> {
      await access.requirePremium(accountId);
      const { items, total, counts } = await repo.list(accountId, q, q.page, q.per_page);
      const now = deps.clock.now();
      const sent = await notices(
        accountId,
        items.map((r) => r.id),
      );
      return {
        items: items.map((r) => toServiceRequest(r, now, sent.get(providerNoticeRef(r.id)) ?? null)),
        total,
        page: q.page,
        per_page: q.per_page,
        counts: {
          pending: counts.pending ?? 0,
          approved: counts.approved ?? 0,
          rejected: counts.rejected ?? 0,
          paid: counts.paid ?? 0,
        },
      };
    },

    async get(accountId: string, id: string): Promise<ServiceRequest> {
      await access.requirePremium(accountId);
      return answer(accountId, id);
    },

    /** pending → approved; a held payment is captured (its event then makes the request paid). */
    async approve(accountId: string, id: string): Promise<ServiceRequest> {
      const row = await guarded(accountId, id, 'approve');
      const held = row.payment?.status === 'authorized';
      if (held && row.payment) await pay.captureGuestPayment(accountId, row.payment.id, row.total);
      const moved = await move(row, 'approved', { approvedAt: deps.clock.now() });
      if (!moved) {
        if (!held) throw experiencesErrors.invalidTransition();
        // The capture's event already made it paid: it was approved all the same.
        await repo.update(row.id, { approvedAt: approvedNow() });
      }
      return answer(accountId, id);
    },

    /** pending | approved → rejected; a hold is released, an open Checkout closed. */
    async reject(accountId: string, id: string): Promise<ServiceRequest> {
      const row = await guarded(accountId, id, 'reject');
      await letGo(row);
      const fresh = await owned(accountId, id);
      if (fresh.status !== row.status) throw experiencesErrors.invalidTransition();
      if (!(await move(fresh, 'rejected', { rejectedAt: deps.clock.now() })))
        throw experiencesErrors.invalidTransition();
      return answer(accountId, id);
    },

    /** pending | approved → paid by hand: the money was taken at the property (an online attempt is withdrawn). */
    async confirmPayment(accountId: string, id: string): Promise<ServiceRequest> {
      const row = await guarded(accountId, id, 'confirm_payment');
      await letGo(row);
      const fresh = await owned(accountId, id);
      if (fresh.status !== row.status) throw experiencesErrors.invalidTransition();
      const now = deps.clock.now();
      if (!(await move(fresh, 'paid', { paidAt: now, approvedAt: approvedNow() })))
        throw experiencesErrors.invalidTransition();
      return answer(accountId, id);
    },

    /** Deletes a request that is not paid (its open Checkout or hold goes first). */
    async discard(accountId: string, id: string): Promise<void> {
      const row = await guarded(accountId, id, 'discard');
      await letGo(row);
      const gone = await deps.events.transaction(deps.db, async (tx, emit) => {
        if (!(await repo.discard(accountId, id, tx))) return false;
        await emitChanged(emit, row, 'discarded', row.status);
        return true;
      });
      if (!gone) throw experiencesErrors.invalidTransition();
    },

    /**
     * `guest_payment.changed` of kind service (at least once): reads the request and its payment as they
     * are now. Paid → the request is paid (a payment for a rejected request is given back); a hold for an
     * approved request is captured, for a rejected one released; a hold for a pending one waits.
     */
    async paymentChanged(paymentId: string): Promise<void> {
      const row = await repo.findByPayment(paymentId);
      const p = row?.payment;
      if (!row || !p) return;
      if (p.status === 'authorized') {
        if (row.status === 'approved') await pay.captureGuestPayment(row.accountId, p.id, row.total);
        else if (row.status === 'rejected') await pay.refundGuestPayment(row.accountId, p.id);
        return;
      }
      if (p.status !== 'paid') return;
      if (row.status === 'rejected') {
        await pay.refundGuestPayment(row.accountId, p.id);
        return;
      }
      if (row.status === 'paid') return;
      await move(row, 'paid', { paidAt: deps.clock.now() }, async (tx, emit) => {
        await deps.notifications.create(
          {
            accountId: row.accountId,
            propertyId: row.propertyId,
            kind: 'service',
            title: translate('es', 'experiences.notify.paid_title'),
            body: translate('es', 'experiences.notify.body', {
              service: row.serviceName,
              guest: row.clientName,
              property: row.propertyName,
            }),
            relationId: row.id,
          },
          tx,
          emit,
        );
      });
    },
  };
}
