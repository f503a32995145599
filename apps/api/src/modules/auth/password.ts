import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id at OWASP's recommended parameters (19 MiB, 2 iterations, parallelism 1). */
const argon2Options = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, Google-only user) it still
 * verifies against a dummy one, so the answer takes as long and does not reveal which accounts exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('posada-dummy-password-for-timing');
  const target = storedHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return storedHash !== null && matches;
  } catch {
    return false;
  }
}
