import { experiencesGuestPages } from '@posada/contracts/experiences';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { placeholdersOf } from '../../lib/message-template.ts';
import { deliverToGuest, type GuestDeliveryOutcome } from '../inbox/guest-delivery.service.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { createRequestsRepo, type RequestView } from './requests.repo.ts';

const intlTags: Record<Locale, string> = { es: 'es-ES', en: 'en-GB', ar: 'ar' };
const localeOf = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : 'es';
const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** A service date (YYYY-MM-DD) in the reader's language. */
export function longDate(date: string | null, locale: Locale): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(intlTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Minor units in the currency (Colombian pesos without decimals, spec 9). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const digits = currency === 'COP' ? 0 : 2;
  return new Intl.NumberFormat(intlTags[locale], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}

/**
 * The template's body parameters: the first name first and the link last, whatever their number
 * ({{1}} link; name, link; name, service, link; name, service, date, link). Null when it cannot carry the link.
 */
export function serviceTemplateParams(
  body: string,
  v: { name: string; service: string; date: string; link: string },
): string[] | null {
  const byCount: Record<number, string[]> = {
    1: [v.link],
    2: [v.name, v.link],
    3: [v.name, v.service, v.link],
    4: [v.name, v.service, v.date, v.link],
  };
  return byCount[placeholdersOf(body)] ?? null;
}

/** The provider template's parameters: the service first, the whole summary last. */
function providerTemplateParams(body: string, v: { service: string; property: string; summary: string }) {
  const byCount: Record<number, string[]> = {
    1: [v.summary],
    2: [v.service, v.summary],
    3: [v.service, v.property, v.summary],
  };
  return byCount[placeholdersOf(body)] ?? null;
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

  /** Tells the guest about the request's state; answers how it went. */
  async function toGuest(r: RequestView, status: GuestMessageStatus): Promise<GuestDeliveryOutcome> {
    const inbox = deps.inbox();
    if (!inbox) return { error: 'inbox.not_configured' };
    const locale = localeOf(r.language);
    const values = {
      name: firstName(r.clientName),
      service: r.serviceName,
      date: longDate(r.serviceDate, locale),
      total: formatMoney(r.total, r.currency, locale),
      link: linkOf(r),
    };
    return deliverToGuest(
      { inbox, whatsapp: deps.whatsapp(), logger },
      {
        accountId: r.accountId,
        phone: r.phone,
        email: r.email,
        guestName: r.clientName,
        bookingId: r.bookingId,
        language: locale,
        text: translate(locale, `experiences.message.${status}`, values),
        subject: translate(locale, 'experiences.message.subject', { service: r.serviceName }),
        template: { name: deps.templates.service, params: (body) => serviceTemplateParams(body, values) },
        codes: { noAddress: 'experiences.no_address', noTemplate: 'experiences.no_template' },
      },
    );
  }

  /** Tells the provider of a confirmed request, once (provider_notified_at is claimed before sending). */
  async function toProvider(r: RequestView): Promise<boolean> {
    if (!r.providerId) return false;
    const provider = await repo.provider(r.accountId, r.providerId);
    if (!provider || (!provider.email && !provider.phone)) return false;
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
    const summary = translate(locale, 'experiences.message.provider', values);
    try {
      if (provider.email) {
        await deps.mail.send({
          to: provider.email,
          subject: translate(locale, 'experiences.message.provider_subject', values),
          text: summary,
        });
      }
      const phone = digitsOf(provider.phone);
      const connections = deps.whatsapp();
      const inbox = deps.inbox();
      if (phone.length >= 6 && connections && inbox && (await connections.senderFor(r.accountId))) {
        const template = await connections.approvedTemplate(r.accountId, deps.templates.provider, locale);
        const bodyParams = template
          ? providerTemplateParams(template.body, {
              service: r.serviceName,
              property: r.propertyName,
              summary,
            })
          : null;
        if (template && bodyParams) {
          const sent = await inbox
            .send({
              accountId: r.accountId,
              to: { phone, email: null, guestName: provider.name },
              channel: 'whatsapp',
              content: { type: 'template', name: template.name, language: template.language, bodyParams },
              authorUserId: null,
            })
            .catch((err: unknown) => ({
              status: 'failed',
              error: err instanceof AppError ? err.code : 'whatsapp.failed',
            }));
          if (sent.status === 'failed')
            logger.warn({ request: r.id, error: sent.error }, 'experiences: provider WhatsApp');
        }
      }
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
