import { describe, expect, it } from 'vitest';
import { accountsErrors } from '../modules/accounts/accounts.errors.ts';
import { adminErrors } from '../modules/admin/admin.errors.ts';
import { authErrors } from '../modules/auth/auth.errors.ts';
import { catalogues, locales, translate } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it.each(locales)('has every key of the Spanish catalogue in %s, with the same placeholders', (locale) => {
    const missing = Object.keys(catalogues.es).filter((key) => !(key in catalogues[locale]));
    expect(missing).toEqual([]);
    const extra = Object.keys(catalogues[locale]).filter((key) => !(key in catalogues.es));
    expect(extra).toEqual([]);
    for (const [key, text] of Object.entries(catalogues.es)) {
      expect(placeholders(catalogues[locale][key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('translates every coded error of sign-in, accounts and admin, and the field messages they carry', () => {
    const errors = [
      ...Object.values(authErrors),
      ...Object.values(accountsErrors),
      ...Object.values(adminErrors),
    ].map((make) => make(60));
    const keys = errors.flatMap((e) => [e.code, ...Object.values(e.options.errors ?? {}).flat()]);
    const untranslated = keys.filter((key) => !(key in catalogues.es));
    expect(untranslated).toEqual([]);
  });

  it('translates the message keys that the contracts put on fields', () => {
    for (const key of ['auth.password_too_short', 'auth.passwords_mismatch', 'admin.advisor_code_format']) {
      for (const locale of locales) expect(translate(locale, key), `${key} in ${locale}`).not.toBe(key);
    }
  });

  it('uses the spec texts for the advisor code and logout failure', () => {
    expect(translate('es', 'auth.advisor_code_invalid')).toBe(
      'El código de asesor no es correcto. Déjalo vacío o introduce un código válido.',
    );
    expect(translate('es', 'auth.logout_failed')).toBe(
      'Lo sentimos, se ha producido un error al cerrar la sesión',
    );
  });
});
