import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The one app secret every key derives from (lib/secret-box.ts, the guest session signer, the check-in
 * code hash; each with HKDF and its own info). Nothing of it lives in the source: it comes from APP_SECRET,
 * or from the file DATA_DIR/app-secret that the first start writes (256 random bits, mode 0600), so a
 * one-command start keeps its sessions and sealed data across restarts (docs/operations.md).
 */
export const APP_SECRET_FILE = 'app-secret';
export const APP_SECRET_MIN_LENGTH = 32;

export type AppSecretSource =
  /** APP_SECRET was set. */
  | 'env'
  /** Read from DATA_DIR/app-secret. */
  | 'file'
  /** Written to DATA_DIR/app-secret just now (first start). */
  | 'generated'
  /** DATA_DIR is not a folder (memory://): a random secret for this process only, like its data. */
  | 'ephemeral';

export interface ResolvedAppSecret {
  secret: string;
  source: AppSecretSource;
  /** The secret file, when one is used. */
  file?: string;
}

export class AppSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppSecretError';
  }
}

const HOW_TO_SET =
  'Set APP_SECRET to 32 or more random characters (for example the output of `openssl rand -base64 32`) and keep it: ' +
  'sealed data and guest sessions open only with it (docs/operations.md).';

export const newAppSecret = (): string => randomBytes(32).toString('base64url');

function readSecretFile(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < APP_SECRET_MIN_LENGTH) {
    throw new AppSecretError(
      `${file} does not hold a secret of ${APP_SECRET_MIN_LENGTH}+ characters. Restore it from a backup, or ${HOW_TO_SET}`,
    );
  }
  // A copy restored without its permissions (cp without -p) is tightened again.
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  } catch {
    // Not ours to change (another owner): readable is what matters here.
  }
  return secret;
}

/** Writes a new secret to `file` unless another process (npm run demo beside npm start) got there first. */
function createSecretFile(file: string): { secret: string; created: boolean } {
  const secret = newAppSecret();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${secret}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    // link() never replaces an existing file: exactly one writer wins, and nobody reads a half-written one.
    linkSync(temporary, file);
    return { secret, created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return { secret: readSecretFile(file), created: false };
    throw err;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * APP_SECRET when set; otherwise the secret stored in DATA_DIR, created on the first start outside
 * production. In production a missing secret stops the start: a fresh random one would silently make every
 * sealed value and session unreadable on the next machine or volume.
 */
export function resolveAppSecret(opts: {
  secret?: string;
  dataDir: string;
  production: boolean;
}): ResolvedAppSecret {
  if (opts.secret) {
    if (opts.secret.length < APP_SECRET_MIN_LENGTH) {
      throw new AppSecretError(
        `APP_SECRET is shorter than ${APP_SECRET_MIN_LENGTH} characters. ${HOW_TO_SET}`,
      );
    }
    return { secret: opts.secret, source: 'env' };
  }
  if (opts.dataDir.includes('://')) {
    if (opts.production) {
      throw new AppSecretError(
        `APP_SECRET is not set and DATA_DIR (${opts.dataDir}) is not a folder that could hold one. ${HOW_TO_SET}`,
      );
    }
    return { secret: newAppSecret(), source: 'ephemeral' };
  }
  const file = path.join(opts.dataDir, APP_SECRET_FILE);
  try {
    return { secret: readSecretFile(file), source: 'file', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (err instanceof AppSecretError) throw err;
      throw new AppSecretError(`Cannot read ${file} (${(err as Error).message}). ${HOW_TO_SET}`);
    }
  }
  if (opts.production) {
    throw new AppSecretError(
      `NODE_ENV=production, APP_SECRET is not set and there is no stored secret in ${file}. ${HOW_TO_SET}`,
    );
  }
  try {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    const { secret, created } = createSecretFile(file);
    return { secret, source: created ? 'generated' : 'file', file };
  } catch (err) {
    if (err instanceof AppSecretError) throw err;
    throw new AppSecretError(
      `APP_SECRET is not set and the secret could not be stored in ${file} (${(err as Error).message}). ${HOW_TO_SET}`,
    );
  }
}
