import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.ts';

const SECRET = 'a-test-secret-that-is-long-enough-1234';
const box = createSecretBox(SECRET);

/** Flips one bit of the decoded part `index` (1 iv, 2 tag, 3 ciphertext) of a sealed value. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[index] as string, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('secret box (AES-256-GCM, HKDF key per purpose)', () => {
  it('opens what it sealed, for any text', () => {
    for (const text of ['Guardia-Civil_2026!', '', 'contraseña ñ € مرحبا 🔐', 'x'.repeat(5000)]) {
      expect(box.open(box.seal(text, 'authorities.password'), 'authorities.password')).toBe(text);
    }
  });

  it('writes a versioned string that does not contain the plaintext', () => {
    const sealed = box.seal('secreto-policial', 'authorities.password');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secreto');
  });

  it('seals the same text differently every time (random IV), and each opens', () => {
    const sealed = Array.from({ length: 20 }, () => box.seal('same', 'p'));
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((s) => s.split(':')[1])).size).toBe(20);
    for (const s of sealed) expect(box.open(s, 'p')).toBe('same');
  });

  it('refuses a value altered in its IV, tag or ciphertext', () => {
    const sealed = box.seal('secreto', 'p');
    for (const index of [1, 2, 3]) {
      expect(() => box.open(tamper(sealed, index), 'p'), `part ${index}`).toThrow(SecretBoxError);
    }
    // A truncated ciphertext too.
    const parts = sealed.split(':');
    parts[3] = (parts[3] as string).slice(0, -2);
    expect(() => box.open(parts.join(':'), 'p')).toThrow(SecretBoxError);
  });

  it('does not open a value sealed for another purpose or another context', () => {
    const sealed = box.seal('secreto', 'authorities.password', 'property-1');
    expect(box.open(sealed, 'authorities.password', 'property-1')).toBe('secreto');
    expect(() => box.open(sealed, 'checkins.document_number', 'property-1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'authorities.password', 'property-2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'authorities.password')).toThrow(SecretBoxError);
  });

  it('does not open with another APP_SECRET, and a new box with the same secret does', () => {
    const sealed = box.seal('secreto', 'p');
    expect(() => createSecretBox(`${SECRET}-rotated`).open(sealed, 'p')).toThrow(SecretBoxError);
    expect(createSecretBox(SECRET).open(sealed, 'p')).toBe('secreto');
  });

  it('refuses malformed values and unknown versions with SecretBoxError', () => {
    const sealed = box.seal('secreto', 'p');
    for (const bad of [
      '',
      'secreto',
      sealed.replace(/^v1/, 'v2'),
      `${sealed}:extra`,
      sealed.replace(':', ':!'),
    ]) {
      expect(() => box.open(bad, 'p'), bad).toThrow(SecretBoxError);
    }
  });

  it('refuses a short APP_SECRET and an empty purpose', () => {
    expect(() => createSecretBox('short')).toThrow(/32 characters/);
    expect(() => box.seal('x', '')).toThrow(/purpose/);
  });
});

describe('secret box rotation (APP_SECRET_PREVIOUS)', () => {
  const OLD = 'the-old-secret-of-this-test-run-123456';
  const NEW = 'the-new-secret-of-this-test-run-654321';
  const oldBox = createSecretBox(OLD);

  it('opens what the previous secret sealed, and seals new values under the current one only', () => {
    const sealedBefore = oldBox.seal('Guardia-Civil_2026!', 'authorities.password', 'p1');
    const rotating = createSecretBox(NEW, OLD);
    expect(rotating.open(sealedBefore, 'authorities.password', 'p1')).toBe('Guardia-Civil_2026!');
    expect(() => createSecretBox(NEW).open(sealedBefore, 'authorities.password', 'p1')).toThrow(
      SecretBoxError,
    );

    const sealedNow = rotating.seal('nuevo', 'authorities.password', 'p1');
    expect(createSecretBox(NEW).open(sealedNow, 'authorities.password', 'p1')).toBe('nuevo');
    expect(() => oldBox.open(sealedNow, 'authorities.password', 'p1')).toThrow(SecretBoxError);
    // The previous secret does not loosen the purpose or context binding.
    expect(() => rotating.open(sealedBefore, 'authorities.password', 'p2')).toThrow(SecretBoxError);
  });

  it('reseals a value of the previous secret so it opens without it, and leaves current values alone', () => {
    const rotating = createSecretBox(NEW, OLD);
    const sealedBefore = oldBox.seal('12345678Z', 'checkin.document', 'g1');
    const resealed = rotating.reseal(sealedBefore, 'checkin.document', 'g1');
    expect(resealed).not.toBeNull();
    expect(createSecretBox(NEW).open(resealed as string, 'checkin.document', 'g1')).toBe('12345678Z');
    expect(rotating.reseal(resealed as string, 'checkin.document', 'g1')).toBeNull();
    expect(() => createSecretBox(NEW).reseal(sealedBefore, 'checkin.document', 'g1')).toThrow(SecretBoxError);
  });

  it('refuses a short APP_SECRET_PREVIOUS', () => {
    expect(() => createSecretBox(NEW, 'short')).toThrow(/APP_SECRET_PREVIOUS/);
  });
});
