import { describe, expect, it } from 'vitest';
import { gsm7Septets, isGsm7, smartEncode, smsSegments } from './twilio.segments.ts';

describe('GSM 03.38 tables', () => {
  it('the basic table has the Spanish letters it really has, and not á í ó ú ç', () => {
    for (const c of [
      'ñ',
      'Ñ',
      'é',
      'É',
      'è',
      'ù',
      'ì',
      'ò',
      'à',
      'ü',
      'Ü',
      '¿',
      '¡',
      'Ç',
      '@',
      '£',
      '§',
      'Δ',
      '_',
    ]) {
      expect(gsm7Septets(c), c).toBe(1);
    }
    for (const c of ['á', 'í', 'ó', 'ú', 'Á', 'Í', 'Ó', 'Ú', 'ç', 'ê', 'â', '`', '\t', 'º', 'ª', '😀']) {
      expect(gsm7Septets(c), c).toBe(0);
    }
  });

  it('the extension table characters cost two septets', () => {
    for (const c of ['€', '[', ']', '{', '}', '\\', '^', '~', '|', '\f']) expect(gsm7Septets(c), c).toBe(2);
    expect(smsSegments('€').units).toBe(2);
  });

  it('"Llegó tu código" and "¿Llegarás mañana?" are UCS-2 (ó, á); "¿Llegaras mañana?" is GSM-7', () => {
    expect(isGsm7('Llegó tu código')).toBe(false);
    expect(smsSegments('Llegó tu código')).toEqual({ encoding: 'UCS-2', units: 15, segments: 1 });
    expect(smsSegments('¿Llegarás mañana?').encoding).toBe('UCS-2'); // the á
    expect(smsSegments('¿Llegaras mañana?')).toEqual({ encoding: 'GSM-7', units: 17, segments: 1 });
  });
});

describe('segment counts', () => {
  it('GSM-7: 160 in one segment, then 153 per segment', () => {
    expect(smsSegments('a'.repeat(160)).segments).toBe(1);
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('a'.repeat(1600)).segments).toBe(11);
  });

  it('GSM-7: extension characters count double and an escape pair is never split', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'€'.repeat(80)}a`).segments).toBe(2);
    // 152 septets then a €: the pair does not fit in the first segment's one free septet.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      segments: 3,
    });
  });

  it('UCS-2: 70 in one segment, then 67 per segment; an emoji is two units and is not split', () => {
    expect(smsSegments('ó'.repeat(70)).segments).toBe(1);
    expect(smsSegments('ó'.repeat(71)).segments).toBe(2);
    expect(smsSegments('ó'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ó'.repeat(135)).segments).toBe(3);
    expect(smsSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    // 134 units fit two segments of 67, but the emoji after 66 units moves whole to the second one.
    expect(smsSegments(`${'ó'.repeat(66)}😀${'ó'.repeat(66)}`)).toEqual({
      encoding: 'UCS-2',
      units: 134,
      segments: 3,
    });
    expect(smsSegments(`${'ó'.repeat(65)}😀${'ó'.repeat(65)}`).segments).toBe(2);
  });

  it('Smart Encoding replaces look-alikes but keeps á and emoji', () => {
    const text = '“Hola” — tu código… ‘ok’';
    expect(smartEncode(text)).toBe('"Hola" - tu código... \'ok\'');
    expect(smsSegments('“Hola” — llega a las 15:00…', { smartEncoded: true }).encoding).toBe('GSM-7');
    expect(smsSegments('“Hola” — llega a las 15:00…').encoding).toBe('UCS-2');
    expect(smsSegments('Hola 😀', { smartEncoded: true }).encoding).toBe('UCS-2');
    expect(smartEncode('ＡＢＣ１２３')).toBe('ABC123');
  });
});
