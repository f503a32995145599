import { describe, expect, it } from 'vitest';
import { operatorToday } from './today.ts';

const property = (id: string, time_zone: string) => ({
  id,
  nombre: id,
  logo: null,
  tipo_propiedad: 'apartamento' as const,
  accommodation_units: [],
  botGPT: false,
  guests: 2,
  currency: 'EUR',
  time_zone,
});

describe("the operator's today", () => {
  // 23:30 UTC: already tomorrow in Madrid, still today in Bogotá.
  const late = new Date('2026-12-07T23:30:00Z');
  const user = { properties: [property('bogota', 'America/Bogota'), property('madrid', 'Europe/Madrid')] };

  it("is the property's own day when one is at hand", () => {
    expect(operatorToday(user, 'bogota', late)).toBe('2026-12-07');
    expect(operatorToday(user, 'madrid', late)).toBe('2026-12-08');
  });

  it('is the latest day among the properties otherwise, whatever the browser says', () => {
    expect(operatorToday(user, null, late)).toBe('2026-12-08');
    expect(operatorToday({ properties: [property('bogota', 'America/Bogota')] }, undefined, late)).toBe(
      '2026-12-07',
    );
  });
});
