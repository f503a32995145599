/**
 * The direct-booking website's pure rules (issue 15): the account's address (/book/{slug}) and the web
 * discount of spec 5 (a percentage between 1 and 100, or a fixed amount), never below zero.
 */

/** Longest slug kept from the business name (the numeric suffix comes on top). */
export const SLUG_MAX_LENGTH = 48;

/**
 * The business name as an address part: lower-case ASCII letters and digits joined by single hyphens,
 * accents folded ('Casa Rural Las Encinas' → 'casa-rural-las-encinas'); 'alojamiento' when nothing is left
 * (a name in Arabic script, say).
 */
export function slugify(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = folded.slice(0, SLUG_MAX_LENGTH).replace(/-+$/g, '');
  return cut || 'alojamiento';
}

/** The n-th candidate for a name: the slug, then slug-2, slug-3, … (n from 1). */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

export type DiscountType = 'percentage' | 'fixed';

export interface WebDiscount {
  enabled: boolean;
  type: DiscountType;
  /** percentage: 1 to 100; fixed: minor units of the stay's currency. */
  value: number;
}

/**
 * The discount on a subtotal (minor units): a percentage rounded to the unit, or the fixed amount; never
 * more than the subtotal, so the total never goes below zero.
 */
export function discountAmount(subtotal: number, discount: WebDiscount): number {
  if (!discount.enabled || subtotal <= 0 || discount.value <= 0) return 0;
  const amount =
    discount.type === 'percentage'
      ? Math.round((subtotal * Math.min(discount.value, 100)) / 100)
      : Math.round(discount.value);
  return Math.min(amount, subtotal);
}

/** spec 5 Settings: which rule a discount breaks, as the message key under discount_value, or null. */
export function discountError(discount: WebDiscount): string | null {
  if (!discount.enabled) return null;
  if (discount.type === 'percentage' && (discount.value < 1 || discount.value > 100)) {
    return 'direct_booking.discount_percentage';
  }
  if (discount.type === 'fixed' && discount.value < 1) return 'direct_booking.discount_fixed';
  return null;
}
