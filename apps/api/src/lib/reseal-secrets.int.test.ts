import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.ts';
import { checkins } from '../db/schema/checkins.ts';
import { properties, propertyAuthorities } from '../db/schema/properties.ts';
import { accessCodes, lockAccounts } from '../db/schema/smart-locks.ts';
import { seedDemo } from '../demo/seed.ts';
import { TOTP_PURPOSE } from '../modules/auth/second-factor.ts';
import { createSessionSigner } from '../modules/guest-checkin/session.ts';
import { ACCESS_CODE_PURPOSE, LOCK_CREDENTIALS_PURPOSE } from '../modules/smart-locks/smart-locks.service.ts';
import { SEALED_COLUMNS } from '../sealed-columns.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { newAppSecret } from './app-secret.ts';
import { ResealError, resealSecrets, sealedColumnsNotOpening } from './reseal-secrets.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';

// Random per run, like every secret of the tests.
const OLD = newAppSecret();
const NEW = newAppSecret();

let testDb: TestDatabase;

/** Every sealed value with the key of its row, per column of SEALED_COLUMNS (by label), in a stable order. */
async function sealedValues(): Promise<Record<string, { key: string; sealed: string }[]>> {
  const { db } = testDb.database;
  const values: Record<string, { key: string; sealed: string }[]> = {};
  for (const c of SEALED_COLUMNS) {
    const rows = await db
      .select({ key: c.key, sealed: c.value })
      .from(c.table)
      .where(isNotNull(c.value))
      .orderBy(asc(c.key));
    values[c.label] = rows.map((r) => ({ key: String(r.key), sealed: String(r.sealed) }));
  }
  return values;
}

/** Opens every stored value with `box`; the plaintexts in a stable order (throws when one does not open). */
async function openAll(box: SecretBox) {
  const values = await sealedValues();
  return SEALED_COLUMNS.flatMap((c) =>
    (values[c.label] ?? []).map((r) => box.open(r.sealed, c.purpose, r.key)),
  );
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  // The demo data sealed under the old secret: check-in links, guests' documents, authority passwords.
  const seeder = await buildTestApp({ testDatabase: testDb, env: { APP_SECRET: OLD } });
  await seedDemo(testDb.database.db, seeder.clock, { appSecret: OLD });
  // And an authenticator secret, sealed as the account-security pages seal it.
  const [admin] = await testDb.database.db.select().from(users).where(eq(users.type, 'admin')).limit(1);
  await testDb.database.db
    .update(users)
    .set({ totpSecret: createSecretBox(OLD).seal('JBSWY3DPEHPK3PXP', TOTP_PURPOSE, admin?.id as string) })
    .where(eq(users.id, admin?.id as string));
  // A smart-lock vendor account and a door code, sealed as the smart-locks module seals them.
  const [property] = await testDb.database.db.select().from(properties).limit(1);
  const lockAccountId = crypto.randomUUID();
  const old = createSecretBox(OLD);
  await testDb.database.db.insert(lockAccounts).values({
    id: lockAccountId,
    accountId: property?.accountId as string,
    vendor: 'nuki',
    label: 'Nuki Web',
    credentialsSealed: old.seal('{"token":"nuki-token"}', LOCK_CREDENTIALS_PURPOSE, lockAccountId),
  });
  const codeId = crypto.randomUUID();
  await testDb.database.db.insert(accessCodes).values({
    id: codeId,
    accountId: property?.accountId as string,
    propertyId: property?.id as string,
    vendor: 'nuki',
    remoteLockId: '17929383',
    codeSealed: old.seal('583746', ACCESS_CODE_PURPOSE, codeId),
    validFrom: new Date('2026-12-01T14:00:00Z'),
    validUntil: new Date('2026-12-04T10:00:00Z'),
    state: 'active',
  });
  await seeder.app.close();
}, 120_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('secret rotation: APP_SECRET_PREVIOUS and npm run secrets:reseal', () => {
  let plaintexts: string[];

  it('has demo values sealed under the old secret in every sealed column', async () => {
    const values = await sealedValues();
    expect(values['checkins.link_token_sealed']?.length).toBeGreaterThan(0);
    expect(values['checkin_guests.document_number_sealed']?.length).toBeGreaterThan(0);
    expect(values['property_authorities.password_ciphertext']?.length).toBeGreaterThan(0);
    expect(values['users.totp_secret']).toHaveLength(1);
    expect(values['lock_accounts.credentials_sealed']).toHaveLength(1);
    expect(values['access_codes.code_sealed']).toHaveLength(1);
    plaintexts = await openAll(createSecretBox(OLD));
    await expect(openAll(createSecretBox(NEW))).rejects.toThrow();
  });

  it('opens the old values and accepts the old guest sessions while APP_SECRET_PREVIOUS is set', async () => {
    // A demo stay whose link is still open on the test clock's day.
    const [checkin] = await testDb.database.db
      .select()
      .from(checkins)
      .where(
        and(gt(checkins.linkExpiresAt, new Date('2026-11-21T00:00:00Z')), ne(checkins.status, 'complete')),
      )
      .limit(1);
    /** The summary of a check-in read with a session the old secret signed, on an app run with `env`. */
    const readWithOldSession = async (env: Record<string, string>) => {
      const app = await buildTestApp({ testDatabase: testDb, env });
      try {
        const oldSession = createSessionSigner(OLD).issue(
          {
            propertyId: checkin?.propertyId as string,
            checkinId: checkin?.id as string,
            code: true,
            messaging: true,
            language: 'es',
          },
          app.clock.now(),
        ).token;
        return await app.app.inject({
          method: 'GET',
          url: `/api/guest/checkin/${checkin?.id}`,
          headers: { 'x-checkin-session': oldSession },
        });
      } finally {
        await app.app.close();
      }
    };
    const rotating = await readWithOldSession({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD });
    expect(rotating.statusCode, rotating.body).toBe(200);
    expect(rotating.json().data.id).toBe(checkin?.id);
    const rotated = await readWithOldSession({ APP_SECRET: NEW });
    expect(rotated.statusCode, rotated.body).toBe(401);
    expect(await openAll(createSecretBox(NEW, OLD))).toEqual(plaintexts);
  });

  it('refuses to reseal with a wrong previous secret and changes nothing', async () => {
    const before = await sealedValues();
    const wrong = createSecretBox(NEW, newAppSecret());
    const error = await resealSecrets(testDb.database.db, wrong, SEALED_COLUMNS).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ResealError);
    expect((error as ResealError).counts.every((c) => c.unreadable.length === c.total)).toBe(true);
    expect(await sealedValues()).toEqual(before);
  });

  it('re-seals every value under the new secret, which then opens them without the old one', async () => {
    const before = await sealedValues();
    const counts = await resealSecrets(testDb.database.db, createSecretBox(NEW, OLD), SEALED_COLUMNS);
    const total = Object.values(before).reduce((sum, rows) => sum + rows.length, 0);
    expect(counts.map((c) => [c.label, c.total])).toEqual(
      SEALED_COLUMNS.map((c) => [c.label, before[c.label]?.length ?? 0]),
    );
    expect(counts.reduce((sum, c) => sum + c.resealed, 0)).toBe(total);
    expect(counts.every((c) => c.current === 0 && c.unreadable.length === 0)).toBe(true);

    expect(await openAll(createSecretBox(NEW))).toEqual(plaintexts);
    await expect(openAll(createSecretBox(OLD))).rejects.toThrow();
    // The start-up check: the data opens with the new secret alone, and the old one is reported.
    expect(await sealedColumnsNotOpening(testDb.database.db, createSecretBox(NEW), SEALED_COLUMNS)).toEqual(
      [],
    );
    expect(await sealedColumnsNotOpening(testDb.database.db, createSecretBox(OLD), SEALED_COLUMNS)).toEqual(
      counts.filter((c) => c.total > 0).map((c) => c.label),
    );
  });

  it('is idempotent: a second run re-seals nothing and reports every value as current', async () => {
    const before = await sealedValues();
    const counts = await resealSecrets(testDb.database.db, createSecretBox(NEW, OLD), SEALED_COLUMNS);
    expect(counts.every((c) => c.resealed === 0 && c.current === c.total)).toBe(true);
    expect(await sealedValues()).toEqual(before);
  });

  it('re-seals only what is still under the old secret when both are mixed', async () => {
    const [row] = await testDb.database.db.select().from(propertyAuthorities).limit(1);
    const key = row?.propertyId as string;
    const purpose = SEALED_COLUMNS.find((c) => c.label === 'property_authorities.password_ciphertext')
      ?.purpose as string;
    await testDb.database.db
      .update(propertyAuthorities)
      .set({ passwordCiphertext: createSecretBox(OLD).seal('vuelta-atras', purpose, key) })
      .where(eq(propertyAuthorities.propertyId, key));
    const counts = await resealSecrets(testDb.database.db, createSecretBox(NEW, OLD), SEALED_COLUMNS);
    expect(counts.reduce((sum, c) => sum + c.resealed, 0)).toBe(1);
    const [after] = await testDb.database.db
      .select()
      .from(propertyAuthorities)
      .where(eq(propertyAuthorities.propertyId, key));
    expect(createSecretBox(NEW).open(after?.passwordCiphertext as string, purpose, key)).toBe('vuelta-atras');
  });
});
