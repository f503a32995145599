import { describe, expect, it } from 'vitest';
import { emptyGuest, validateGuest } from './form.ts';

describe('booking site guest form', () => {
  it('asks for name, e-mail and a phone of at least 5 digits', () => {
    expect(validateGuest(emptyGuest)).toEqual({
      name: ['form.errors.required'],
      email: ['form.errors.required'],
      phone: ['form.errors.required'],
    });
    const guest = { name: 'Ana', email: 'ana@example.com', phone: '+34 12', notes: '' };
    expect(validateGuest(guest)).toEqual({ phone: ['form.errors.phone_min'] });
    expect(validateGuest({ ...guest, phone: '+34 600 11 22 33' })).toEqual({});
    expect(validateGuest({ ...guest, email: 'ana@', phone: '600112233' })).toEqual({
      email: ['form.errors.email'],
    });
  });
});
