import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { APP_SECRET_FILE, AppSecretError, resolveAppSecret } from './app-secret.ts';
import { createSecretBox } from './secret-box.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'posada-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the app secret', () => {
  it('is generated once on a first start without APP_SECRET: 256 random bits in DATA_DIR/app-secret, mode 0600', () => {
    const dataDir = path.join(freshDir(), 'data');
    const first = resolveAppSecret({ dataDir, production: false });
    expect(first.source).toBe('generated');
    const file = path.join(dataDir, APP_SECRET_FILE);
    expect(first.file).toBe(file);
    expect(Buffer.from(first.secret, 'base64url')).toHaveLength(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o077).toBe(0);
  });

  it('is reused on restart, so what the first run sealed still opens', () => {
    const dataDir = freshDir();
    const first = resolveAppSecret({ dataDir, production: false });
    const sealed = createSecretBox(first.secret).seal('Guardia-Civil_2026!', 'authorities.password', 'p1');
    const again = resolveAppSecret({ dataDir, production: false });
    expect(again).toEqual({ secret: first.secret, source: 'file', file: first.file });
    expect(createSecretBox(again.secret).open(sealed, 'authorities.password', 'p1')).toBe(
      'Guardia-Civil_2026!',
    );
  });

  it('is one secret when several processes start at once on an empty DATA_DIR (npm run demo & npm start)', async () => {
    const dataDir = path.join(freshDir(), 'data');
    const module = fileURLToPath(new URL('./app-secret.ts', import.meta.url));
    const script = `const { resolveAppSecret } = await import(${JSON.stringify(module)});
      process.stdout.write(resolveAppSecret({ dataDir: ${JSON.stringify(dataDir)}, production: false }).secret);`;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const outputs = await Promise.all(Array.from({ length: 4 }, run));
    const secrets = new Set(outputs.map((o) => o.stdout));
    expect(secrets.size).toBe(1);
    expect(readFileSync(path.join(dataDir, APP_SECRET_FILE), 'utf8').trim()).toBe([...secrets][0]);
    // No temporary file is left behind.
    expect(readdirSync(dataDir)).toEqual([APP_SECRET_FILE]);
  }, 30_000);

  it('differs between two data folders (nothing of it comes from the source)', () => {
    const a = resolveAppSecret({ dataDir: freshDir(), production: false }).secret;
    const b = resolveAppSecret({ dataDir: freshDir(), production: false }).secret;
    expect(a).not.toBe(b);
  });

  it('tightens a stored file restored with looser permissions', () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, APP_SECRET_FILE);
    writeFileSync(file, `${'k'.repeat(43)}\n`, { mode: 0o644 });
    expect(resolveAppSecret({ dataDir, production: false }).secret).toBe('k'.repeat(43));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a stored file that does not hold a 32+ character secret', () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, APP_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => resolveAppSecret({ dataDir, production: false })).toThrow(AppSecretError);
  });

  it('takes APP_SECRET when set, writing nothing', () => {
    const dataDir = freshDir();
    const secret = 'x'.repeat(40);
    expect(resolveAppSecret({ secret, dataDir, production: true })).toEqual({ secret, source: 'env' });
    expect(() => statSync(path.join(dataDir, APP_SECRET_FILE))).toThrow();
  });

  it('in production, refuses to start with neither APP_SECRET nor a stored secret, and says what to do', () => {
    const dataDir = freshDir();
    expect(() => resolveAppSecret({ dataDir, production: true })).toThrow(
      /NODE_ENV=production, APP_SECRET is not set and there is no stored secret in .*app-secret\. Set APP_SECRET/,
    );
    expect(() => statSync(path.join(dataDir, APP_SECRET_FILE))).toThrow();
    expect(() => resolveAppSecret({ dataDir: 'memory://', production: true })).toThrow(AppSecretError);
  });

  it('in production, starts with the secret a first development run stored', () => {
    const dataDir = freshDir();
    const stored = resolveAppSecret({ dataDir, production: false }).secret;
    expect(resolveAppSecret({ dataDir, production: true })).toMatchObject({ secret: stored, source: 'file' });
  });

  it('is random per process on an in-memory database, where nothing outlives the process anyway', () => {
    const a = resolveAppSecret({ dataDir: 'memory://', production: false });
    const b = resolveAppSecret({ dataDir: 'memory://', production: false });
    expect(a.source).toBe('ephemeral');
    expect(a.secret).not.toBe(b.secret);
  });

  it('explains an unwritable DATA_DIR instead of failing with a bare file error', () => {
    const parent = freshDir();
    const notAFolder = path.join(parent, 'file');
    writeFileSync(notAFolder, '');
    expect(() => resolveAppSecret({ dataDir: path.join(notAFolder, 'data'), production: false })).toThrow(
      /file\/data\/app-secret \(ENOTDIR.*\)\. Set APP_SECRET/,
    );
  });

  it('is what loadConfig gives the app, from the environment or from DATA_DIR', () => {
    const dataDir = freshDir();
    const generated = loadConfig({ DATA_DIR: dataDir });
    expect(generated.APP_SECRET_SOURCE).toBe('generated');
    const restarted = loadConfig({ DATA_DIR: dataDir, APP_SECRET: '' });
    expect(restarted).toMatchObject({ APP_SECRET: generated.APP_SECRET, APP_SECRET_SOURCE: 'file' });
    expect(() => loadConfig({ DATA_DIR: freshDir(), NODE_ENV: 'production' })).toThrow(AppSecretError);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'too-short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_SECRET_PREVIOUS: 'too-short' })).toThrow(
      /APP_SECRET_PREVIOUS/,
    );
  });
});
