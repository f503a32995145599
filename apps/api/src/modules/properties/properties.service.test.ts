import { describe, expect, it } from 'vitest';
import { catalogues, locales, translate } from '../../i18n/messages.ts';
import { isUuid } from '../../lib/sql.ts';
import { filesErrors } from '../files/files.errors.ts';
import { propertiesErrors } from './properties.errors.ts';
import type { PropertyRow } from './properties.repo.ts';
import { checkinUrl, toDetail, toGuestProperty, toListItem } from './properties.service.ts';

const row: PropertyRow = {
  id: '0b6f6f0e-5d8c-4c6b-9a55-3f4f1b0c2d11',
  accountId: '9d1c2b3a-1111-4222-8333-444455556666',
  nombre: 'Casa del Olivo',
  internalName: 'Olivo',
  logo: '/api/files/abc.png',
  tipoPropiedad: 'villa',
  pais: 'ES',
  city: 'Ronda',
  address: 'Camino del Tajo 4',
  zipCode: '29400',
  timeZone: 'Europe/Madrid',
  guests: 6,
  bedrooms: 3,
  bathrooms: 2,
  services: ['wifi', 'parking'],
  priceNight: 17550,
  currency: 'EUR',
  description: { es: 'Villa', en: 'Villa', ar: 'فيلا' },
  botGpt: false,
  webReservationActive: true,
  active: false,
  policies: { es: 'Normas', en: 'Rules', ar: 'قواعد' },
  welcome: null,
  securityCode: '9931',
  region: 'ES',
  confirmWhatsapp: true,
  confirmEmail: false,
  confirmSms: true,
  reviewUrl: 'https://example.com/review',
  reviewsEnabled: true,
  identityVerification: true,
  smartLock: false,
  smartLockDeliveryTime: 'checkin_completed',
  smartLockKeyType: 'static',
  smartLockMasterCode: null,
  smartLockRequiresRegistration: true,
  checkinTime: '15:00',
  checkoutTime: '11:00',
  storeEnabled: false,
  storeType: 'internal',
  storeExternalMessage: null,
  storeExternalUrl: null,
  checkinSchedule: '24h',
  createdAt: new Date('2026-11-20T10:00:00Z'),
};

describe('property views', () => {
  it('shows a guest only the public fields', () => {
    const guest = toGuestProperty(row);
    expect(guest).toEqual({
      id: row.id,
      nombre: 'Casa del Olivo',
      logo: '/api/files/abc.png',
      tipo_propiedad: 'villa',
      city: 'Ronda',
      pais: 'ES',
      active: false,
      welcome: null,
      policies: { es: 'Normas', en: 'Rules', ar: 'قواعد' },
      services: ['wifi', 'parking'],
      photo: null,
    });
    const text = JSON.stringify(guest);
    for (const secret of [row.accountId, '9931', '17550', 'example.com/review', 'Camino del Tajo']) {
      expect(text).not.toContain(secret);
    }
  });

  it('gives the operator everything, price in minor units and channels grouped', () => {
    const detail = toDetail(row, [], [], 'https://app.posada.es/');
    expect(detail).toMatchObject({
      price_night: 17550,
      security_code: '9931',
      confirmation_channels: { whatsapp: true, email: false, sms: true },
      checkin_url: `https://app.posada.es/checkin/customers/previe/${row.id}/`,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    expect(toListItem(row, 'https://app.posada.es')).toMatchObject({ active: false, internal_name: 'Olivo' });
  });

  it('builds the check-in link and tells uuids from junk', () => {
    expect(checkinUrl('http://localhost:5173', 'x')).toBe(
      'http://localhost:5173/checkin/customers/previe/x/',
    );
    expect(isUuid(row.id)).toBe(true);
    expect(isUuid('123')).toBe(false);
    expect(isUuid(`${row.id}' or 1=1`)).toBe(false);
  });
});

describe('property and file messages', () => {
  it('translates every coded error and the field messages they carry in es, en and ar', () => {
    const errors = [...Object.values(propertiesErrors), ...Object.values(filesErrors)].map((make) => make());
    const keys = errors.flatMap((e) => [e.code, ...Object.values(e.options.errors ?? {}).flat()]);
    for (const locale of locales) {
      expect(
        keys.filter((key) => !(key in catalogues[locale])),
        locale,
      ).toEqual([]);
    }
  });

  it('uses the spec texts', () => {
    expect(translate('es', 'properties.limit_reached')).toBe('Límite de alojamientos alcanzado');
    expect(translate('es', 'ai.provider_error')).toBe(
      'Error al generar la descripción. Inténtalo nuevamente.',
    );
  });
});
