import { describe, expect, it } from 'vitest';
import { countryGroups } from '../../../lib/countries.ts';
import { logoProblem } from '../../../lib/logo.ts';
import {
  countryMoney,
  currencyFormat,
  fromMinorUnits,
  parseAmount,
  toMinorUnits,
} from '../../../lib/money.ts';
import { initialDraft, serverErrorsByStep, stepErrors, toCreateBody, withCountry } from './draft.ts';
import { atPropertyLimit, limitTarget, limitTargetRoute } from './limit.ts';
import { qrFileName } from './qr.ts';
import { numberedRooms } from './rooms.ts';

const nbsp = /[\u00a0\u202f]/g;

describe('money in minor units (ARCHITECTURE §6)', () => {
  it('stores euros and dollars in cents', () => {
    expect(toMinorUnits(85.5, 'EUR')).toBe(8550);
    expect(toMinorUnits('120', 'USD')).toBe(12000);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits('1.005', 'EUR')).toBe(101);
    expect(fromMinorUnits(8550, 'EUR')).toBe(85.5);
  });
  it('shows Colombian pesos without decimals but stores ISO minor units', () => {
    expect(currencyFormat('COP').shownDigits).toBe(0);
    expect(toMinorUnits(250000.4, 'COP')).toBe(25_000_000);
    expect(countryMoney(25_000_000, 'COP').replace(nbsp, ' ')).toBe('$ 250.000');
  });
  it('formats each currency the way its country writes it', () => {
    expect(countryMoney(8550, 'EUR').replace(nbsp, ' ')).toBe('85,50 €');
    expect(countryMoney(8550, 'USD')).toBe('$85.50');
    expect(currencyFormat('COP').thousandSeparator).toBe('.');
    expect(currencyFormat('USD').thousandSeparator).toBe(',');
  });
  it('parses typed amounts in the currency format', () => {
    expect(parseAmount('1.250.000', 'COP')).toBe(1250000);
    expect(parseAmount('85,50', 'EUR')).toBe(85.5);
    expect(parseAmount('1,234.50', 'USD')).toBe(1234.5);
    expect(parseAmount('', 'EUR')).toBeNull();
    expect(toMinorUnits('', 'EUR')).toBeNull();
  });
});

describe('limit modal target (spec 5)', () => {
  it('sends demo users to pageSubscription and the others to updateSubscription', () => {
    expect(limitTargetRoute({ status_subscription: 'demo' })).toBe('pageSubscription');
    expect(limitTargetRoute({ status_subscription: 'demo_expired' })).toBe('pageSubscription');
    expect(limitTargetRoute({ status_subscription: 'subscribed' })).toBe('updateSubscription');
  });
  it('offers the button only when the target screen exists', () => {
    expect(limitTarget({ status_subscription: 'demo' }, {})).toEqual({
      route: 'pageSubscription',
      built: false,
    });
    expect(
      limitTarget({ status_subscription: 'subscribed' }, { updateSubscription: '/business/invoices/manage' }),
    ).toEqual({ route: 'updateSubscription', built: true });
  });
  it('is at the limit when the count reaches the quantity', () => {
    expect(atPropertyLimit({ properties: [], quantity: 1 } as never)).toBe(false);
    expect(atPropertyLimit({ properties: [{}], quantity: 1 } as never)).toBe(true);
    expect(atPropertyLimit({ properties: [{}, {}], quantity: 1 } as never)).toBe(true);
  });
});

describe('wizard draft', () => {
  const user = { tipo_hospedaje: 'hotel' as const, pais: 'CO' };
  it('starts the first property from the spec 2.3 reset values, typed as the account', () => {
    const draft = initialDraft(user, true);
    expect(draft).toMatchObject({
      tipo: 'hotel',
      pais: '',
      currency: 'EUR',
      guests: 1,
      bedrooms: 1,
      bathrooms: 1,
    });
    expect(draft.services).toEqual([]);
    expect(draft.priceNight).toBeNull();
  });
  it('follows the country with the currency until the operator picks one', () => {
    const draft = withCountry(initialDraft(user, true), 'CO');
    expect(draft.currency).toBe('COP');
    expect(withCountry(draft, 'ES').currency).toBe('EUR');
    expect(withCountry({ ...draft, currency: 'USD', currencyChosen: true }, 'ES').currency).toBe('USD');
  });
  it('validates each step with the domain rules', () => {
    const draft = initialDraft(user, true);
    expect(Object.keys(stepErrors('name', draft))).toEqual(['nombre']);
    expect(Object.keys(stepErrors('location', draft)).sort()).toEqual(['address', 'city', 'pais']);
    expect(stepErrors('logo', draft)).toEqual({});
  });
  it('builds the payload: hotels send room type and rooms, apartments their capacity', () => {
    const hotel = {
      ...initialDraft(user, true),
      nombre: ' Hotel Mar ',
      roomTypeName: 'Doble',
      rooms: [{ name: '101', code: '' }],
      priceNight: 9000,
    };
    const body = toCreateBody(hotel);
    expect(body).toMatchObject({
      nombre: 'Hotel Mar',
      room_type: { name: 'Doble', adults: 2 },
      rooms: [{ name: '101' }],
    });
    expect(body.internal_name).toBeUndefined();
    const flat = toCreateBody({ ...hotel, tipo: 'villa', guests: 6 });
    expect(flat.room_type).toBeUndefined();
    expect(flat.rooms).toBeUndefined();
    expect(flat.guests).toBe(6);
  });
  it('sends server errors to the earliest step that shows them', () => {
    const found = serverErrorsByStep('hotel', {
      price_night: ['Debe ser mayor que 0'],
      'rooms.1.name': ['Obligatorio'],
    });
    expect(found?.step).toBe(4);
    expect(found?.fields).toEqual({ priceNight: 'Debe ser mayor que 0', 'rooms.1.name': 'Obligatorio' });
    expect(serverErrorsByStep('villa', { nombre: ['x'] })?.step).toBe(0);
    expect(serverErrorsByStep('villa', {})).toBeNull();
  });
});

describe('logo, rooms, countries and QR helpers', () => {
  it('accepts PNG, JPG and SVG up to 5 MB (spec 5)', () => {
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ name: 'a.svg', type: 'image/svg+xml', size: 5 * 1024 * 1024 })).toBeNull();
    expect(logoProblem({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe('type');
    expect(logoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
  it('numbers rooms from..to, skipping names already there', () => {
    expect(numberedRooms(101, 103, [{ name: '102' }]).map((r) => r.name)).toEqual(['101', '103']);
    expect(numberedRooms(110, 101, [])).toEqual([]);
    expect(numberedRooms(1, 500, [])).toEqual([]);
  });
  it('lists Spain first, then Latin America, then the rest', () => {
    const groups = countryGroups('es', { latinAmerica: 'L', rest: 'R' });
    expect(groups[0]).toEqual({ value: 'ES', label: 'España' });
    expect(groups[1]?.items.map((c) => c.value)).toContain('CO');
    expect(groups[2]?.items.map((c) => c.value)).toContain('FR');
    expect(groups[2]?.items.map((c) => c.value)).not.toContain('ES');
  });
  it('names the downloaded QR after the property', () => {
    expect(qrFileName('Casa Añil · Sevilla')).toBe('qr-checkin-casa-anil-sevilla.png');
  });
});
