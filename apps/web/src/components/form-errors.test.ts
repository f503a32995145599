import { registerBody } from '@posada/contracts/auth';
import { describe, expect, it } from 'vitest';
import { issuesToFieldMessages, messageKeyToI18n, splitServerErrors } from './form-errors.ts';

const echo = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

describe('contract messages', () => {
  it('maps contract keys to the namespace that translates them', () => {
    expect(messageKeyToI18n('validation.required')).toBe('common:validation.required');
    expect(messageKeyToI18n('auth.passwords_mismatch')).toBe('auth:validation.passwords_mismatch');
    expect(messageKeyToI18n('admin.advisor_code_format')).toBe('admin:validation.advisor_code_format');
  });

  it('gives one translated message per field for the register schema', () => {
    const values = {
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
      phone: '600123456',
      phone_country: 'ES',
      tipo_hospedaje: '',
      room_range: '1-4',
      advisor_code: 'x'.repeat(41),
    };
    const result = registerBody.safeParse(values);
    expect(result.success).toBe(false);
    const messages = issuesToFieldMessages(result.error?.issues ?? [], values, echo);
    expect(messages).toMatchObject({
      name: 'common:validation.required',
      email: 'common:validation.invalid_email',
      password: 'auth:validation.password_too_short',
      tipo_hospedaje: 'common:validation.required',
      advisor_code: 'common:validation.max_length {"maximum":40}',
    });
    expect(messages.phone).toBeUndefined();
  });

  it('reports the passwords mismatch under the confirmation field', () => {
    const values = {
      name: 'Ana',
      email: 'ana@example.com',
      password: 'longenough1',
      password_confirmation: 'longenough2',
      phone: '600123456',
      tipo_hospedaje: 'villa',
      room_range: '5-10',
    };
    const result = registerBody.safeParse(values);
    const messages = issuesToFieldMessages(result.error?.issues ?? [], values, echo);
    expect(messages).toEqual({ password_confirmation: 'auth:validation.passwords_mismatch' });
  });
});

describe('splitServerErrors', () => {
  it('puts known fields under the form and keeps the rest for the alert', () => {
    const split = splitServerErrors(
      {
        email: ['Ya existe una cuenta con este correo.'],
        advisor_code: ['El código de asesor no es correcto'],
        _: ['x'],
      },
      ['email', 'advisor_code', 'name'],
    );
    expect(split.fields).toEqual([
      ['email', 'Ya existe una cuenta con este correo.'],
      ['advisor_code', 'El código de asesor no es correcto'],
    ]);
    expect(split.other).toEqual(['x']);
  });

  it('handles an answer without field errors', () => {
    expect(splitServerErrors(undefined, ['email'])).toEqual({ fields: [], other: [] });
  });
});

describe('empty fields', () => {
  it('say "required" even when the contract rule is a minimum length', () => {
    const issue = {
      code: 'too_small',
      message: 'validation.too_short',
      path: ['code'],
      minimum: 3,
      origin: 'string',
    };
    expect(issuesToFieldMessages([issue], { code: '' }, echo)).toEqual({
      code: 'common:validation.required',
    });
    expect(issuesToFieldMessages([issue], { code: 'ab' }, echo)).toEqual({
      code: 'common:validation.min_length {"minimum":3}',
    });
  });
});
