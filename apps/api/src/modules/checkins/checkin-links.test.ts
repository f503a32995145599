import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signaturePng } from '../../demo/seed-checkins.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import {
  checkinUrl,
  hashLinkToken,
  linkExpiry,
  newCheckinLink,
  openLinkToken,
  sendChannelOf,
} from './checkin-links.ts';
import { reminderDueAt } from './reminders.service.ts';

const box = createSecretBox('x'.repeat(40));

describe('check-in links', () => {
  it('makes a 32-byte token, its SHA-256 lookup hash, and a sealed copy bound to the check-in', () => {
    const link = newCheckinLink(box, 'c1');
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.hash).toBe(hashLinkToken(link.token));
    expect(link.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(openLinkToken(box, 'c1', link.sealed)).toBe(link.token);
    expect(() => openLinkToken(box, 'c2', link.sealed)).toThrow();
    expect(newCheckinLink(box, 'c1').token).not.toBe(link.token);
  });

  it('builds the guest URL and expires the link at midnight after the stay in the property zone', () => {
    expect(checkinUrl('https://app.example/', 'p1', 'tok')).toBe(
      'https://app.example/checkin/customers/previe/p1/?t=tok',
    );
    expect(linkExpiry('2026-12-04', 'Europe/Madrid').toISOString()).toBe('2026-12-04T23:00:00.000Z');
    expect(linkExpiry('2026-07-04', 'Europe/Madrid').toISOString()).toBe('2026-07-04T22:00:00.000Z');
  });

  it('sends on the confirmation channel, e-mail first, e-mail when none is on', () => {
    const off = { confirmEmail: false, confirmWhatsapp: false, confirmSms: false };
    expect(sendChannelOf(off)).toBe('email');
    expect(sendChannelOf({ ...off, confirmSms: true })).toBe('sms');
    expect(sendChannelOf({ ...off, confirmSms: true, confirmWhatsapp: true })).toBe('whatsapp');
    expect(sendChannelOf({ confirmEmail: true, confirmWhatsapp: true, confirmSms: true })).toBe('email');
  });

  it('places a reminder hour in the time zone, minutes included, across DST', () => {
    expect(reminderDueAt('2026-11-20', '11:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-11-20T10:30:00.000Z',
    );
    expect(reminderDueAt('2026-07-01', '09:15', 'Europe/Madrid').toISOString()).toBe(
      '2026-07-01T07:15:00.000Z',
    );
    expect(reminderDueAt('2026-07-01', '09:15', 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:15:00.000Z',
    );
  });

  it('draws a demo signature as a valid grayscale PNG', () => {
    const url = signaturePng(7);
    const png = Buffer.from(url.replace('data:image/png;base64,', ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(160);
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw).toHaveLength(48 * 161);
    expect([...raw].some((b) => b === 20)).toBe(true);
  });
});
