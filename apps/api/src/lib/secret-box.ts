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
 *
 * Rotation (docs/operations.md): with a previous secret, open() also tries its keys, seal() always uses
 * the current one, and reseal() moves a value from the previous secret to the current one.
 */
export type SecretBox = {
  seal(plaintext: string, purpose: string, context?: string): string;
  /** The plaintext; throws SecretBoxError when the value is malformed, altered, or sealed otherwise. */
  open(sealed: string, purpose: string, context?: string): string;
  /**
   * null when `sealed` already opens with the current secret; the value sealed anew under it when it
   * opens only with the previous one; throws SecretBoxError when it opens with neither.
   */
  reseal(sealed: string, purpose: string, context?: string): string | null;
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

function keyring(appSecret: string) {
  const keys = new Map<string, Buffer>();
  return (purpose: string): Buffer => {
    if (!purpose) throw new Error('a secret-box purpose is required');
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', appSecret, SALT, `posada:${purpose}`, 32));
      keys.set(purpose, key);
    }
    return key;
  };
}

function parse(sealed: string) {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => base64url.test(p))) {
    throw new SecretBoxError('not a sealed value');
  }
  const [, ivText = '', tagText = '', ciphertextText = ''] = parts;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('not a sealed value');
  return { iv, tag, ciphertext: Buffer.from(ciphertextText, 'base64url') };
}

/** The plaintext, or null when the key does not open it (another secret, purpose or context, or altered). */
function tryOpen(key: Buffer, value: ReturnType<typeof parse>, context: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, value.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(value.tag);
    return Buffer.concat([decipher.update(value.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `previousSecret`: APP_SECRET_PREVIOUS during a rotation. */
export function createSecretBox(appSecret: string, previousSecret?: string): SecretBox {
  if (appSecret.length < 32) throw new Error('APP_SECRET must be at least 32 characters');
  if (previousSecret !== undefined && previousSecret.length < 32) {
    throw new Error('APP_SECRET_PREVIOUS must be at least 32 characters');
  }
  const currentKey = keyring(appSecret);
  const previousKey = previousSecret && previousSecret !== appSecret ? keyring(previousSecret) : null;
  const unopened = () =>
    new SecretBoxError('the sealed value does not open with this key, purpose and context');

  const seal = (plaintext: string, purpose: string, context = '') => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', currentKey(purpose), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, ...[iv, tag, ciphertext].map((part) => part.toString('base64url'))].join(':');
  };

  return {
    seal,

    open(sealed, purpose, context = '') {
      const value = parse(sealed);
      const plaintext =
        tryOpen(currentKey(purpose), value, context) ??
        (previousKey ? tryOpen(previousKey(purpose), value, context) : null);
      if (plaintext === null) throw unopened();
      return plaintext;
    },

    reseal(sealed, purpose, context = '') {
      const value = parse(sealed);
      if (tryOpen(currentKey(purpose), value, context) !== null) return null;
      const plaintext = previousKey ? tryOpen(previousKey(purpose), value, context) : null;
      if (plaintext === null) throw unopened();
      return seal(plaintext, purpose, context);
    },
  };
}
