import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const DAY = 86_400_000;

describe('admin back office: summary, users, advisors', () => {
  let t: TestApp;
  let adminToken: string;
  let empresaToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await loginToken(t, (await createAdmin(t)).email);
    empresaToken = await loginToken(t, (await createEmpresa(t)).email);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), 'accept-language': lang } });

  it('keeps every admin route from anonymous callers (401) and from empresas (403)', async () => {
    const routes = [
      ['GET', '/api/admin/summary', undefined],
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/advisors', undefined],
      ['POST', '/api/admin/advisors', { name: 'Intruso', code: 'INTRUSO' }],
      ['PATCH', `/api/admin/advisors/${randomUUID()}`, { active: false }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const empresa = await t.app.inject({ method, url, payload, headers: bearer(empresaToken) });
      expect(empresa.statusCode, `${method} ${url} empresa`).toBe(403);
      expect(empresa.json()).toMatchObject({
        code: 'auth.forbidden',
        message: 'No tienes permiso para hacer esto.',
      });
    }
  });

  it('creates advisor codes upper-case, lists them and refuses a duplicate in any case with 409', async () => {
    const created = await admin('POST', '/api/admin/advisors', {
      name: 'Pablo Núñez',
      email: 'Pablo@Asesores.es',
      code: 'pablo-2026',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Pablo Núñez',
      email: 'pablo@asesores.es',
      code: 'PABLO-2026',
      active: true,
      accounts_count: 0,
    });

    const duplicate = await admin('POST', '/api/admin/advisors', { name: 'Otro', code: 'Pablo-2026' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'admin.advisor_code_taken',
      errors: { code: ['Ya existe un asesor con este código.'] },
    });

    const list = await admin('GET', '/api/admin/advisors');
    expect(list.json().data.map((a: { code: string }) => a.code)).toContain('PABLO-2026');
  });

  it('explains a malformed advisor code on its field', async () => {
    const res = await admin('POST', '/api/admin/advisors', { name: 'Ana', code: 'con espacios' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code).toEqual(['Use only letters, digits and dashes.']);
  });

  it('deactivates and reactivates an advisor, and answers 404 for an unknown one', async () => {
    const created = await admin('POST', '/api/admin/advisors', { name: 'Inés', code: 'INES-01' });
    const id = created.json().data.id as string;

    const off = await admin('PATCH', `/api/admin/advisors/${id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id, active: false, code: 'INES-01' });

    const on = await admin('PATCH', `/api/admin/advisors/${id}`, { active: true });
    expect(on.json().data.active).toBe(true);

    const missing = await admin('PATCH', `/api/admin/advisors/${randomUUID()}`, { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'admin.advisor_not_found',
      message: 'No se ha encontrado el asesor.',
    });
  });

  it('lists users newest first, searches by name or e-mail and pages the result', async () => {
    const tag = `busca${Date.now()}`;
    const first = await createEmpresa(t, { name: 'Tomás Prieto', email: `${tag}-1@example.com` });
    t.clock.advance(60_000);
    const second = await createEmpresa(t, { name: 'Alba Prieto', email: `${tag}-2@example.com` });
    t.clock.advance(60_000);
    const third = await createEmpresa(t, {
      name: 'Noelia Prieto',
      email: `${tag}-3@example.com`,
      properties: [{ nombre: 'Casa Prieto' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
    });

    const page1 = await admin('GET', `/api/admin/users?search=${tag}&page=1&page_size=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.json().data.items.map((u: { id: string }) => u.id)).toEqual([third.userId, second.userId]);
    expect(page1.json().data.items[0]).toMatchObject({
      name: 'Noelia Prieto',
      plan: 'smart',
      status_subscription: 'subscribed',
      properties_count: 1,
      email_verified: true,
    });

    const page2 = await admin('GET', `/api/admin/users?search=${tag}&page=2&page_size=2`);
    expect(page2.json().data.items.map((u: { id: string }) => u.id)).toEqual([first.userId]);

    const byName = await admin('GET', '/api/admin/users?search=tomás prieto');
    expect(byName.json().data.items.map((u: { id: string }) => u.id)).toEqual([first.userId]);

    // A search is literal: wildcard characters match nothing extra.
    const wildcard = await admin('GET', '/api/admin/users?search=%25');
    expect(wildcard.json().data.total).toBe(0);
  });

  it('counts users by subscription state, properties, advisors and recent sign-ups', async () => {
    const before = (await admin('GET', '/api/admin/summary')).json().data;
    await createEmpresa(t, { account: { trialEndsAt: new Date(t.clock.now().getTime() - DAY) } });
    await createEmpresa(t, {
      properties: [{ nombre: 'Uno' }, { nombre: 'Dos' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
      user: { emailVerifiedAt: null },
    });
    await admin('POST', '/api/admin/advisors', { name: 'Resumen', code: `RES-${Date.now()}` });

    const after = await admin('GET', '/api/admin/summary');
    expect(after.statusCode).toBe(200);
    const diff = Object.fromEntries(
      Object.entries(after.json().data).map(([k, v]) => [k, (v as number) - (before[k] as number)]),
    );
    expect(diff).toEqual({
      users_total: 2,
      users_demo: 0,
      users_subscribed: 1,
      users_demo_expired: 1,
      users_unverified: 1,
      properties_total: 2,
      advisors_active: 1,
      registrations_last_30_days: 2,
    });
  });
});
