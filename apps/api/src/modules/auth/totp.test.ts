import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, totpCode } from './totp.ts';

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890" (base32 below), 8 digits there, last 6 here.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('computes the RFC 6238 reference values (last 6 digits)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the previous and next 30-second step and nothing further', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-20T10:00:15Z');
    const step = Math.floor(at.getTime() / 30_000);
    expect(matchingStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(matchingStep(secret, 'abcdef', at)).toBeNull();
  });

  it('makes 10 distinct recovery codes, compared without case or dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const first = codes[0] as string;
    expect(hashRecoveryCode(first.toUpperCase().replace('-', ''))).toBe(hashRecoveryCode(first));
  });
});
