import {
  type PropertySettings,
  settingsSectionBodies,
  settingsSections,
} from '@posada/contracts/property-settings';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../app/routes.ts';
import { isSectionLocked, sectionGate } from './gating.ts';
import { fillNamePlaceholder, hasAnyText, insertPlaceholder, NAME_PLACEHOLDER } from './policy.ts';
import { applySection, sectionValues } from './section-values.ts';
import { generateSecurityCode } from './security-code.ts';
import { roomPageKeys, settingsMenu, visibleSettingsMenu } from './settings-menu.ts';

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
  welcome: { es: 'Hola', en: '', ar: '' },
  region: 'ES',
  security_code: '4821',
  notifications: { whatsapp: true, email: true, sms: false },
  active: true,
  reviews: { enabled: false, review_url: '' },
  identity_verification: false,
  bot_enabled: false,
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
  it('groups the pages: accommodation, guests, then the paid extras', () => {
    const menu = visibleSettingsMenu({ tipoPropiedad: 'apartamento' }, routePaths);
    expect(menu.map((g) => [g.key, g.paid])).toEqual([
      ['accommodation', false],
      ['guests', false],
      ['extras', true],
    ]);
    expect(menu[2]?.items.map((i) => i.section)).toEqual([
      'guest-reviews',
      'identity-verification',
      'page-chat-bot-ia',
    ]);
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

  it('never lock ungated sections, unless the API refused the save', () => {
    expect(sectionGate('accommodation-policies')).toBeNull();
    expect(isSectionLocked('accommodation-policies', {})).toBe(false);
    expect(isSectionLocked('guest-reviews', settings.features, true)).toBe(true);
  });
});

describe('section values', () => {
  it('start every form from GET settings with values its schema accepts', () => {
    const complete = { ...settings, price_night: 9500, policies: { es: 'Normas', en: '', ar: '' } };
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
