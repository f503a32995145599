/**
 * VAT on the platform's invoices to operators (issue 16, docs/billing.md). The platform is established in
 * Spain and sells an electronically supplied service; the customer's billing data decide the treatment:
 * - Spain (peninsula and Balearic Islands): Spanish VAT 21 %.
 * - Canary Islands (postal codes 35, 38), Ceuta (51) and Melilla (52): outside the Spanish VAT territory, 0 %.
 * - Another EU country with a VAT number (a business): reverse charge, 0 %, with the legal mention.
 * - Another EU country without a tax id (a consumer): Spanish VAT 21 % (simplification: no OSS rates).
 * - Outside the EU: not subject to Spanish VAT, 0 %.
 * Amounts are integer minor units; the VAT is computed once per invoice on the subtotal, rounded half up
 * (halves away from zero, so a credit note mirrors its invoice exactly).
 */

export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** Spanish VAT, general rate, in basis points. */
export const SPANISH_VAT_BPS = 2100;

export type VatTreatment = 'domestic' | 'reverse_charge' | 'outside_territory' | 'not_subject';

export interface VatCustomer {
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCode?: string | null;
  /** The customer's tax id or VAT number; empty for a consumer. */
  taxId?: string | null;
}

export interface VatDecision {
  treatment: VatTreatment;
  /** Basis points: 2100 = 21 %. */
  rate: number;
  reverseCharge: boolean;
  /** The legal mention the invoice must carry (Spanish legal text), or null. */
  legalMention: string | null;
}

export const REVERSE_CHARGE_MENTION = 'Inversión del sujeto pasivo (art. 196 Directiva 2006/112/CE)';
export const OUTSIDE_TERRITORY_MENTION =
  'Operación no sujeta al IVA español: destinatario en Canarias, Ceuta o Melilla (art. 3 Ley 37/1992)';
export const NOT_SUBJECT_MENTION = 'Operación no sujeta a IVA español (art. 69 Ley 37/1992)';

const EU = new Set<string>(EU_COUNTRIES);

export function isEuCountry(country: string): boolean {
  // Greece's VAT prefix is EL; accept it as the country too.
  const c = country.trim().toUpperCase();
  return EU.has(c === 'EL' ? 'GR' : c);
}

/** Canary Islands (35 Las Palmas, 38 Santa Cruz de Tenerife), Ceuta (51) and Melilla (52). */
export function isOutsideSpanishVatTerritory(postalCode: string | null | undefined): boolean {
  const p = (postalCode ?? '').trim();
  return /^(35|38|51|52)\d{3}$/.test(p);
}

export function vatFor(customer: VatCustomer): VatDecision {
  const country = customer.country.trim().toUpperCase();
  const hasTaxId = (customer.taxId ?? '').trim().length > 0;
  if (country === 'ES') {
    if (isOutsideSpanishVatTerritory(customer.postalCode))
      return {
        treatment: 'outside_territory',
        rate: 0,
        reverseCharge: false,
        legalMention: OUTSIDE_TERRITORY_MENTION,
      };
    return { treatment: 'domestic', rate: SPANISH_VAT_BPS, reverseCharge: false, legalMention: null };
  }
  if (isEuCountry(country)) {
    if (hasTaxId)
      return {
        treatment: 'reverse_charge',
        rate: 0,
        reverseCharge: true,
        legalMention: REVERSE_CHARGE_MENTION,
      };
    return { treatment: 'domestic', rate: SPANISH_VAT_BPS, reverseCharge: false, legalMention: null };
  }
  return { treatment: 'not_subject', rate: 0, reverseCharge: false, legalMention: NOT_SUBJECT_MENTION };
}

/** The VAT of a subtotal (minor units) at `rateBps`, rounded half away from zero. */
export function vatAmount(subtotal: number, rateBps: number): number {
  const abs = Math.floor((Math.abs(subtotal) * rateBps + 5000) / 10000);
  return subtotal < 0 && abs !== 0 ? -abs : abs;
}

export interface InvoiceTotals {
  subtotal: number;
  vatAmount: number;
  total: number;
}

/** Subtotal = Σ line amounts; VAT once on the subtotal; total = subtotal + VAT. */
export function invoiceTotals(lineAmounts: readonly number[], rateBps: number): InvoiceTotals {
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const vat = vatAmount(subtotal, rateBps);
  return { subtotal, vatAmount: vat, total: subtotal + vat };
}
