import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type PropertySettings,
  settingsSectionBodies,
  settingsSections,
} from '@posada/contracts/property-settings';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { messageKeyToI18n } from '../../../components/form-errors.ts';
import { routePaths } from '../../../config/routes.ts';
import { authoritiesPasswordProblem, pfxBase64, testResultOf } from './authorities.ts';
import { isSectionLocked, sectionGate } from './gating.ts';
import { fillNamePlaceholder, hasAnyText, insertPlaceholder, NAME_PLACEHOLDER } from './policy.ts';
import { applySection, sectionValues } from './section-values.ts';
import { generateSecurityCode } from './security-code.ts';
import { isPaidExtra, roomPageKeys, settingsMenu, visibleSettingsMenu } from './settings-menu.ts';

const settings: PropertySettings = {
  id: '7f1d2c3b-0000-4000-8000-000000000001',
  tipo_propiedad: 'apartamento',
  nombre: 'Apartamento Sol de Triana',
  internal_name: 'Triana 2ºB',
  logo: null,
  pais: 'ES',
  address: 'Calle Betis 24',
  city: 'Sevilla',
  zip_code: '41010',
  services: ['wifi'],
  guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  price_night: null,
  currency: 'EUR',
  description: { es: 'Luminoso', en: '', ar: '' },
  policies: { es: '', en: '', ar: '' },
  checkin_time: '15:00',
  checkout_time: '11:00',
  welcome: { es: 'Hola', en: '', ar: '' },
  region: 'ES',
  security_code: '4821',
  notifications: { whatsapp: true, email: true, sms: false },
  active: true,
  reviews: { enabled: false, review_url: '' },
  identity_verification: false,
  bot_enabled: false,
  store: { enabled: false, type: 'internal', external_message: '', external_url: '' },
  authorities: {
    entity: null,
    user: '',
    establishment_code: '',
    landlord_code: '',
    password_set: false,
  },
  smart_locks: {
    enabled: false,
    delivery_time: 'checkin_completed',
    key_type: 'static',
    master_code: '',
    requires_registration: true,
  },
  checkin_schedule: '24h',
  features: { reviews: true, identity_verification: false },
};

describe('the accommodation-name placeholder of the policies', () => {
  it('is replaced by the name everywhere it appears', () => {
    expect(
      fillNamePlaceholder(
        `Bienvenido a ${NAME_PLACEHOLDER}. ${NAME_PLACEHOLDER} no admite fiestas.`,
        'Villa Mar Azul',
      ),
    ).toBe('Bienvenido a Villa Mar Azul. Villa Mar Azul no admite fiestas.');
  });

  it('leaves text without it unchanged, and stays visible while the name is empty', () => {
    expect(fillNamePlaceholder('Salida antes de las 12:00.', 'Villa')).toBe('Salida antes de las 12:00.');
    expect(fillNamePlaceholder(`En ${NAME_PLACEHOLDER}`, '  ')).toBe(`En ${NAME_PLACEHOLDER}`);
  });

  it('is inserted at the caret, replacing a selection, or at the end', () => {
    expect(insertPlaceholder('Bienvenido a .', 13)).toEqual({
      text: `Bienvenido a ${NAME_PLACEHOLDER}.`,
      caret: 13 + NAME_PLACEHOLDER.length,
    });
    expect(insertPlaceholder('Hola XXX', 5, 8).text).toBe(`Hola ${NAME_PLACEHOLDER}`);
    expect(insertPlaceholder('Hola ', null).text).toBe(`Hola ${NAME_PLACEHOLDER}`);
  });

  it('counts a text as written when any language has something', () => {
    expect(hasAnyText({ es: ' ', en: '', ar: '' })).toBe(false);
    expect(hasAnyText({ es: '', en: '', ar: 'نص' })).toBe(true);
  });
});

describe('the settings menu', () => {
  it('groups the pages: accommodation, guests (check-in schedule and authorities among them), then the extras', () => {
    const menu = visibleSettingsMenu({ tipoPropiedad: 'apartamento' }, routePaths);
    expect(menu.map((g) => g.key)).toEqual(['accommodation', 'guests', 'extras']);
    expect(menu[1]?.items.map((i) => i.section)).toEqual(
      expect.arrayContaining(['checkin-programming', 'authorities']),
    );
    expect(menu[2]?.items.map((i) => i.section)).toEqual([
      'cross-selling-property',
      'smart-locks',
      'guest-reviews',
      'identity-verification',
      'page-chat-bot-ia',
      'manage-chat-bot-ia',
    ]);
  });

  it('marks as paid exactly the spec 6 paid extras: chatbot, smart locks, identity verification, reviews', () => {
    const paid = settingsMenu.flatMap((g) => g.items.map((i) => i.section)).filter(isPaidExtra);
    expect(paid.sort()).toEqual([
      'guest-reviews',
      'identity-verification',
      'page-chat-bot-ia',
      'smart-locks',
    ]);
    // Gated, but part of the plan rather than an add-on.
    for (const section of ['cross-selling-property', 'authorities', 'checkin-programming'] as const) {
      expect(sectionGate(section)).not.toBeNull();
      expect(isPaidExtra(section)).toBe(false);
    }
  });

  it('lists every contract section once, each with a built route', () => {
    const pages = settingsMenu.flatMap((g) => g.items.map((i) => i.section));
    const sections = pages.filter((key) => !(roomPageKeys as readonly string[]).includes(key)).sort();
    expect(sections).toEqual([...settingsSections].sort());
    expect(new Set(pages).size).toBe(pages.length);
    for (const item of settingsMenu.flatMap((g) => g.items)) expect(routePaths).toHaveProperty(item.route);
  });

  it('shows only pages whose screen exists, and drops a group left empty', () => {
    const {
      Review: _r,
      identityVerification: _i,
      pageManageChatBot: _c,
      manageChatBot: _e,
      crossSellingProperty: _x,
      smartLocks: _l,
      nameProperty: _n,
      ...table
    } = routePaths;
    const menu = visibleSettingsMenu({ tipoPropiedad: 'villa' }, table);
    expect(menu.map((g) => g.key)).toEqual(['accommodation', 'guests']);
    expect(menu[0]?.items.map((i) => i.section)).not.toContain('name-property');
  });

  it('gives hotels no capacity page (their capacity comes from room types)', () => {
    const sectionsOf = (tipo: string) =>
      visibleSettingsMenu({ tipoPropiedad: tipo }, routePaths).flatMap((g) => g.items.map((i) => i.section));
    expect(sectionsOf('hotel')).not.toContain('capacity-property');
    expect(sectionsOf('camping')).not.toContain('capacity-property');
    expect(sectionsOf('villa')).toContain('capacity-property');
  });

  it('gives hotels and campings their rooms and rates pages; images and the QR are for every property', () => {
    const sectionsOf = (tipo: string) =>
      visibleSettingsMenu({ tipoPropiedad: tipo }, routePaths).flatMap((g) => g.items.map((i) => i.section));
    for (const page of ['room-types', 'room-management', 'maintenance', 'rates'] as const) {
      expect(sectionsOf('hotel')).toContain(page);
      expect(sectionsOf('camping')).toContain(page);
      expect(sectionsOf('apartamento')).not.toContain(page);
    }
    for (const tipo of ['hotel', 'villa']) {
      expect(sectionsOf(tipo)).toContain('image-settings');
      expect(sectionsOf(tipo)).toContain('qr-property');
    }
  });
});

describe('gated settings pages (spec 6)', () => {
  it('lock a gated section the subscription lacks, or whose feature is not reported', () => {
    expect(isSectionLocked('guest-reviews', settings.features)).toBe(false);
    expect(isSectionLocked('identity-verification', settings.features)).toBe(true);
    expect(isSectionLocked('page-chat-bot-ia', settings.features)).toBe(true);
  });

  it('lock store, authorities, smart locks and the check-in schedule by their own features', () => {
    const features = {
      cross_selling: true,
      authorities: true,
      auto_checkin_messaging: true,
      smart_locks: false,
    };
    expect(isSectionLocked('cross-selling-property', features)).toBe(false);
    expect(isSectionLocked('authorities', features)).toBe(false);
    expect(isSectionLocked('checkin-programming', features)).toBe(false);
    expect(isSectionLocked('smart-locks', features)).toBe(true);
    expect(isSectionLocked('checkin-programming', {})).toBe(true);
  });

  it('never lock ungated sections, unless the API refused the save', () => {
    expect(sectionGate('accommodation-policies')).toBeNull();
    expect(isSectionLocked('accommodation-policies', {})).toBe(false);
    expect(isSectionLocked('guest-reviews', settings.features, true)).toBe(true);
  });
});

describe('section values', () => {
  it('start every form from GET settings with values its schema accepts', () => {
    const complete: PropertySettings = {
      ...settings,
      price_night: 9500,
      policies: { es: 'Normas', en: '', ar: '' },
      authorities: {
        entity: 'guardia_civil',
        user: 'H41000123',
        establishment_code: '0000123456',
        landlord_code: '0041000999',
        password_set: true,
      },
    };
    for (const section of settingsSections) {
      const values = sectionValues(section, complete);
      expect(settingsSectionBodies[section].safeParse(values).success, section).toBe(true);
    }
  });

  it('leave an unset price empty so the form asks for it', () => {
    const values = sectionValues('price-property', settings);
    expect(settingsSectionBodies['price-property'].safeParse(values).success).toBe(false);
  });

  it('refuse enabling reviews without a URL, under the URL field', () => {
    const result = settingsSectionBodies['guest-reviews'].safeParse({ enabled: true, review_url: '' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['review_url'],
      message: 'settings.review_url_required',
    });
  });

  it('never put the authority password in the form, and ask for an entity not chosen yet', () => {
    const values = sectionValues('authorities', {
      ...settings,
      authorities: { ...settings.authorities, password_set: true },
    });
    expect(values.password).toBe('');
    const result = settingsSectionBodies.authorities.safeParse(values);
    const fields = result.error?.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['entity', 'user', 'establishment_code', 'landlord_code']));
    expect(fields).not.toContain('password');
  });

  it('ask for the authority password only while none is stored; a blank one keeps the stored one', () => {
    expect(authoritiesPasswordProblem(false, '')).toBe('password');
    expect(authoritiesPasswordProblem(false, '   ')).toBe('password');
    expect(authoritiesPasswordProblem(false, 'Secreto-2026')).toBeNull();
    expect(authoritiesPasswordProblem(true, '')).toBeNull();
  });

  it('refuse an enabled smart lock without a key with the spec 5 message key, under the key field', () => {
    const result = settingsSectionBodies['smart-locks'].safeParse({ ...settings.smart_locks, enabled: true });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['master_code'], message: 'settings.smart_lock_key_required' }),
    ]);
    // Dynamic keys need no master code (each stay gets its own; the server checks a lock is assigned).
    expect(
      settingsSectionBodies['smart-locks'].safeParse({
        ...settings.smart_locks,
        enabled: true,
        key_type: 'dynamic',
        master_code: '',
      }).success,
    ).toBe(true);
  });

  it('refuse an external store switched on without its URL, and a message over 200 characters', () => {
    const store = { enabled: true, type: 'external' as const, external_message: 'Hola', external_url: '' };
    expect(settingsSectionBodies['cross-selling-property'].safeParse(store).error?.issues[0]).toMatchObject({
      path: ['external_url'],
      message: 'settings.store_url_required',
    });
    expect(
      settingsSectionBodies['cross-selling-property'].safeParse({ ...store, type: 'internal' }).success,
    ).toBe(true);
    expect(
      settingsSectionBodies['cross-selling-property'].safeParse({
        ...store,
        external_url: 'https://tienda.example',
        external_message: 'x'.repeat(201),
      }).error?.issues[0]?.message,
    ).toBe('settings.store_message_max');
  });

  it('update the cached settings with a saved section', () => {
    expect(
      applySection('guest-reviews', settings, { enabled: true, review_url: 'https://x.test/r' }).reviews,
    ).toEqual({
      enabled: true,
      review_url: 'https://x.test/r',
    });
    expect(applySection('page-chat-bot-ia', settings, { enabled: true }).bot_enabled).toBe(true);
    expect(applySection('name-property', settings, { nombre: 'Nuevo', internal_name: '' }).nombre).toBe(
      'Nuevo',
    );
    const withLogo = { ...settings, logo: '/api/files/logos/a.png' };
    expect(applySection('name-property', withLogo, { nombre: 'N', internal_name: '' }).logo).toBe(
      '/api/files/logos/a.png',
    );
    expect(
      applySection('name-property', withLogo, { nombre: 'N', internal_name: '', logo: null }).logo,
    ).toBeNull();
    expect(applySection('checkin-programming', settings, { schedule: '72h' }).checkin_schedule).toBe('72h');
    const auth = applySection('authorities', settings, {
      entity: 'mossos',
      user: 'u',
      password: 'secreto',
      establishment_code: 'e',
      landlord_code: 'l',
      send_mode: 'nightly',
      certificate: 'TUlJQw==',
      certificate_password: 'clave',
    }).authorities;
    expect(auth).toEqual({
      entity: 'mossos',
      user: 'u',
      establishment_code: 'e',
      landlord_code: 'l',
      send_mode: 'nightly',
      password_set: true,
    });
    expect(auth).not.toHaveProperty('password');
    // The certificate and its passphrase are write-only like the password.
    expect(auth).not.toHaveProperty('certificate');
    expect(auth).not.toHaveProperty('certificate_password');
  });
});

describe('authority test connection', () => {
  it('counts a wrong user or password as one more failed attempt, and resets on success', () => {
    expect(
      testResultOf(null, { code: 'authorities.unauthorized', message: 'Credenciales incorrectas...' }, 1),
    ).toMatchObject({
      kind: 'unauthorized',
      failedAttempts: 2,
      maxAttempts: 3,
    });
    const ok = { ok: true, code: null, message: null, failed_attempts: 0, max_attempts: 3 };
    expect(testResultOf(ok, null, 2)).toMatchObject({ kind: 'ok', failedAttempts: 0 });
  });

  it('tells Mossos (no web service) and other failures apart, keeping the count the API answers', () => {
    const answer = (code: string) => ({ ok: false, code, message: 'x', failed_attempts: 1, max_attempts: 3 });
    expect(testResultOf(answer('authorities.no_web_service'), null, 0).kind).toBe('no_web_service');
    expect(testResultOf(answer('ses.timeout'), null, 0)).toMatchObject({ kind: 'failed', failedAttempts: 1 });
    expect(testResultOf(null, { code: 'network', message: 'Error de conexión' }, 2)).toMatchObject({
      kind: 'failed',
      failedAttempts: 2,
      message: 'Error de conexión',
    });
  });

  it('sends the PFX as bare base64', () => {
    expect(pfxBase64('data:application/x-pkcs12;base64,MIIKcQIBAzCC')).toBe('MIIKcQIBAzCC');
    expect(pfxBase64('MIIKcQIBAzCC')).toBe('MIIKcQIBAzCC');
  });

  it('checks the code shapes of each entity with the contract (SES landlord code: digits only)', () => {
    const base = {
      user: 'u',
      password: 'p',
      establishment_code: '4100012345',
      landlord_code: '0000410087',
      send_mode: 'immediate',
    };
    expect(settingsSectionBodies.authorities.safeParse({ ...base, entity: 'guardia_civil' }).success).toBe(
      true,
    );
    const wrong = settingsSectionBodies.authorities.safeParse({
      ...base,
      entity: 'policia_nacional',
      landlord_code: 'ARR-41-0087',
    });
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({ path: ['landlord_code'], message: 'settings.ses_landlord_format' }),
    ]);
    const mossos = settingsSectionBodies.authorities.safeParse({
      ...base,
      entity: 'mossos',
      establishment_code: '0804',
    });
    expect(mossos.error?.issues[0]?.message).toBe('settings.mossos_establishment_format');
  });
});

describe('random security codes', () => {
  it('satisfy the contract and avoid look-alike characters', () => {
    for (let n = 0; n < 50; n++) {
      const code = generateSecurityCode(6);
      expect(settingsSectionBodies['seguridad-property'].safeParse({ security_code: code }).success).toBe(
        true,
      );
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('use the injected randomness and clamp the length to 4..12', () => {
    const zeros = (bytes: Uint8Array) => bytes.fill(0);
    expect(generateSecurityCode(2, zeros)).toBe('AAAA');
    expect(generateSecurityCode(40, zeros)).toHaveLength(12);
  });
});

describe('contract message keys', () => {
  const contractSource = readFileSync(
    path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../../../packages/contracts/src/property-settings.ts',
    ),
    'utf8',
  );
  const keys = [...new Set(contractSource.match(/'(?:settings|validation)\.[a-z_]+'/g) ?? [])].map((k) =>
    k.slice(1, -1),
  );

  it('are all translated in es, en and ar, so the client-side check speaks like the server', async () => {
    expect(keys).toEqual(
      expect.arrayContaining(['settings.smart_lock_key_required', 'settings.store_url_required']),
    );
    for (const language of ['es', 'en', 'ar']) {
      const i18n = createInstance();
      await i18n.init({
        lng: language,
        resources: await localeResources(language),
        showSupportNotice: false,
      });
      for (const key of keys) {
        const i18nKey = messageKeyToI18n(key);
        expect(i18n.exists(i18nKey), `${language} ${i18nKey}`).toBe(true);
      }
    }
  });

  it("say the spec 5 text for an empty smart-lock key: 'Por favor ingrese una clave de acceso'", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'es', resources: await localeResources('es'), showSupportNotice: false });
    expect(i18n.t(messageKeyToI18n('settings.smart_lock_key_required'))).toBe(
      'Por favor ingrese una clave de acceso',
    );
  });
});

async function localeResources(language: string) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales', language);
  const read = (ns: string) => JSON.parse(readFileSync(path.join(dir, `${ns}.json`), 'utf8'));
  return { [language]: { common: read('common'), settings: read('settings') } };
}
