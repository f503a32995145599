import type { DirectBookingSettings, WebUnit } from '@posada/contracts/direct-booking';
import { describe, expect, it } from 'vitest';
import {
  accountCurrency,
  discountBody,
  discountFormValues,
  validateDiscount,
  withDirectBookingNamespace,
} from './discount-form.ts';
import { buttonSnippet, iframeSnippet, qrFileName, whatsAppShareLink } from './share.ts';
import { groupUnitsByProperty, websiteState, withUnitActive } from './units.ts';

const translate = (key: string) => key;

const unit = (over: Partial<WebUnit>): WebUnit => ({
  id: 'u1',
  property_id: 'p1',
  kind: 'property',
  name: 'Casa Azul',
  property_name: 'Casa Azul',
  web_reservation_active: false,
  ...over,
});

const settings = (over: Partial<DirectBookingSettings> = {}): DirectBookingSettings => ({
  enable_web_reservations: true,
  payment_type: 'on_arrival',
  online_payments_ready: false,
  discount_enabled: false,
  discount_type: 'percentage',
  discount_value: 0,
  slug: 'casa-azul',
  url: 'https://posada.test/book/casa-azul',
  units: [unit({ web_reservation_active: true })],
  plan_active: true,
  ...over,
});

describe('discount form', () => {
  it('refuses a percentage over 100 with the translated contract message, under the value field', () => {
    const errors = validateDiscount(
      { discount_enabled: true, discount_type: 'percentage', amount: 150 },
      'EUR',
      translate,
    );
    expect(errors).toEqual({ amount: 'direct-booking:validation.discount_percentage' });
  });

  it('accepts 1 and 100 percent and refuses 0', () => {
    const check = (amount: number) =>
      validateDiscount({ discount_enabled: true, discount_type: 'percentage', amount }, 'EUR', translate);
    expect(check(1)).toEqual({});
    expect(check(100)).toEqual({});
    expect(check(0).amount).toBe('direct-booking:validation.discount_percentage');
  });

  it('says "required" for an empty value only while the discount is on', () => {
    expect(
      validateDiscount({ discount_enabled: true, discount_type: 'fixed', amount: '' }, 'EUR', translate),
    ).toEqual({ amount: 'common:validation.required' });
    expect(
      validateDiscount(
        { discount_enabled: false, discount_type: 'percentage', amount: 150 },
        'EUR',
        translate,
      ),
    ).toEqual({});
  });

  it('sends a fixed discount in minor units of the currency and a percentage as typed', () => {
    expect(discountBody({ discount_enabled: true, discount_type: 'fixed', amount: 12.5 }, 'EUR')).toEqual({
      discount_enabled: true,
      discount_type: 'fixed',
      discount_value: 1250,
    });
    expect(discountBody({ discount_enabled: true, discount_type: 'percentage', amount: 10 }, 'EUR')).toEqual({
      discount_enabled: true,
      discount_type: 'percentage',
      discount_value: 10,
    });
    // Switching the discount off keeps the stored type and value.
    expect(discountBody({ discount_enabled: false, discount_type: 'fixed', amount: 5 }, 'EUR')).toEqual({
      discount_enabled: false,
    });
  });

  it('shows a stored fixed discount in currency units, and an unset one as an empty field', () => {
    expect(discountFormValues(settings({ discount_type: 'fixed', discount_value: 2050 }), 'EUR').amount).toBe(
      20.5,
    );
    expect(discountFormValues(settings({ discount_value: 0 }), 'EUR').amount).toBe('');
  });

  it('maps the contract namespace direct_booking to the web file direct-booking', () => {
    const t = withDirectBookingNamespace((key) => key);
    expect(t('direct_booking:validation.discount_fixed')).toBe('direct-booking:validation.discount_fixed');
    expect(t('common:validation.required')).toBe('common:validation.required');
  });

  it("takes the account's currency from its first property, EUR otherwise", () => {
    expect(accountCurrency([{ currency: 'COP' }])).toBe('COP');
    expect(accountCurrency([])).toBe('EUR');
    expect(accountCurrency([{ currency: 'XYZ' }])).toBe('EUR');
  });
});

describe('units', () => {
  it("groups a hotel's room types under their property, by name, whatever order the API answers", () => {
    const groups = groupUnitsByProperty([
      unit({ id: 'c', property_id: 'h', kind: 'room_type', name: 'Suite', property_name: 'Hotel' }),
      unit({ id: 'a', property_id: 'p1', property_name: 'Casa Azul' }),
      unit({ id: 'b', property_id: 'h', kind: 'room_type', name: 'Doble', property_name: 'Hotel' }),
    ]);
    expect(groups.map((g) => [g.property_name, g.units.map((u) => u.id)])).toEqual([
      ['Casa Azul', ['a']],
      ['Hotel', ['b', 'c']],
    ]);
  });

  it('switches one unit without touching the others', () => {
    const before = settings({ units: [unit({ id: 'a' }), unit({ id: 'b' })] });
    const after = withUnitActive(before, 'b', true);
    expect(after.units.map((u) => u.web_reservation_active)).toEqual([false, true]);
    expect(before.units[1]?.web_reservation_active).toBe(false);
  });

  it('says why the website takes no bookings', () => {
    expect(websiteState(settings({ plan_active: false }))).toBe('no_plan');
    expect(websiteState(settings({ enable_web_reservations: false }))).toBe('off');
    expect(websiteState(settings({ units: [unit({ web_reservation_active: false })] }))).toBe('no_units');
    expect(websiteState(settings())).toBe('on');
  });
});

describe('share', () => {
  it('prefills WhatsApp with the text and no number', () => {
    expect(whatsAppShareLink('Reserva: https://x.test/book/a?b=1&c')).toBe(
      'https://wa.me/?text=Reserva%3A%20https%3A%2F%2Fx.test%2Fbook%2Fa%3Fb%3D1%26c',
    );
  });

  it('escapes the snippets so a name cannot break out of the HTML', () => {
    expect(iframeSnippet('https://x.test/book/a', 'Casa "Azul"')).toContain('title="Casa &quot;Azul&quot;"');
    expect(iframeSnippet('https://x.test/book/a', 'x')).toContain('src="https://x.test/book/a"');
    const button = buttonSnippet('https://x.test/book/a?x=1&y=2', '<Reservar>');
    expect(button).toContain('href="https://x.test/book/a?x=1&amp;y=2"');
    expect(button).toContain('>&lt;Reservar&gt;</a>');
  });

  it('names the QR file after the slug', () => {
    expect(qrFileName('Casa Azul')).toBe('reserva-directa-casa-azul.png');
    expect(qrFileName('***')).toBe('reserva-directa-qr.png');
  });
});
