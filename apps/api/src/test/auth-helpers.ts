// Factories and helpers for tests that need users, sessions and the e-mails the API sends.
import type { RegisterBody } from '@posada/contracts/auth';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, users } from '../db/schema/accounts.ts';
import { emailOutbox } from '../db/schema/outbox.ts';
import { properties } from '../db/schema/properties.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { totpCode, totpPolicy } from '../modules/auth/totp.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Alojamiento-2026';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A unique client address per test, so sign-in throttling by address never leaks between tests. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    name: 'Lucía Fernández',
    email: uniqueEmail('alta'),
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    phone: '612345678',
    tipo_hospedaje: 'apartamento',
    room_range: '1-4',
    ...overrides,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** E-mails recorded for `to` in the outbox (the mail service writes every e-mail there), newest first. */
export async function mailsTo(database: Database, to: string) {
  return database.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
}

/** The token at the end of the first link under `path` (e.g. '/recuperar/') in an e-mail text. */
export function tokenFromText(text: string, path: string): string {
  const match = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match.slice(match.indexOf(path) + path.length);
}

/** The token of the newest e-mail to `to` that carries a link under `path`. */
export async function latestToken(database: Database, to: string, path: string): Promise<string> {
  const mails = await mailsTo(database, to);
  const mail = mails.find((m) => m.text.includes(path));
  if (!mail) throw new Error(`no e-mail to ${to} with a ${path} link (got ${mails.length} e-mails)`);
  return tokenFromText(mail.text, path);
}

export interface Fixture {
  userId: string;
  accountId: string | null;
  email: string;
  propertyIds: string[];
}

/** A verified empresa with its account in trial (or as given) and optional properties, inserted directly. */
export async function createEmpresa(
  t: Pick<TestApp, 'database' | 'clock'>,
  opts: {
    email?: string;
    name?: string;
    properties?: { nombre: string; tipoPropiedad?: string }[];
    account?: Partial<typeof accounts.$inferInsert>;
    user?: Partial<typeof users.$inferInsert>;
  } = {},
): Promise<Fixture> {
  const { db } = t.database;
  const now = t.clock.now();
  const email = opts.email ?? uniqueEmail('empresa');
  const [account] = await db
    .insert(accounts)
    .values({
      name: opts.name ?? 'Casa Rural Las Encinas',
      statusSubscription: 'demo',
      trialEndsAt: new Date(now.getTime() + 14 * 86_400_000),
      createdAt: now,
      ...opts.account,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not inserted');
  const [user] = await db
    .insert(users)
    .values({
      accountId: account.id,
      type: 'empresa',
      name: opts.name ?? 'Elena Martín',
      email,
      phone: '+34612345678',
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailVerifiedAt: now,
      createdAt: now,
      ...opts.user,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  const propertyIds: string[] = [];
  for (const p of opts.properties ?? []) {
    const [row] = await db
      .insert(properties)
      .values({
        accountId: account.id,
        nombre: p.nombre,
        tipoPropiedad: p.tipoPropiedad ?? 'apartamento',
        createdAt: t.clock.now(),
      })
      .returning({ id: properties.id });
    if (row) propertyIds.push(row.id);
    // Distinct creation times keep the listing order (oldest first) deterministic.
    t.clock.advance(1000);
  }
  return { userId: user.id, accountId: account.id, email, propertyIds };
}

/** Authenticator secrets and unused recovery codes of the users the helpers enrolled, by e-mail. */
const enrolled = new Map<string, { secret: string; recoveryCodes: string[]; lastStep: number }>();

/**
 * A platform admin. Admin routes require two-factor sign-in, so unless `twoFactor: false` the admin is
 * enrolled through the API (setup, confirm with a code), and loginToken answers its sign-in challenge.
 */
export async function createAdmin(
  t: Pick<TestApp, 'app' | 'database' | 'clock'>,
  email = uniqueEmail('admin'),
  opts: { twoFactor?: boolean } = {},
) {
  const [user] = await t.database.db
    .insert(users)
    .values({
      type: 'admin',
      name: 'Admin Posada',
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailVerifiedAt: t.clock.now(),
      applicationTag: 'posada',
      createdAt: t.clock.now(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('admin not inserted');
  if (opts.twoFactor !== false) await enrolTwoFactor(t, email, await loginToken(t, email));
  return { userId: user.id, accountId: null, email, propertyIds: [] } satisfies Fixture;
}

/** Turns on two-factor for the signed-in user of `token` as a person would; answers secret and recovery codes. */
export async function enrolTwoFactor(t: Pick<TestApp, 'app' | 'clock'>, email: string, token: string) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/setup',
    headers: bearer(token),
  });
  if (setup.statusCode !== 200) throw new Error(`two-factor setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/confirm',
    headers: bearer(token),
    payload: { code: totpCode(secret, t.clock.now()) },
  });
  if (confirm.statusCode !== 200)
    throw new Error(`two-factor confirm failed: ${confirm.statusCode} ${confirm.body}`);
  const recoveryCodes = [...(confirm.json().data.recovery_codes as string[])];
  enrolled.set(email.toLowerCase(), { secret, recoveryCodes, lastStep: currentStep(t.clock.now()) });
  return { secret, recoveryCodes };
}

function currentStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpPolicy.periodSeconds);
}

/**
 * A second factor for a helper-enrolled user: the app's code when its step is still unused, otherwise a
 * recovery code (tests sign in several times within one 30-second step of the fixed clock).
 */
function secondFactorFor(email: string, now: Date): string {
  const entry = enrolled.get(email.toLowerCase());
  if (!entry) throw new Error(`${email} has two-factor on, but not through enrolTwoFactor`);
  const step = currentStep(now);
  if (step > entry.lastStep) {
    entry.lastStep = step;
    return totpCode(entry.secret, now);
  }
  const code = entry.recoveryCodes.shift();
  if (!code) throw new Error(`no recovery code left for ${email}`);
  return code;
}

/** Signs in through POST /api/login and returns the bearer token. */
export async function loginToken(
  t: Pick<TestApp, 'app'> & Partial<Pick<TestApp, 'clock'>>,
  email: string,
  opts: { password?: string; remember?: boolean } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueIp(),
    payload: { email, password: opts.password ?? TEST_PASSWORD, remember: opts.remember },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  if (!data.two_factor_required) return data.token as string;
  if (!t.clock) throw new Error('a two-factor sign-in needs the test clock');
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/login/two-factor',
    remoteAddress: uniqueIp(),
    payload: { challenge: data.challenge, code: secondFactorFor(email, t.clock.now()) },
  });
  if (second.statusCode !== 200)
    throw new Error(`two-factor login failed: ${second.statusCode} ${second.body}`);
  return second.json().data.token as string;
}
