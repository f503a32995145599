import { describe, expect, it } from 'vitest';
import { createSessionSigner, SESSION_TTL_MS } from './session.ts';

const now = new Date('2026-11-20T10:00:00Z');
const claims = { propertyId: 'p1', checkinId: 'c1', code: true, messaging: false, language: 'es' };

describe('guest check-in session token', () => {
  it('round-trips its claims for two hours, then expires', () => {
    const signer = createSessionSigner('x'.repeat(40));
    const { token } = signer.issue(claims, now);
    expect(signer.verify(token, now)).toMatchObject(claims);
    expect(signer.verify(token, new Date(now.getTime() + SESSION_TTL_MS - 1))).not.toBeNull();
    expect(signer.verify(token, new Date(now.getTime() + SESSION_TTL_MS))).toBeNull();
  });

  it('refuses a changed payload, another secret, and garbage', () => {
    const signer = createSessionSigner('x'.repeat(40));
    const { token } = signer.issue(claims, now);
    const [payload = '', sig = ''] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), messaging: true }),
    ).toString('base64url');
    expect(signer.verify(`${altered}.${sig}`, now)).toBeNull();
    expect(createSessionSigner('y'.repeat(40)).verify(token, now)).toBeNull();
    expect(signer.verify('abc', now)).toBeNull();
    expect(signer.verify(`${token}.x`, now)).toBeNull();
  });

  it('keeps the session id when re-issued', () => {
    const signer = createSessionSigner('x'.repeat(40));
    const first = signer.issue(claims, now);
    const second = signer.issue({ ...first.claims, messaging: true }, now);
    expect(second.claims.sid).toBe(first.claims.sid);
  });
});
