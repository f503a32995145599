import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

/**
 * The guest's check-in session: a stateless token signed with HMAC-SHA-256 under a key derived from
 * APP_SECRET with HKDF (as lib/secret-box.ts derives its keys, info 'posada:checkin.session'). It carries
 * the property, the check-in once known, what the guest has proven (code, messaging), the language and
 * an id for the per-session attempt counters. Two hours; every step that proves something issues a new one.
 *
 *   <payload base64url>.<signature base64url>
 */
export interface SessionClaims {
  /** Session id: stays the same across re-issued tokens (attempt counters are keyed by it). */
  sid: string;
  propertyId: string;
  checkinId: string | null;
  code: boolean;
  messaging: boolean;
  language: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;

export interface SessionSigner {
  issue(
    claims: Omit<SessionClaims, 'exp' | 'sid'> & { sid?: string },
    now: Date,
  ): { token: string; claims: SessionClaims };
  /** The claims, or null when the token is malformed, forged or expired. */
  verify(token: string, now: Date): SessionClaims | null;
}

const sessionKey = (appSecret: string) =>
  Buffer.from(
    hkdfSync('sha256', appSecret, Buffer.from('posada/checkin-session/v1'), 'posada:checkin.session', 32),
  );

/** `previousSecret`: APP_SECRET_PREVIOUS during a rotation; sessions it signed stay valid until they expire. */
export function createSessionSigner(appSecret: string, previousSecret?: string): SessionSigner {
  const keys = [appSecret, ...(previousSecret && previousSecret !== appSecret ? [previousSecret] : [])].map(
    sessionKey,
  );
  const signWith = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();
  const sign = (payload: string) => signWith(keys[0] as Buffer, payload);

  return {
    issue(input, now) {
      const claims: SessionClaims = {
        sid: input.sid ?? randomBytes(12).toString('base64url'),
        propertyId: input.propertyId,
        checkinId: input.checkinId,
        code: input.code,
        messaging: input.messaging,
        language: input.language,
        exp: now.getTime() + SESSION_TTL_MS,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${payload}.${sign(payload).toString('base64url')}`, claims };
    },

    verify(token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const signed = keys.some((key) => {
        const expected = signWith(key, payload);
        return sameSecret(given, expected);
      });
      if (!signed) return null;
      let claims: SessionClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionClaims;
      } catch {
        return null;
      }
      if (typeof claims.exp !== 'number' || claims.exp <= now.getTime()) return null;
      if (typeof claims.sid !== 'string' || typeof claims.propertyId !== 'string') return null;
      return claims;
    },
  };
}
