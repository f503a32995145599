import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for sessions, e-mailed links and OAuth state: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not hand out working tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** PKCE S256 (RFC 7636): base64url(sha256(code_verifier)). */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}
