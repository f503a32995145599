import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, REVERSE_CHARGE_MENTION, vatAmount, vatFor } from './vat.ts';

describe('VAT on the platform invoices', () => {
  it('charges Spanish VAT at 21 % in Spain', () => {
    expect(vatFor({ country: 'ES', postalCode: '28013', taxId: 'B12345674' })).toEqual({
      treatment: 'domestic',
      rate: 2100,
      reverseCharge: false,
      legalMention: null,
    });
    expect(vatFor({ country: 'es', postalCode: '07001', taxId: '' }).rate).toBe(2100); // Balearic Islands
  });

  it('charges no Spanish VAT in the Canary Islands, Ceuta and Melilla (postal codes 35, 38, 51, 52)', () => {
    for (const postalCode of ['35001', '38003', '51001', '52001']) {
      const d = vatFor({ country: 'ES', postalCode, taxId: 'B12345674' });
      expect(d.rate).toBe(0);
      expect(d.treatment).toBe('outside_territory');
      expect(d.legalMention).toMatch(/Canarias, Ceuta o Melilla/);
    }
    expect(vatFor({ country: 'ES', postalCode: '36001' }).rate).toBe(2100); // Pontevedra, not 35/38
  });

  it('reverse-charges an EU business with a VAT number outside Spain, with the legal mention', () => {
    const d = vatFor({ country: 'FR', postalCode: '75001', taxId: 'FR40303265045' });
    expect(d).toEqual({
      treatment: 'reverse_charge',
      rate: 0,
      reverseCharge: true,
      legalMention: 'Inversión del sujeto pasivo (art. 196 Directiva 2006/112/CE)',
    });
    expect(d.legalMention).toBe(REVERSE_CHARGE_MENTION);
  });

  it('charges Spanish VAT to an EU consumer without a tax id', () => {
    expect(vatFor({ country: 'DE', postalCode: '10115', taxId: '' })).toMatchObject({
      treatment: 'domestic',
      rate: 2100,
    });
  });

  it('charges no VAT outside the EU (not subject)', () => {
    for (const country of ['CO', 'MX', 'GB', 'US']) {
      const d = vatFor({ country, postalCode: '110111', taxId: '900123456' });
      expect(d).toMatchObject({ treatment: 'not_subject', rate: 0, reverseCharge: false });
      expect(d.legalMention).toMatch(/no sujeta/);
    }
  });

  it('rounds the VAT half up once per invoice, and a credit note mirrors its invoice', () => {
    expect(vatAmount(1000, 2100)).toBe(210);
    expect(vatAmount(50, 2100)).toBe(11); // 10.5 → 11
    expect(vatAmount(-50, 2100)).toBe(-11);
    expect(vatAmount(1, 2100)).toBe(0); // 0.21
    // Per invoice, not per line: 3 × 0.50 € → VAT on 1.50 € = 0.315 → 0.32 (per line it would be 3 × 0.11).
    expect(invoiceTotals([50, 50, 50], 2100)).toEqual({ subtotal: 150, vatAmount: 32, total: 182 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100_000, max: 1_000_000 }), { maxLength: 8 }), (amounts) => {
        const invoice = invoiceTotals(amounts, 2100);
        const credit = invoiceTotals(
          amounts.map((a) => -a),
          2100,
        );
        return (
          credit.total === -invoice.total &&
          Number.isInteger(invoice.vatAmount) &&
          Math.abs(invoice.vatAmount - invoice.subtotal * 0.21) <= 0.5
        );
      }),
    );
  });
});
