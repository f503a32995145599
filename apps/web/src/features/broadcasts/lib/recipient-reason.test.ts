import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/broadcasts.json';
import { recipientReasonOf } from './recipient-reason.ts';

describe("a recipient's reason", () => {
  it("shows a provider code's words, never the bare code", () => {
    const text = 'No se pudo entregar: el número no usa WhatsApp o no aceptó las condiciones.';
    expect(recipientReasonOf({ reason: '131026', reason_text: text })).toEqual({
      kind: 'provider',
      code: '131026',
      text,
    });
    // A code the API has no words for: named as the provider's error with its code.
    expect(recipientReasonOf({ reason: '131999', reason_text: null })).toEqual({
      kind: 'provider',
      code: '131999',
      text: null,
    });
  });

  it("keeps Posada's own reasons on the screen's labels", () => {
    for (const code of ['opted_out', 'daily_limit', 'no_phone', 'cancelled', 'no_sender']) {
      expect(recipientReasonOf({ reason: code, reason_text: null })).toEqual({ kind: 'posada', code });
      expect((en.skip as Record<string, string>)[code], code).toBeTruthy();
    }
    expect(recipientReasonOf({ reason: null, reason_text: null })).toEqual({ kind: 'none' });
  });
});
