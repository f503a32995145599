import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; ±1 step of clock drift. */
export const totpPolicy = { digits: 6, periodSeconds: 30, window: 1, issuer: 'Posada' } as const;

function totp(secretBase32: string, label = '') {
  return new TOTP({
    issuer: totpPolicy.issuer,
    label,
    algorithm: 'SHA1',
    digits: totpPolicy.digits,
    period: totpPolicy.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, accountEmail: string): string {
  return totp(secretBase32, accountEmail).toString();
}

/** The 30-second step a code matches at `now` (within the window), or null. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: totpPolicy.window,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / totpPolicy.periodSeconds) + delta;
}

/** The code at `now` (tests and the demo's helpers compute codes as an authenticator app would). */
export function totpCode(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}

// Recovery codes: 10 of them, 50 random bits each, written xxxxx-xxxxx in an alphabet without look-alikes.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const recoveryCodeCount = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared case-insensitively and without the dash. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
