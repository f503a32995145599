// "A forged guest session signed with any value found in the source is refused" (issue 11, done when).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinGuests, checkins } from './db/schema/checkins.ts';
import { properties } from './db/schema/properties.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { newCheckinLink } from './modules/checkins/checkin-links.ts';
import { createSessionSigner } from './modules/guest-checkin/session.ts';
import { validGuest } from './modules/guest-checkin/test-support.ts';
import { createEmpresa } from './test/auth-helpers.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every string literal of the repository's TypeScript and JSON sources (a guesser's first list). */
function sourceLiterals(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'migrations', 'results', '.git'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs|json)$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ['apps/api/src', 'apps/web/src', 'apps/web/e2e', 'packages', 'bench', 'scripts']) {
    walk(path.join(repoRoot, dir));
  }
  const literal = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g;
  const found = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(literal)) {
      const value = m[1] ?? m[2] ?? m[3];
      if (value) found.add(value);
    }
  }
  return [...found];
}

/** The secret every run used when APP_SECRET was unset, before issue 11. */
const OLD_DEVELOPMENT_SECRET = 'posada-development-secret-change-me-please';

let t: TestApp;
let propertyId: string;
let checkinId: string;
let ip = 0;

const guest = validGuest({ first_name: 'Intrusa', last_name: 'Forjada', email: 'intrusa@example.com' });

/** A session that claims every step done, signed the way the guest check-in signs, with `secret`. */
const forge = (secret: string) =>
  createSessionSigner(secret).issue(
    { propertyId, checkinId, code: true, messaging: true, language: 'es' },
    t.clock.now(),
  ).token;

const call = (method: 'GET' | 'POST', url: string, session: string, payload?: object) => {
  ip += 1;
  return t.app.inject({
    method,
    url,
    payload,
    // One address per call: what is measured is the signature check, not the rate limits.
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    headers: { 'accept-language': 'en', 'x-checkin-session': session },
  });
};

const guestsRegistered = async () =>
  (await t.database.db.select().from(checkinGuests).where(eq(checkinGuests.checkinId, checkinId))).length;

beforeAll(async () => {
  t = await buildTestApp();
  const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }] });
  propertyId = empresa.propertyIds[0] as string;
  await t.database.db
    .update(properties)
    .set({
      securityCode: 'Sol-2026',
      city: 'Vitoria-Gasteiz',
      address: 'Calle Mayor 1',
      zipCode: '01001',
      guests: 4,
    })
    .where(eq(properties.id, propertyId));
  checkinId = crypto.randomUUID();
  const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), checkinId);
  await t.database.db.insert(checkins).values({
    id: checkinId,
    accountId: empresa.accountId as string,
    propertyId,
    name: 'Lucía Martínez',
    email: 'lucia@example.com',
    startDate: '2026-11-20',
    endDate: '2026-11-23',
    expectedGuests: 2,
    linkTokenHash: link.hash,
    linkTokenSealed: link.sealed,
    linkExpiresAt: new Date('2026-11-24T00:00:00Z'),
    checkinCode: 'CODE-FORGE',
    origin: 'send',
    purgeAfter: '2029-11-23',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('guest sessions forged with values from the source', () => {
  it('runs on a secret that is none of the source literals', () => {
    expect(t.config.APP_SECRET_SOURCE).toBe('env');
    const literals = sourceLiterals();
    expect(literals).not.toContain(t.config.APP_SECRET);
    // The scan does find the literals of the key derivations.
    expect(literals).toEqual(expect.arrayContaining(['posada/secret-box/v1', 'posada:checkin.session']));
  });

  it('refuses the old development secret and the other literal keys: nothing read, no guest registered', async () => {
    const candidates = [
      OLD_DEVELOPMENT_SECRET,
      '',
      'posada',
      'posada/checkin-session/v1',
      'posada:checkin.session',
      'posada/secret-box/v1',
      'a-test-secret-that-is-long-enough-1234',
      'demo-test-secret-0123456789-abcdefghij',
      'fake-google-secret',
      'smtp-capture-secret',
      'sms-key',
    ];
    for (const secret of candidates) {
      const session = forge(secret);
      const read = await call('GET', `/api/guest/checkin/${checkinId}`, session);
      expect(read.statusCode, `${secret}: ${read.body}`).toBe(401);
      expect(read.json()).toMatchObject({ ok: false, code: 'checkin.session_invalid' });
      expect(read.body).not.toContain('Lucía');
      const register = await call('POST', '/api/guest/checkin/guests', session, guest);
      expect(register.statusCode, `${secret}: ${register.body}`).toBe(401);
    }
    expect(await guestsRegistered()).toBe(0);
  });

  it('refuses a session signed with any string literal of the repository long enough to be an APP_SECRET', async () => {
    const literals = sourceLiterals().filter((value) => value.length >= 32);
    expect(literals.length).toBeGreaterThan(500);
    const accepted: string[] = [];
    for (const secret of literals) {
      const res = await call('GET', `/api/guest/checkin/${checkinId}`, forge(secret));
      if (res.statusCode !== 401) accepted.push(`${res.statusCode} ${secret}`);
    }
    expect(accepted).toEqual([]);
    expect(await guestsRegistered()).toBe(0);
  }, 120_000);

  it('accepts the same session signed with the running secret (the forgeries fail on the key alone)', async () => {
    const session = forge(t.config.APP_SECRET);
    const read = await call('GET', `/api/guest/checkin/${checkinId}`, session);
    expect(read.statusCode, read.body).toBe(200);
    const register = await call('POST', '/api/guest/checkin/guests', session, guest);
    expect(register.statusCode, register.body).toBe(201);
    expect(await guestsRegistered()).toBe(1);
    // And a random secret of the same shape as the generated one is refused too.
    const other = await call(
      'GET',
      `/api/guest/checkin/${checkinId}`,
      forge(randomBytes(32).toString('base64url')),
    );
    expect(other.statusCode).toBe(401);
  });
});
