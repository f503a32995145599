import { describe, expect, it } from 'vitest';
import { allowedActions, answerable, replyLanguage, sameUnit, smallTalk } from './policy.ts';

describe('concierge policy rules', () => {
  it('allows only the actions the settings list; no settings row allows nothing', () => {
    expect(allowedActions(null)).toEqual([]);
    expect(allowedActions({ allowedActions: ['handover', 'send_door_code', 'fly_to_the_moon'] })).toEqual([
      'send_door_code',
      'handover',
    ]);
  });

  it('answers questions, not scores, opt-outs, emojis or captionless media', () => {
    expect(answerable({ type: 'text', body: '¿Hay parking?' })).toBe(true);
    expect(answerable({ type: 'image', body: '¿Esto es la entrada?' })).toBe(true);
    for (const body of ['8', '8/10', '8 de 10', '9 out of 10', '٨ من ١٠', 'STOP', 'baja', '👍', ''])
      expect(answerable({ type: 'text', body }), body).toBe(false);
    expect(answerable({ type: 'image', body: '' })).toBe(false);
    expect(answerable({ type: 'audio', body: '' })).toBe(false);
    expect(answerable({ type: 'reaction', body: '❤️' })).toBe(false);
  });

  it('tells thanks and a bare greeting from a question', () => {
    expect(smallTalk('¡Muchas gracias!')).toBe('thanks');
    expect(smallTalk('ok, thanks')).toBe('thanks');
    expect(smallTalk('شكرا')).toBe('thanks');
    expect(smallTalk('Hola, buenas tardes')).toBe('greeting');
    expect(smallTalk('مرحبا')).toBe('greeting');
    expect(smallTalk('Hola, ¿hay wifi?')).toBeNull();
    expect(smallTalk('gracias, ¿a qué hora es el check-out?')).toBeNull();
  });

  it("answers in the text's clear language, else the check-in's", () => {
    expect(replyLanguage('What time is check-out?', 'es')).toBe('en');
    expect(replyLanguage('ما هي كلمة مرور الواي فاي؟', 'es')).toBe('ar');
    expect(replyLanguage('¿A qué hora es la salida?', 'en')).toBe('es');
    expect(replyLanguage('parking', 'en')).toBe('en');
    expect(replyLanguage('wifi?', 'ar')).toBe('ar');
    expect(replyLanguage('wifi?', null)).toBe('es');
  });

  it('treats stays as one unit unless both chose rooms with none in common', () => {
    expect(sameUnit([], [])).toBe(true);
    expect(sameUnit(['r1'], [])).toBe(true);
    expect(sameUnit(['r1', 'r2'], ['r2'])).toBe(true);
    expect(sameUnit(['r1'], ['r2'])).toBe(false);
  });
});
