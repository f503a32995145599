import { describe, expect, it } from 'vitest';
import { analyse, conceptCount } from './lexicon.ts';
import { canon, isStopword, normaliseQuestion, normaliseText } from './normalise.ts';

const terms = (text: string) =>
  analyse(text, { typos: true })
    .map((t) => t.term)
    .join(' ');

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

describe('the concept lexicon', () => {
  it('has about sixty concepts', () => {
    expect(conceptCount).toBeGreaterThanOrEqual(60);
  });

  it('names Wi-Fi the same in the three languages, typos included', () => {
    for (const text of [
      'wifi?',
      'la contraseña de internet',
      'password',
      'كلمة سر الواي فاي',
      'الانترنت',
      'wiifi',
    ])
      expect(terms(text), text).toContain('#wifi');
  });

  it('names parking, check-in, check-out and towels across languages', () => {
    expect(terms('¿Dónde aparco?')).toContain('#parking');
    expect(terms('هل يوجد موقف؟')).toContain('#parking');
    expect(terms('arrival time')).toContain('#checkin');
    expect(terms('موعد الوصول')).toContain('#checkin');
    expect(terms('hora de salida')).toContain('#checkout');
    expect(terms('المغادرة')).toContain('#checkout');
    expect(terms('toallas')).toContain('#towels');
    expect(terms('المناشف')).toContain('#towels');
  });

  it('reads a phrase before its words: late check-out is not check-out', () => {
    expect(terms('late check-out')).toBe('#late_checkout');
    expect(terms('salida tardía')).toBe('#late_checkout');
  });

  it('drops stopwords and greetings', () => {
    expect(isStopword('hola')).toBe(true);
    expect(isStopword('the')).toBe(true);
    expect(isStopword('هل')).toBe(true);
    expect(terms('Hola, buenas tardes, gracias')).toBe('');
  });

  it('does not read a short word as a misspelt concept', () => {
    // "leave" is one letter from "llave", "never" from "nevera", "llevar" from "llegar".
    expect(terms('never')).not.toContain('#kitchen');
    expect(terms('llevar')).not.toContain('#checkin');
  });
});
