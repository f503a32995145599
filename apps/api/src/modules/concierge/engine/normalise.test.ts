import { describe, expect, it } from 'vitest';
import { canon, normaliseQuestion, normaliseText } from './normalise.ts';

describe('normaliseText', () => {
  it('lowercases and strips Spanish accents and punctuation', () => {
    expect(normaliseText('¿Cuál es la CONTRASEÑA del Wi-Fi?')).toBe('cual es la contrasena del wi fi');
  });

  it('removes Arabic tashkeel and tatweel and unifies alef, ta marbuta and alef maqsura', () => {
    expect(normaliseText('إِنْتَرْنِت')).toBe('انترنت');
    expect(normaliseText('آمنة')).toBe('امنه');
    expect(normaliseText('مســـبح')).toBe('مسبح');
    expect(normaliseText('متى')).toBe('متي');
    expect(normaliseText('الساعة ١٤:٠٠')).toBe('الساعه 14 00');
  });
});

describe('canon (light stemming)', () => {
  it('strips the Arabic article and attached prefixes', () => {
    expect(canon('المسبح')).toBe('مسبح');
    expect(canon('والمناشف')).toBe('مناشف');
    expect(canon('بالمطبخ')).toBe(canon('مطبخ'));
  });

  it('reads plurals as their singular in Spanish and English', () => {
    expect(canon('toallas')).toBe(canon('toalla'));
    expect(canon('towels')).toBe(canon('towel'));
  });
});

describe('normaliseQuestion (the pending question key)', () => {
  it('gives the same key to the same question written differently', () => {
    expect(normaliseQuestion('¿Hay GIMNASIO?', 'es')).toBe(normaliseQuestion('hay gimnasio', 'es'));
    expect(normaliseQuestion('هَلْ يوجد مصعد؟', 'ar')).toBe(normaliseQuestion('هل يوجد مصعد', 'ar'));
  });

  it('keeps different questions apart', () => {
    expect(normaliseQuestion('¿Hay gimnasio?', 'es')).not.toBe(normaliseQuestion('¿Hay piscina?', 'es'));
  });
});
