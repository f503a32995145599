import { addDays } from './booking-rules.ts';

/**
 * The experiences store (issue 18, docs/experiences.md): services and experiences a guest can request
 * after check-in, their price and the life of a request. Pure rules shared by the API and the web.
 */

/** spec 3 Service categories (check-in/out, transfer, F&B, seasonal, family, romantic, spa and health, art and culture, activities, services, others). */
export const serviceCategories = [
  'checkin_checkout',
  'transfer',
  'food_beverage',
  'seasonal',
  'family',
  'romantic',
  'spa_health',
  'art_culture',
  'activities',
  'services',
  'others',
] as const;
export type ServiceCategory = (typeof serviceCategories)[number];

/** spec 3 confirmation type: automatic confirms at once, manual waits for the operator. */
export const confirmationTypes = ['automatic', 'manual'] as const;
export type ConfirmationType = (typeof confirmationTypes)[number];

/** spec 3 price type: per unit, person, group, day or hour. */
export const priceTypes = ['unit', 'person', 'group', 'day', 'hour'] as const;
export type PriceType = (typeof priceTypes)[number];

/** spec 5 and 9: a service has up to 3 photos. */
export const SERVICE_PHOTOS_MAX = 3;
/** The most units, persons, days or hours one request may ask for. */
export const SERVICE_QUANTITY_MAX = 50;

/** spec 4 Service request: pending, approved, rejected, paid. */
export const serviceRequestStatuses = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

/**
 * How the guest pays: `online` through the operator's payments account (Checkout), `at_property` when the
 * account is not approved (the operator confirms the payment by hand, spec 4), `free` for a price of 0.
 */
export const servicePaymentModes = ['online', 'at_property', 'free'] as const;
export type ServicePaymentMode = (typeof servicePaymentModes)[number];

/** The operator's actions on a request (spec 4); discard deletes it. */
export type ServiceRequestAction = 'approve' | 'reject' | 'confirm_payment' | 'discard';

/**
 * spec 4: reject and approve need confirmation (the screen asks), confirm payment is manual and completes
 * the process, discard deletes. Paid is final; a rejected request can only be discarded.
 */
export function canApplyServiceAction(
  status: ServiceRequestStatus,
  action: ServiceRequestAction,
  paymentMode: ServicePaymentMode,
): boolean {
  switch (action) {
    case 'approve':
      return status === 'pending';
    case 'reject':
      return status === 'pending' || status === 'approved';
    case 'confirm_payment':
      // A free service has nothing to pay; an online one becomes paid from Stripe, but the operator may
      // still record money taken at the desk when the guest did not pay online.
      return (status === 'pending' || status === 'approved') && paymentMode !== 'free';
    case 'discard':
      return status !== 'paid';
  }
}

/** What a request asks for, by the service's price type. */
export interface ServiceOrder {
  /** unit: units; person: persons; group: 1; day: days; hour: hours. */
  quantity: number;
}

/** The number a price type multiplies: a group price is one price whatever the size. */
export function billableQuantity(priceType: PriceType, quantity: number): number {
  return priceType === 'group' ? 1 : quantity;
}

/** Total in minor units: price × billable quantity. */
export function serviceTotal(priceType: PriceType, unitPrice: number, quantity: number): number {
  return unitPrice * billableQuantity(priceType, quantity);
}

/** The status a new request starts in: automatic confirmation approves at once (spec 3). */
export function initialRequestStatus(confirmation: ConfirmationType): ServiceRequestStatus {
  return confirmation === 'automatic' ? 'approved' : 'pending';
}

/**
 * Whether online payment captures at once or holds the card: a manual service only takes the money
 * once the operator approves it (a hold released if rejected), an automatic one takes it at once.
 */
export function capturesOnApproval(confirmation: ConfirmationType): boolean {
  return confirmation === 'manual';
}

/** spec 2.2 upselling configuration: the moments of the stay a property offers services at. */
export const upsellMoments = ['checkin_link', 'checkin_done', 'before_arrival', 'during_stay'] as const;
export type UpsellMoment = (typeof upsellMoments)[number];
/** N days before arrival: 1 to 30. */
export const UPSELL_DAYS_BEFORE_MAX = 30;

/** Localized text of a service: Spanish first (spec: es is the default), English and Arabic optional. */
export interface LocalizedText {
  es: string;
  en?: string | null;
  ar?: string | null;
}

/** The guest's language, falling back to Spanish when that translation is empty. */
export function localized(text: LocalizedText, language: string): string {
  const value = language === 'en' ? text.en : language === 'ar' ? text.ar : text.es;
  return value?.trim() ? value : text.es;
}

/** The hour (property time) the timed upselling offers go out, or later that day. */
export const UPSELL_SEND_HOUR = 10;
/** An offer whose moment passed longer ago than this is not sent at all (the job was down, the moment turned on late). */
export const UPSELL_STALE_MS = 48 * 60 * 60 * 1000;

/**
 * The day (property calendar) a timed moment's offer is due for a stay: `days` before arrival, or day
 * `days` of the stay (1 = arrival day; only while the guest still sleeps there). Null when there is none.
 */
export function upsellOfferDate(
  moment: UpsellMoment,
  days: number | null,
  startDate: string,
  endDate: string,
): string | null {
  if (days === null || days < 1) return null;
  if (moment === 'before_arrival') return addDays(startDate, -days);
  if (moment === 'during_stay') {
    const day = addDays(startDate, days - 1);
    return day < endDate ? day : null;
  }
  return null;
}

/** Every month (YYYY-MM) from date `from` to date `to`, both included; empty when from > to. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}
