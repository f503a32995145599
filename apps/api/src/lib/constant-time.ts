import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (signatures, codes, shared tokens) are equal, in a time that does not depend on where
 * they differ. Strings compare as UTF-8; lengths first, as timingSafeEqual needs (a length is no secret);
 * nothing given is never a match.
 */
export function sameSecret(
  given: string | Uint8Array | null | undefined,
  expected: string | Uint8Array,
): boolean {
  if (given === null || given === undefined || given.length === 0) return false;
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
