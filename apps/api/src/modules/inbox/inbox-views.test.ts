import { describe, expect, it } from 'vitest';
import { optChangeOf, phoneDigits, windowClosesAt } from './inbox-views.ts';

describe('the 24-hour window', () => {
  const last = new Date('2026-11-20T10:00:00Z');
  it('is open until 24 h after the guest last wrote, then closed', () => {
    expect(windowClosesAt(last, new Date('2026-11-21T09:59:59Z'))).toEqual(new Date('2026-11-21T10:00:00Z'));
    expect(windowClosesAt(last, new Date('2026-11-21T10:00:00Z'))).toBeNull();
    expect(windowClosesAt(null, last)).toBeNull();
  });
});

describe('opt-out words', () => {
  it('stop mass messages for STOP, BAJA or UNSUBSCRIBE written alone, in any case and with punctuation', () => {
    for (const word of ['STOP', 'stop', ' Baja. ', '¡BAJA!', 'Unsubscribe', 'parar', 'إيقاف'])
      expect(optChangeOf(word), word).toBe('out');
  });
  it('start them again for START or ALTA', () => {
    expect(optChangeOf('start')).toBe('in');
    expect(optChangeOf('Alta')).toBe('in');
  });
  it('leave a sentence that contains the word alone', () => {
    expect(optChangeOf('No pares, stop the music')).toBeNull();
    expect(optChangeOf('¿Hay parada de bus?')).toBeNull();
    expect(optChangeOf('')).toBeNull();
  });
});

describe('phone digits', () => {
  it('are the E.164 digits without +, or null', () => {
    expect(phoneDigits('+34 600 111 222')).toBe('34600111222');
    expect(phoneDigits('34600111222')).toBe('34600111222');
    expect(phoneDigits('12')).toBeNull();
    expect(phoneDigits(null)).toBeNull();
  });
});
