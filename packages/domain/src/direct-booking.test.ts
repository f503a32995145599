import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountAmount, discountError, slugCandidate, slugify } from './direct-booking.ts';

describe('slugify', () => {
  it('folds accents and joins words with hyphens', () => {
    expect(slugify('Casa Rural Las Encinas')).toBe('casa-rural-las-encinas');
    expect(slugify('  Hostal Peñón & Niño — Málaga!! ')).toBe('hostal-penon-nino-malaga');
    expect(slugify('Straße Ørsted')).toBe('strasse-orsted');
  });

  it('falls back to a plain word when no Latin letter or digit is left', () => {
    expect(slugify('فندق الواحة')).toBe('alojamiento');
    expect(slugify('---')).toBe('alojamiento');
  });

  it('is always lower-case ASCII, without leading, trailing or double hyphens, and short', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(48);
      }),
    );
  });

  it('numbers the next candidates after a collision', () => {
    expect(slugCandidate('casa-azul', 1)).toBe('casa-azul');
    expect(slugCandidate('casa-azul', 2)).toBe('casa-azul-2');
    expect(slugCandidate('casa-azul', 10)).toBe('casa-azul-10');
  });
});

describe('discountAmount', () => {
  it('takes a percentage of the subtotal, rounded to the unit', () => {
    expect(discountAmount(30_000, { enabled: true, type: 'percentage', value: 10 })).toBe(3_000);
    expect(discountAmount(999, { enabled: true, type: 'percentage', value: 15 })).toBe(150);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discountAmount(30_000, { enabled: true, type: 'fixed', value: 2_500 })).toBe(2_500);
    expect(discountAmount(2_000, { enabled: true, type: 'fixed', value: 2_500 })).toBe(2_000);
  });

  it('is zero when the discount is off', () => {
    expect(discountAmount(30_000, { enabled: false, type: 'percentage', value: 10 })).toBe(0);
  });

  it('never leaves a negative total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('percentage' as const, 'fixed' as const),
        fc.integer({ min: 0, max: 100_000_000 }),
        (subtotal, type, value) => {
          const amount = discountAmount(subtotal, { enabled: true, type, value });
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(subtotal - amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('discountError (spec 5)', () => {
  it('wants a percentage between 1 and 100', () => {
    expect(discountError({ enabled: true, type: 'percentage', value: 0 })).toBe(
      'direct_booking.discount_percentage',
    );
    expect(discountError({ enabled: true, type: 'percentage', value: 101 })).toBe(
      'direct_booking.discount_percentage',
    );
    expect(discountError({ enabled: true, type: 'percentage', value: 1 })).toBeNull();
    expect(discountError({ enabled: true, type: 'percentage', value: 100 })).toBeNull();
  });

  it('wants a fixed discount of at least one unit', () => {
    expect(discountError({ enabled: true, type: 'fixed', value: 0 })).toBe('direct_booking.discount_fixed');
    expect(discountError({ enabled: true, type: 'fixed', value: 5_000 })).toBeNull();
  });

  it('checks nothing while the discount is off', () => {
    expect(discountError({ enabled: false, type: 'percentage', value: 500 })).toBeNull();
  });
});
