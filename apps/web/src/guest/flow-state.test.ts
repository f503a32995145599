import { describe, expect, it } from 'vitest';
import { today } from './flow-state.ts';

describe("the guest flow's today is the property's date", () => {
  it('is still the evening before in Bogotá when UTC has passed midnight', () => {
    const now = new Date('2026-11-21T02:30:00Z');
    expect(now.toISOString().slice(0, 10)).toBe('2026-11-21');
    expect(today('America/Bogota', now)).toBe('2026-11-20');
  });

  it('is already tomorrow in Kiritimati while UTC is still on today', () => {
    const now = new Date('2026-11-20T11:00:00Z');
    expect(today('Pacific/Kiritimati', now)).toBe('2026-11-21');
    expect(today('Europe/Madrid', now)).toBe('2026-11-20');
  });
});
