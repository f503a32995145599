import { describe, expect, it } from 'vitest';
import {
  canCreateProperty,
  defaultCurrency,
  type WizardDraft,
  wizardProgress,
  wizardSteps,
  wizardValidity,
} from './property-wizard.ts';

const empty: WizardDraft = {
  tipo: 'apartamento',
  nombre: '',
  pais: '',
  address: '',
  city: '',
  roomTypeName: '',
  roomTypeAdults: 0,
  rooms: [],
  priceNight: null,
  description: { es: '', en: '', ar: '' },
};

describe('property wizard', () => {
  it('has 7 steps for apartments, villas or no type and 8 for hotels and campings', () => {
    expect(wizardSteps('apartamento')).toHaveLength(7);
    expect(wizardSteps('villa')).toHaveLength(7);
    expect(wizardSteps(null)).toHaveLength(7);
    expect(wizardSteps('hotel')).toHaveLength(8);
    expect(wizardSteps('camping')).toEqual([
      'name',
      'location',
      'logo',
      'roomType',
      'rooms',
      'services',
      'price',
      'description',
    ]);
  });

  it('starts with steps 1, 2, 6 and 7 invalid and 3, 4, 5 valid (spec 4)', () => {
    expect(wizardValidity(empty)).toEqual([false, false, true, true, true, false, false]);
  });

  it('requires room type name, adults and a named room for hotels', () => {
    const hotel = { ...empty, tipo: 'hotel', nombre: 'H', pais: 'ES', address: 'Calle 1', city: 'Madrid' };
    expect(wizardValidity(hotel)).toEqual([true, true, true, false, false, true, false, false]);
    const filled = {
      ...hotel,
      roomTypeName: 'Doble',
      roomTypeAdults: 2,
      rooms: [{ name: '101' }],
      priceNight: 90,
    };
    expect(wizardValidity({ ...filled, description: { es: '', en: 'Nice', ar: '' } })).toEqual(
      Array(8).fill(true),
    );
    expect(wizardValidity({ ...filled, rooms: [{ name: ' ' }] })[4]).toBe(false);
  });

  it('fills the progress bar 14 per step and completely on the last step', () => {
    expect(wizardProgress(1, 7)).toBe(14);
    expect(wizardProgress(3, 7)).toBe(42);
    expect(wizardProgress(7, 7)).toBe(100);
    expect(wizardProgress(8, 8)).toBe(100);
  });

  it('uses COP for Colombia and EUR otherwise', () => {
    expect(defaultCurrency('CO')).toBe('COP');
    expect(defaultCurrency('ES')).toBe('EUR');
  });

  it('refuses a property at or above the quantity', () => {
    expect(canCreateProperty(0, 1)).toBe(true);
    expect(canCreateProperty(1, 1)).toBe(false);
    expect(canCreateProperty(3, 2)).toBe(false);
  });
});
