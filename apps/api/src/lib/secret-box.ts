import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of sensitive fields at rest (ARCHITECTURE §3 data protection): AES-256-GCM with a key per
 * purpose, derived from APP_SECRET with HKDF-SHA-256 (the purpose is the HKDF info), a random 96-bit IV per
 * message and a 128-bit tag. A sealed value is one ASCII string:
 *
 *   v1:<iv base64url>:<tag base64url>:<ciphertext base64url>
 *
 * The version prefix leaves room for another algorithm or key later. A value sealed for one purpose cannot
 * be opened for another (different key), and an optional `context` (for example the row's id) is bound as
 * additional authenticated data, so a sealed value copied onto another row does not open there either.
 */
export type SecretBox = {
  seal(plaintext: string, purpose: string, context?: string): string;
  /** The plaintext; throws SecretBoxError when the value is malformed, altered, or sealed otherwise. */
  open(sealed: string, purpose: string, context?: string): string;
};

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const SALT = Buffer.from('posada/secret-box/v1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const base64url = /^[A-Za-z0-9_-]*$/;

export function createSecretBox(appSecret: string): SecretBox {
  if (appSecret.length < 32) throw new Error('APP_SECRET must be at least 32 characters');
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    if (!purpose) throw new Error('a secret-box purpose is required');
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', appSecret, SALT, `posada:${purpose}`, 32));
      keys.set(purpose, key);
    }
    return key;
  };

  return {
    seal(plaintext, purpose, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, ...[iv, tag, ciphertext].map((part) => part.toString('base64url'))].join(':');
    },

    open(sealed, purpose, context = '') {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => base64url.test(p))) {
        throw new SecretBoxError('not a sealed value');
      }
      const [, ivText = '', tagText = '', ciphertextText = ''] = parts;
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        const plaintext = Buffer.concat([
          decipher.update(Buffer.from(ciphertextText, 'base64url')),
          decipher.final(),
        ]);
        return plaintext.toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed value does not open with this key, purpose and context');
      }
    },
  };
}
