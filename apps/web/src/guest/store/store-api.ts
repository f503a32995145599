import type {
  GuestFeatured,
  GuestRequestAnswer,
  GuestRequestBody,
  GuestServiceDetail,
  GuestStore,
} from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { formatMoneyIn } from '../../lib/intl.ts';
import { guestApi } from '../api.ts';
import { type GuestLanguage, t } from '../i18n.ts';

/**
 * The contract's guest paths (experiencesPaths.guest*), written out: importing the contract module would
 * bring zod into the guest pages' budget. store-api.test.ts keeps them equal.
 */
const e = encodeURIComponent;
export const guestStorePaths = {
  guestStore: (p: string, c: string) => `/api/guest/store/${e(p)}/${e(c)}`,
  guestFeatured: (p: string) => `/api/guest/store/${e(p)}/featured`,
  guestService: (p: string, s: string, c: string) => `/api/guest/store/${e(p)}/${e(c)}/services/${e(s)}`,
  guestRequests: (p: string, s: string, c: string) =>
    `/api/guest/store/${e(p)}/${e(c)}/services/${e(s)}/requests`,
  guestPay: (p: string, c: string, r: string) => `/api/guest/store/${e(p)}/${e(c)}/requests/${e(r)}/pay`,
};
const experiencesPaths = guestStorePaths;

/** The store of a completed check-in (spec 2.2 services page): internal, external or none. */
export const loadStore = (propertyId: string, checkinId: string, lng: GuestLanguage) =>
  guestApi<GuestStore>('GET', `${experiencesPaths.guestStore(propertyId, checkinId)}?lang=${lng}`);

/** The done step's featured services (before the check-in is complete). */
export const loadFeatured = (propertyId: string, lng: GuestLanguage) =>
  guestApi<GuestFeatured>('GET', `${experiencesPaths.guestFeatured(propertyId)}?lang=${lng}`);

/** Titles and descriptions come in `lng` (Spanish when the operator wrote none in it). */
export const loadServiceDetail = (
  propertyId: string,
  serviceId: string,
  checkinId: string,
  lng: GuestLanguage,
) =>
  guestApi<GuestServiceDetail>(
    'GET',
    `${experiencesPaths.guestService(propertyId, serviceId, checkinId)}?lang=${lng}`,
  );

export const sendRequest = (
  propertyId: string,
  serviceId: string,
  checkinId: string,
  body: GuestRequestBody,
) =>
  guestApi<GuestRequestAnswer>(
    'POST',
    experiencesPaths.guestRequests(propertyId, serviceId, checkinId),
    body,
  );

/** A new Checkout for a request whose payment is still due; the guest leaves for it at once. */
export async function payRequest(propertyId: string, checkinId: string, requestId: string) {
  const answer = await guestApi<GuestRequestAnswer>(
    'POST',
    experiencesPaths.guestPay(propertyId, checkinId, requestId),
    {},
  );
  if (answer.checkout_url) location.assign(answer.checkout_url);
  return answer;
}

/** Minor units as money in the guest's language (lib/intl: COP without decimals, Latin digits in Arabic). */
export const money = (minor: number, currency: string, lng: GuestLanguage) =>
  formatMoneyIn(minor, currency as Currency, lng);

/** "35,00 € / persona", "Gratis" for a free service. */
export function priceLabel(
  service: { price: number; currency: string; price_type: string },
  lng: GuestLanguage,
): string {
  if (service.price === 0) return t('store.free');
  return t('store.price_per', {
    price: money(service.price, service.currency, lng),
    unit: t(`store.per.${service.price_type}`),
  });
}

/** The request's payment went through or is held on the card (the webhook may come a little later). */
export const paymentSettled = (r: { status: string; payment_status: string | null }) =>
  r.status === 'paid' || r.payment_status === 'paid' || r.payment_status === 'authorized';
