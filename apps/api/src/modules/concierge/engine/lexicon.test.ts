import { describe, expect, it } from 'vitest';
import { analyse, conceptCount } from './lexicon.ts';
import { isStopword } from './normalise.ts';

const terms = (text: string) =>
  analyse(text, { typos: true })
    .map((t) => t.term)
    .join(' ');

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
