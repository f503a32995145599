import type { BotQuestion } from '@posada/contracts/concierge';
import { describe, expect, it } from 'vitest';
import {
  commonQuestions,
  filterQuestions,
  initialPreviewLanguage,
  missingSuggestions,
  normalise,
  pickProperty,
} from './knowledge.ts';

const question = (id: string, status: BotQuestion['status'], es: string, answerEn = ''): BotQuestion => ({
  id,
  property_id: 'p',
  question: { es, en: '', ar: '' },
  answer: { es: '', en: answerEn, ar: '' },
  image_url: null,
  status,
  source: 'operator',
  asked_count: 0,
  last_asked_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

describe('the questions list', () => {
  const items = [
    question('1', 'answered', '¿Dónde aparco?', 'In the garage'),
    question('2', 'pending', '¿Hay cuna?'),
    question('3', 'answered', '¿Cuál es el wifi?'),
  ];

  it('shows only the tab, and searches without accents in every language of question and answer', () => {
    expect(filterQuestions(items, 'answered', '').map((q) => q.id)).toEqual(['1', '3']);
    expect(filterQuestions(items, 'answered', 'DONDE').map((q) => q.id)).toEqual(['1']);
    expect(filterQuestions(items, 'answered', 'garage').map((q) => q.id)).toEqual(['1']);
    expect(filterQuestions(items, 'pending', 'wifi')).toEqual([]);
  });

  it('normalises Arabic diacritics and tatweel', () => {
    expect(normalise('مَـرحبًا')).toBe(normalise('مرحبا'));
  });

  it('suggests only the common questions not written yet', () => {
    const written = [question('9', 'answered', commonQuestions[0]?.es.toUpperCase() ?? '')];
    const missing = missingSuggestions(written);
    expect(missing).toHaveLength(commonQuestions.length - 1);
    expect(missing.every((q) => q.es && q.en && q.ar)).toBe(true);
  });
});

describe('the editor property and preview language', () => {
  it('keeps the remembered property while the account has it', () => {
    expect(pickProperty(['a', 'b'], 'b', 'a')).toBe('b');
    expect(pickProperty(['a', 'b'], 'gone', 'a')).toBe('a');
    expect(pickProperty(['a', 'b'], null, null)).toBe('a');
    expect(pickProperty([], 'a', 'a')).toBeNull();
  });

  it('previews in the interface language when the bot speaks it', () => {
    expect(initialPreviewLanguage('ar')).toBe('ar');
    expect(initialPreviewLanguage('en-GB')).toBe('en');
    expect(initialPreviewLanguage('fr')).toBe('es');
  });
});
