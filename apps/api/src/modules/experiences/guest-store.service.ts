import { randomUUID } from 'node:crypto';
import {
  experiencesGuestPages,
  type GuestRequestAnswer,
  type GuestService,
  type GuestServiceDetail,
  type GuestStore,
  type guestRequestBody,
} from '@posada/contracts/experiences';
import {
  capturesOnApproval,
  initialRequestStatus,
  localized,
  type ServicePaymentMode,
  serviceTotal,
} from '@posada/domain/experiences';
import type { z } from 'zod';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { fileUrl } from '../files/files.service.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import { createRequestsRepo, type RequestView, type StoreServiceRow } from './requests.repo.ts';
import { emitChanged, guestCanPay, isPayable, toGuestRequest } from './requests.service.ts';
import type { StoreAccess } from './store-access.ts';

export type GuestStoreService = ReturnType<typeof createGuestStoreService>;
type RequestBody = z.output<typeof guestRequestBody>;
type Context = NonNullable<Awaited<ReturnType<ReturnType<typeof createRequestsRepo>['checkinWithProperty']>>>;

const langOf = (lang: string | undefined) => (lang === 'en' || lang === 'ar' ? lang : 'es');

function toGuestService(s: StoreServiceRow, lang: string): GuestService {
  return {
    id: s.id,
    title: localized(s.title, lang),
    description: localized(s.description, lang),
    category: s.category,
    price_type: s.priceType,
    price: s.price,
    currency: s.currency,
    confirmation: s.confirmation,
    photos: s.photos.map((p) => ({ url: fileUrl(p.file), thumb_url: fileUrl(p.thumb ?? p.file) })),
  };
}

/**
 * The guest's store after check-in (public, docs/experiences.md "Who sees what"): only a completed
 * check-in of that very property opens it, anything else is 404. Its requests start in the state the
 * service's confirmation says and are paid online when the operator's payments account is approved.
 */
export function createGuestStoreService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createRequestsRepo({ db: deps.db });

  async function context(propertyId: string, checkinId: string): Promise<Context> {
    const row = isUuid(propertyId) && isUuid(checkinId) ? await repo.checkinWithProperty(checkinId) : null;
    if (!row || row.checkin.propertyId !== propertyId || row.checkin.status !== 'complete')
      throw new AppError('checkin.not_found', 404);
    return row;
  }

  /** none (store off, or no cross-selling in the plan), external, or internal. */
  async function modeOf(ctx: Context): Promise<'none' | 'external' | 'internal'> {
    if (!ctx.storeEnabled) return 'none';
    if (!(await access.crossSelling(ctx.checkin.accountId))) return 'none';
    return ctx.storeType === 'external' ? 'external' : 'internal';
  }

  /** The service when the internal store offers it to this stay, else null. */
  async function offered(ctx: Context, serviceId: string): Promise<StoreServiceRow | null> {
    if (!isUuid(serviceId) || (await modeOf(ctx)) !== 'internal') return null;
    const list = await repo.offeredServices(ctx.checkin.accountId, ctx.checkin.propertyId);
    return list.find((s) => s.id === serviceId) ?? null;
  }

  const paysOnline = async (accountId: string) => (await deps.readiness.missing(accountId)) === null;

  const funnelRow = (ctx: Context, serviceId: string) => ({
    accountId: ctx.checkin.accountId,
    propertyId: ctx.checkin.propertyId,
    serviceId,
    checkinId: ctx.checkin.id,
  });

  const pageUrl = (ctx: Context, serviceId: string | null) =>
    new URL(
      serviceId
        ? experiencesGuestPages.service(ctx.checkin.propertyId, serviceId, ctx.checkin.id)
        : experiencesGuestPages.services(ctx.checkin.propertyId, ctx.checkin.id),
      deps.appUrl,
    ).toString();

  /** A Checkout for the request's amount; manual services hold it until the operator approves. */
  function checkout(
    ctx: Context,
    r: { serviceId: string | null; concept: string; total: number; currency: string; hold: boolean },
    guest: { name: string; email: string; phone: string },
  ) {
    const page = pageUrl(ctx, r.serviceId);
    return deps.guestPayments.createGuestCheckout({
      kind: 'service',
      captureManual: r.hold,
      checkinId: ctx.checkin.id,
      bookingId: ctx.checkin.bookingId,
      propertyId: ctx.checkin.propertyId,
      accountId: ctx.checkin.accountId,
      concept: r.concept,
      amount: r.total,
      currency: r.currency,
      guest: { name: guest.name, email: guest.email || null, phone: guest.phone || null },
      successUrl: `${page}?paid=1`,
      cancelUrl: `${page}?cancelled=1`,
    });
  }

  return {
    /**
     * The upselling moment `checkin_done`: the services the done step of the check-in shows, before the
     * check-in is complete (no check-in id yet). Only a property's public offers: empty when its internal
     * store is off, the plan lacks cross-selling or the moment is off; an unknown property is 404.
     */
    async featured(propertyId: string, lang?: string): Promise<{ services: GuestService[] }> {
      const property = isUuid(propertyId) ? await repo.propertyStore(propertyId) : null;
      if (!property) throw experiencesErrors.propertyNotFound();
      if (!property.storeEnabled || property.storeType !== 'internal') return { services: [] };
      if (!(await access.crossSelling(property.accountId))) return { services: [] };
      const ids = await repo.featuredIds(propertyId);
      if (ids.length === 0) return { services: [] };
      const byId = new Map(
        (await repo.offeredServices(property.accountId, propertyId)).map((s) => [s.id, s]),
      );
      const services = ids.flatMap((id) => {
        const s = byId.get(id);
        return s ? [toGuestService(s, langOf(lang))] : [];
      });
      return { services };
    },

    async store(propertyId: string, checkinId: string, lang?: string): Promise<GuestStore> {
      const ctx = await context(propertyId, checkinId);
      const mode = await modeOf(ctx);
      if (mode === 'none') return { mode: 'none' };
      if (mode === 'external')
        return { mode: 'external', message: ctx.storeMessage ?? '', url: ctx.storeUrl ?? '' };
      const { accountId } = ctx.checkin;
      const list = await repo.offeredServices(accountId, ctx.checkin.propertyId);
      await repo.recordFunnel(
        list.map((s) => funnelRow(ctx, s.id)),
        'offered',
        deps.clock.now(),
      );
      return {
        mode: 'internal',
        services: list.map((s) => toGuestService(s, langOf(lang))),
        requests: (await repo.ofCheckin(ctx.checkin.id)).map(toGuestRequest),
        pays_online: await paysOnline(accountId),
      };
    },

    async service(
      propertyId: string,
      serviceId: string,
      checkinId: string,
      lang?: string,
    ): Promise<GuestServiceDetail> {
      const ctx = await context(propertyId, checkinId);
      const service = await offered(ctx, serviceId);
      if (!service) throw experiencesErrors.serviceNotFound();
      await repo.recordFunnel([funnelRow(ctx, service.id)], 'viewed', deps.clock.now());
      const requests = await repo.ofCheckin(ctx.checkin.id);
      return {
        service: toGuestService(service, langOf(lang)),
        requests: requests.filter((r) => r.serviceId === service.id).map(toGuestRequest),
        pays_online: await paysOnline(ctx.checkin.accountId),
        start_date: ctx.checkin.startDate,
        end_date: ctx.checkin.endDate,
      };
    },

    /**
     * A guest's request (spec 8 "Service request failure" when the store, the plan or the service does not
     * allow it). Paid online: the Checkout is created first; if Stripe refuses, nothing is stored.
     */
    async request(
      propertyId: string,
      serviceId: string,
      checkinId: string,
      body: RequestBody,
    ): Promise<GuestRequestAnswer> {
      const ctx = await context(propertyId, checkinId);
      const service = await offered(ctx, serviceId);
      if (!service) throw experiencesErrors.requestFailed();
      const { checkin } = ctx;
      if (body.service_date < checkin.startDate || body.service_date > checkin.endDate)
        throw experiencesErrors.invalid('service_date', 'experiences.date_invalid');

      const lead = await repo.leadGuest(checkin.id);
      const client = {
        name: (lead ? `${lead.firstName} ${lead.lastName}`.trim() : '') || checkin.name,
        phone: lead?.phone || checkin.phone,
        email: lead?.email || checkin.email,
      };
      const quantity = service.priceType === 'group' ? 1 : body.quantity;
      const total = serviceTotal(service.priceType, service.price, quantity);
      const paymentMode: ServicePaymentMode =
        total === 0 ? 'free' : (await paysOnline(checkin.accountId)) ? 'online' : 'at_property';
      const status = initialRequestStatus(service.confirmation);
      const concept = localized(service.title, body.language);

      const payment =
        paymentMode === 'online'
          ? await checkout(
              ctx,
              {
                serviceId: service.id,
                concept,
                total,
                currency: service.currency,
                hold: capturesOnApproval(service.confirmation),
              },
              client,
            )
          : null;

      const now = deps.clock.now();
      const id = randomUUID();
      await deps.events.transaction(deps.db, async (tx, emit) => {
        const row = await repo.insert(
          {
            id,
            accountId: checkin.accountId,
            propertyId: checkin.propertyId,
            serviceId: service.id,
            providerId: service.providerId,
            checkinId: checkin.id,
            bookingId: checkin.bookingId,
            serviceName: service.name,
            category: service.category,
            clientName: client.name,
            phone: client.phone,
            email: client.email,
            language: body.language,
            // The document number is sealed on the check-in; the request keeps it masked.
            documentType: lead?.documentType ?? '',
            documentNumber: lead?.documentLast4 ? `****${lead.documentLast4}` : '',
            priceType: service.priceType,
            quantity,
            serviceDate: body.service_date,
            serviceTime: body.service_time || null,
            notes: body.notes,
            unitPrice: service.price,
            total,
            currency: service.currency,
            status,
            paymentMode,
            guestPaymentId: payment?.id ?? null,
            approvedAt: status === 'approved' ? now : null,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        await deps.notifications.create(
          {
            accountId: row.accountId,
            propertyId: row.propertyId,
            kind: 'service',
            title: translate('es', 'experiences.notify.new_title'),
            body: translate('es', 'experiences.notify.body', {
              service: row.serviceName,
              guest: row.clientName,
              property: ctx.propertyName,
            }),
            relationId: row.id,
          },
          tx,
          emit,
        );
        await emitChanged(emit, row, status, null);
      });
      const stored = await repo.find(checkin.accountId, id);
      if (!stored) throw experiencesErrors.requestNotFound();
      return { request: toGuestRequest(stored), checkout_url: payment?.checkoutUrl ?? null };
    },

    /** A new Checkout for a request whose payment expired or failed (an open one is answered again). */
    async pay(propertyId: string, checkinId: string, requestId: string): Promise<GuestRequestAnswer> {
      const ctx = await context(propertyId, checkinId);
      const row: RequestView | null = isUuid(requestId)
        ? await repo.find(ctx.checkin.accountId, requestId)
        : null;
      if (!row || row.checkinId !== ctx.checkin.id) throw experiencesErrors.requestNotFound();
      if (!guestCanPay(row)) throw experiencesErrors.cannotPay();
      if (row.payment && isPayable(row.payment, deps.clock.now()))
        return { request: toGuestRequest(row), checkout_url: row.payment.checkoutUrl };
      if (!(await paysOnline(row.accountId))) throw experiencesErrors.cannotPay();
      const payment = await checkout(
        ctx,
        {
          serviceId: row.serviceId,
          concept: row.serviceName,
          total: row.total,
          currency: row.currency,
          // Pending still waits for the operator: hold it; approved takes it at once.
          hold: row.status === 'pending',
        },
        { name: row.clientName, email: row.email, phone: row.phone },
      );
      await repo.update(row.id, { guestPaymentId: payment.id, updatedAt: deps.clock.now() });
      const stored = await repo.find(row.accountId, row.id);
      if (!stored) throw experiencesErrors.requestNotFound();
      return { request: toGuestRequest(stored), checkout_url: payment.checkoutUrl };
    },
  };
}
