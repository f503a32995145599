import { describe, expect, it } from 'vitest';
import { billingDetailsBody, invoicePdfFileName } from './billing.ts';

const spanish = {
  business_name: 'Casa Rural Las Encinas S.L.',
  tax_id: 'b-12345674',
  address: 'Camino de la Sierra 4',
  country: 'es',
  postal_code: '28470',
};
const fieldsWithErrors = (input: object) => {
  const result = billingDetailsBody.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('billing data contract', () => {
  it('normalizes a valid Spanish NIF, the country, and empty optional fields', () => {
    expect(billingDetailsBody.parse({ ...spanish, email: '', city: '' })).toMatchObject({
      tax_id: 'B12345674',
      country: 'ES',
      email: null,
      city: null,
      province: null,
    });
  });

  it('refuses a Spanish tax id that fails the check, a missing one, and a bad postal code', () => {
    expect(fieldsWithErrors({ ...spanish, tax_id: 'B12345670' })).toEqual({ tax_id: 'billing.invalid_nif' });
    expect(fieldsWithErrors({ ...spanish, tax_id: '' })).toEqual({ tax_id: 'validation.required' });
    expect(fieldsWithErrors({ ...spanish, postal_code: '2847' })).toEqual({
      postal_code: 'billing.invalid_postal_code',
    });
  });

  it('takes any VAT number elsewhere, or none for a consumer, but only letters and digits', () => {
    expect(billingDetailsBody.parse({ ...spanish, country: 'FR', tax_id: 'FR 40 303 265 045' }).tax_id).toBe(
      'FR40303265045',
    );
    expect(billingDetailsBody.parse({ ...spanish, country: 'DE', tax_id: undefined }).tax_id).toBe('');
    expect(fieldsWithErrors({ ...spanish, country: 'FR', tax_id: 'FR#1' })).toEqual({
      tax_id: 'billing.invalid_tax_id',
    });
    expect(fieldsWithErrors({ ...spanish, country: 'Spain' })).toHaveProperty('country');
  });

  it('names the PDF after the invoice code', () => {
    expect(invoicePdfFileName('F2026-000001')).toBe('Factura-F2026-000001.pdf');
  });
});
