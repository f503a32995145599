import { settingsSectionBodies } from '@posada/contracts/property-settings';
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

  it('translates every message key the settings contract can put on a field, in every language', () => {
    // Bodies that break each rule of the settings sections whose messages are our own keys.
    const refused: [keyof typeof settingsSectionBodies, object][] = [
      ['region-accommodation', { region: 'FR' }],
      ['seguridad-property', { security_code: 'a' }],
      ['guest-reviews', { enabled: true, review_url: '' }],
      ['cross-selling-property', { enabled: true, type: 'external', external_message: 'x'.repeat(201) }],
      ['smart-locks', { enabled: true, delivery_time: 'arrival_day', key_type: 'static', master_code: '' }],
      [
        'smart-locks',
        { enabled: true, delivery_time: 'arrival_day', key_type: 'static', master_code: 'a b' },
      ],
      ['authorities', { entity: 'nope', user: '', establishment_code: '', landlord_code: '' }],
      ['accommodation-policies', { policies: { es: 'x', en: '', ar: '' }, checkout_time: '24:00' }],
    ];
    const keys = new Set<string>();
    for (const [section, body] of refused) {
      const parsed = settingsSectionBodies[section].safeParse(body);
      for (const issue of parsed.error?.issues ?? []) {
        if (/^[a-z_]+\.[a-z_.]+$/.test(issue.message)) keys.add(issue.message);
      }
    }
    expect([...keys].sort()).toEqual([
      'settings.region_unavailable',
      'settings.review_url_required',
      'settings.security_code_format',
      'settings.smart_lock_key_format',
      'settings.smart_lock_key_required',
      'settings.store_message_max',
      'settings.store_url_required',
      'settings.time_format',
      'validation.required',
    ]);
    for (const key of [...keys, 'settings.logo_invalid', 'settings.smart_lock_lock_required']) {
      for (const locale of locales) expect(catalogues[locale][key], `${key} in ${locale}`).toBeTruthy();
    }
  });

  it('uses the spec text for an empty smart-lock key (spec 5)', () => {
    expect(translate('es', 'settings.smart_lock_key_required')).toBe('Por favor ingrese una clave de acceso');
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
