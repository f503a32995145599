import { describe, expect, it } from 'vitest';
import { emailReplyText, parseScoreReply, rescaleScore, reviewDueAt, reviewIsDue } from './reviews.ts';

describe('reviewDueAt', () => {
  it('is the departure day at the hour in the property time zone (winter, Madrid UTC+1)', () => {
    expect(reviewDueAt('2026-11-22', 0, 11, 'Europe/Madrid').toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('follows summer time (Madrid UTC+2)', () => {
    expect(reviewDueAt('2026-07-10', 0, 11, 'Europe/Madrid').toISOString()).toBe('2026-07-10T09:00:00.000Z');
  });

  it('adds the delay in days, across a month end', () => {
    expect(reviewDueAt('2026-11-29', 3, 9, 'Europe/Madrid').toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('crosses the DST change at the right offset (Madrid, last Sunday of March)', () => {
    expect(reviewDueAt('2026-03-28', 1, 10, 'Europe/Madrid').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('works west of Greenwich (Mexico City, UTC−6) and at midnight', () => {
    expect(reviewDueAt('2026-11-22', 1, 0, 'America/Mexico_City').toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it('the Canaries are an hour behind the peninsula', () => {
    expect(reviewDueAt('2026-11-22', 0, 11, 'Atlantic/Canary').toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
  });
});

describe('reviewIsDue', () => {
  const due = new Date('2026-11-22T10:00:00Z');
  it('not before the moment', () => {
    expect(reviewIsDue(due, new Date('2026-11-22T09:59:59Z'))).toBe(false);
  });
  it('from the moment on', () => {
    expect(reviewIsDue(due, due)).toBe(true);
    expect(reviewIsDue(due, new Date('2026-11-23T10:00:00Z'))).toBe(true);
  });
  it('not when the moment passed more than 48 hours ago', () => {
    expect(reviewIsDue(due, new Date('2026-11-24T10:00:01Z'))).toBe(false);
  });
});

describe('parseScoreReply', () => {
  it('reads a number on the scale', () => {
    expect(parseScoreReply('9', 10)).toBe(9);
    expect(parseScoreReply(' 10. ', 10)).toBe(10);
    expect(parseScoreReply('4/5', 5)).toBe(4);
    expect(parseScoreReply('8 de 10', 10)).toBe(8);
    expect(parseScoreReply('٧', 10)).toBe(7);
  });
  it('refuses numbers off the scale and sentences', () => {
    expect(parseScoreReply('0', 10)).toBeNull();
    expect(parseScoreReply('6', 5)).toBeNull();
    expect(parseScoreReply('11', 10)).toBeNull();
    expect(parseScoreReply('4/10', 5)).toBeNull();
    expect(parseScoreReply('llegamos a las 3', 10)).toBeNull();
    expect(parseScoreReply('3 personas', 10)).toBeNull();
    expect(parseScoreReply('7.5', 10)).toBeNull();
  });
});

describe('rescaleScore', () => {
  it('keeps a score on the same scale and maps 5 ↔ 10', () => {
    expect(rescaleScore(4, 5, 5)).toBe(4);
    expect(rescaleScore(4, 5, 10)).toBe(8);
    expect(rescaleScore(1, 10, 5)).toBe(1);
    expect(rescaleScore(9, 10, 5)).toBe(5);
  });
});

describe('emailReplyText', () => {
  it('drops the subject line and the quoted message', () => {
    expect(emailReplyText('Re: ¿Qué tal tu estancia en Casa Azul?\n\n8')).toBe('8');
    expect(
      emailReplyText(
        'RE: Stay\n\n9\n\nOn Tue, 24 Nov 2026, Casa Azul wrote:\n> How would you score your stay?',
      ),
    ).toBe('9');
    expect(emailReplyText('7\n> Del 1 al 10')).toBe('7');
  });
  it('keeps what the guest wrote', () => {
    expect(emailReplyText('Re: Hola\n\nLlegamos bien, gracias')).toBe('Llegamos bien, gracias');
  });
});
