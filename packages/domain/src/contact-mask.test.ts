import { describe, expect, it } from 'vitest';
import { maskContact, maskEmail, maskPhone } from './contact-mask.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('maria@example.com')).toBe('m•••@example.com');
    expect(maskEmail('  Lucia.Martinez+stay@mail.example.org ')).toBe('L•••@mail.example.org');
  });
  it('never answers the address it was given', () => {
    expect(maskEmail('a@b.co')).toBe('a•••@b.co');
    expect(maskEmail('not-an-address')).toBe('•••');
    expect(maskEmail('')).toBe('•••');
  });
});

describe('maskPhone', () => {
  it('shows the country code, the first digit and the last two, in groups of three', () => {
    expect(maskPhone('+34 612 345 612')).toBe('+34 6•• ••• •12');
    expect(maskPhone('+34612345678')).toBe('+34 6•• ••• •78');
    expect(maskPhone('+57 301 234 5678')).toBe('+57 3•• ••• ••78');
  });
  it('reads numbers without a prefix as Spanish', () => {
    expect(maskPhone('612345678')).toBe('+34 6•• ••• •78');
  });
  it('masks numbers it cannot parse by their digits', () => {
    expect(maskPhone('+999 1234 5678')).toBe('+9•• ••• ••• 78');
    expect(maskPhone('1234')).toBe('•••4');
    expect(maskPhone('')).toBe('•••');
  });
  it('hides every digit but three', () => {
    const masked = maskPhone('+34 699 887 766');
    expect(masked.replace(/\D/g, '')).toBe('34666');
  });
});

describe('maskContact', () => {
  it('masks phones for WhatsApp and SMS and e-mails for e-mail', () => {
    expect(maskContact('whatsapp', '+34612345612')).toBe('+34 6•• ••• •12');
    expect(maskContact('sms', '+34612345612')).toBe('+34 6•• ••• •12');
    expect(maskContact('email', 'maria@example.com')).toBe('m•••@example.com');
  });
});
