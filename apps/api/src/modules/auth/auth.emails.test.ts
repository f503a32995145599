import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/messages.ts';
import { confirmationEmail, passwordResetEmail } from './auth.emails.ts';

const link = 'http://localhost:3000/verific/token/account/abc_DEF-123';

describe('sign-up and password e-mails', () => {
  it.each(locales)('carry the link in text and HTML, in %s', (locale) => {
    for (const mail of [
      confirmationEmail(locale, 'Lucía', link),
      passwordResetEmail(locale, 'Lucía', link),
    ]) {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Lucía');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
  });

  it('speaks the reader’s language, right to left in Arabic', () => {
    expect(confirmationEmail('es', 'Ana', link).subject).toBe('Confirma tu cuenta de Posada');
    expect(confirmationEmail('en', 'Ana', link).subject).toBe('Confirm your Posada account');
    expect(passwordResetEmail('es', 'Ana', link).text).toContain('caduca en 1 hora');
    expect(confirmationEmail('ar', 'Ana', link).html).toContain('dir="rtl"');
  });

  it('escapes a name that looks like HTML', () => {
    const mail = confirmationEmail('es', '<script>alert(1)</script>', link);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
