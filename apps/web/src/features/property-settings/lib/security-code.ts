/** Letters and digits guests can read and type without confusion (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A random security code that satisfies the contract (4 to 12 letters or digits). `random` fills
 * the byte array (crypto.getRandomValues in the browser; injectable for tests).
 */
export function generateSecurityCode(
  length = 6,
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const size = Math.min(12, Math.max(4, length));
  const bytes = random(new Uint8Array(size));
  // 31 symbols: the modulo bias over 256 is small and harmless for a door code shown to the owner.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
