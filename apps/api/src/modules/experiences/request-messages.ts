import { experiencesGuestPages } from '@posada/contracts/experiences';
import { formatMoney, intlTagOf } from '@posada/domain/money';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import { type GuestDeliveryOutcome, outcomeOf } from '../delivery/delivery.types.ts';
import { type ExperiencesDeps, providerNoticeRef } from './experiences.deps.ts';
import { createRequestsRepo, type RequestView } from './requests.repo.ts';

const localeOf = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : 'es';
const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** A service date (YYYY-MM-DD) in the reader's language. */
export function longDate(date: string | null, locale: Locale): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(intlTagOf[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export type GuestMessageStatus = 'pending' | 'approved' | 'rejected' | 'paid';

/**
 * What a service request's change tells people (docs/experiences.md "Requests"): the guest, in their
 * language through the inbox (WhatsApp text inside the 24-hour window, the approved template
 * WHATSAPP_SERVICE_TEMPLATE outside it, e-mail otherwise), and the provider once a request is confirmed
 * (e-mail, and WhatsApp through WHATSAPP_PROVIDER_TEMPLATE when the account has a connected number).
 */
export function createRequestMessages(deps: ExperiencesDeps) {
  const repo = createRequestsRepo({ db: deps.db });
  const { logger } = deps;

  const linkOf = (r: RequestView) =>
    r.checkinId
      ? new URL(
          r.serviceId
            ? experiencesGuestPages.service(r.propertyId, r.serviceId, r.checkinId)
            : experiencesGuestPages.services(r.propertyId, r.checkinId),
          deps.appUrl,
        ).toString()
      : deps.appUrl;

  /** Tells the guest about the request's state through the delivery pipeline; answers how it went. */
  async function toGuest(r: RequestView, status: GuestMessageStatus): Promise<GuestDeliveryOutcome> {
    const send = deps.deliver();
    if (!send) return { error: 'delivery.not_configured' };
    const locale = localeOf(r.language);
    const values = {
      name: firstName(r.clientName),
      service: r.serviceName,
      date: longDate(r.serviceDate, locale),
      total: formatMoney(r.total, r.currency, locale),
      link: linkOf(r),
    };
    return outcomeOf(
      await send({
        accountId: r.accountId,
        kind: 'service_update',
        to: { name: r.clientName, phone: digitsOf(r.phone) || null, email: r.email || null },
        propertyId: r.propertyId,
        bookingId: r.bookingId,
        checkinId: r.checkinId,
        language: locale,
        text: translate(locale, `experiences.message.${status}`, values),
        subject: translate(locale, 'experiences.message.subject', { service: r.serviceName }),
        values: {
          guest_name: values.name,
          service: r.serviceName,
          status: translate(locale, `experiences.message.status_${status}`),
          date: values.date,
          total: values.total,
        },
        link: values.link,
      }),
    );
  }

  /**
   * Tells the provider of a confirmed request, once (provider_notified_at is claimed before sending), through
   * the delivery pipeline: WhatsApp (the approved WHATSAPP_PROVIDER_TEMPLATE), then SMS, then e-mail.
   */
  async function toProvider(r: RequestView): Promise<boolean> {
    if (!r.providerId) return false;
    const provider = await repo.provider(r.accountId, r.providerId);
    if (!provider || (!provider.email && !provider.phone)) return false;
    const send = deps.deliver();
    if (!send) return false;
    if (!(await repo.claimProviderNotice(r.id, deps.clock.now()))) return false;
    const locale: Locale = 'es';
    const values = {
      service: r.serviceName,
      property: r.propertyName,
      guest: r.clientName,
      date: longDate(r.serviceDate, locale),
      time: r.serviceTime ?? '',
      quantity: String(r.quantity),
      total: formatMoney(r.total, r.currency, locale),
      phone: r.phone || '—',
      notes: r.notes || '—',
    };
    try {
      const { delivery } = await send({
        accountId: r.accountId,
        kind: 'provider_notice',
        ref: providerNoticeRef(r.id),
        to: { name: provider.name, phone: digitsOf(provider.phone) || null, email: provider.email || null },
        propertyId: r.propertyId,
        bookingId: r.bookingId,
        language: locale,
        text: translate(locale, 'experiences.message.provider', values),
        subject: translate(locale, 'experiences.message.provider_subject', values),
        values: {
          service: r.serviceName,
          guest_name: r.clientName,
          date: [values.date, values.time].filter(Boolean).join(' '),
          total: values.total,
        },
      });
      if (delivery.status === 'failed' || delivery.status === 'skipped')
        logger.warn({ request: r.id, error: delivery.error_code }, 'experiences: the provider was not told');
    } catch (err) {
      // Nothing reached the provider: the next delivery of the event tries again.
      await repo.releaseProviderNotice(r.id);
      throw err;
    }
    return true;
  }

  return {
    /**
     * `service_request.changed`: the guest hears of a new request (not of an automatic one waiting at the
     * Checkout: its payment speaks) and of each later approval, rejection and payment.
     */
    async guestMessage(accountId: string, requestId: string, status: string, previous: string | null) {
      if (!['pending', 'approved', 'rejected', 'paid'].includes(status)) return;
      if (status === 'pending' && previous !== null) return;
      const r = await repo.find(accountId, requestId);
      if (!r) return;
      if (previous === null && status === 'approved' && r.paymentMode === 'online' && !r.paidAt) return;
      const outcome = await toGuest(r, status as GuestMessageStatus);
      if ('error' in outcome)
        logger.info({ request: r.id, error: outcome.error }, 'experiences: the guest was not told');
    },

    /** The provider hears of a request once it is confirmed: paid, or approved and not waiting for an online payment. */
    async providerNotice(accountId: string, requestId: string) {
      const r = await repo.find(accountId, requestId);
      if (!r || r.providerNotifiedAt) return;
      const confirmed = r.status === 'paid' || (r.status === 'approved' && r.paymentMode !== 'online');
      if (confirmed) await toProvider(r);
    },
  };
}
