import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  billingPayments,
  invoices,
  priceBooks,
  subscriptions,
} from '../../db/schema/billing.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH';

const party = {
  name: 'Posada SL',
  taxId: 'B12345678',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  country: 'ES',
};

describe('admin back office: audit, prices, coupons, payments, user management, user information', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;
  let empresaToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await createAdmin(t);
    adminId = admin.userId;
    adminToken = await loginToken(t, admin.email);
    empresaToken = await loginToken(t, (await createEmpresa(t)).email);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: Method, url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': lang } });
  /** Each write a second after the last (the audit trail lists newest first). */
  const admin = (method: Method, url: string, payload?: object, lang = 'es') => {
    if (method !== 'GET') t.clock.advance(1000);
    return call(adminToken, method, url, payload, lang);
  };

  it('keeps every new admin route from anonymous callers (401) and from empresas (403)', async () => {
    const id = randomUUID();
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/prices'],
      ['POST', '/api/admin/prices', {}],
      ['GET', '/api/admin/coupons'],
      ['POST', '/api/admin/coupons', { code: 'NOPE', percent_off: 10, duration: 'once' }],
      ['PATCH', `/api/admin/coupons/${id}`, { active: false }],
      ['GET', '/api/admin/payments'],
      ['GET', '/api/admin/accounts'],
      ['GET', `/api/admin/accounts/${id}`],
      ['PATCH', `/api/admin/accounts/${id}`, { units: 3, reason: 'x' }],
      ['GET', `/api/admin/users/${id}/information`],
      ['GET', `/api/admin/users/${id}/retrive-checkins`],
      ['GET', `/api/admin/users/${id}/retrive-checkins-pending`],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const empresa = await call(empresaToken, method, url, payload);
      expect(empresa.statusCode, `${method} ${url} empresa`).toBe(403);
    }
  });

  it('audits advisor creation and deactivation with the admin, before and after', async () => {
    const created = await admin('POST', '/api/admin/advisors', { name: 'Auditado', code: 'AUD-1' });
    const id = created.json().data.id as string;
    await admin('PATCH', `/api/admin/advisors/${id}`, { active: false });
    const rows = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.adminUserId, adminId));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['advisor.create', 'advisor.deactivate']));
    const off = rows.find((r) => r.action === 'advisor.deactivate');
    expect(off?.before).toMatchObject({ code: 'AUD-1', active: true });
    expect(off?.after).toMatchObject({ code: 'AUD-1', active: false });

    // The advisor's accounts are counted (a correlated count, qualified).
    await createEmpresa(t, { account: { advisorId: id } });
    const advisors = (await admin('GET', '/api/admin/advisors')).json().data;
    expect(advisors.find((a: { id: string }) => a.id === id)).toMatchObject({ accounts_count: 1 });

    const list = await admin('GET', '/api/admin/audit?page_size=5');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({
      action: 'advisor.deactivate',
      admin_name: expect.any(String),
    });
  });

  describe('price book', () => {
    it('answers the seeded version 1 with its history and tier floors', async () => {
      const res = await admin('GET', '/api/admin/prices');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.current.version).toBe(1);
      expect(data.current.prices.plans.standard.apartment).toEqual([1500, 1200, 900]);
      expect(data.tier_floors).toEqual({ hotel: [1, 21, 51, 101, 151], apartment: [1, 5, 11] });
      expect(data.annual_months_charged).toBe(10);
    });

    it('saves a whole new version, audits it, and leaves an existing subscription on its version', async () => {
      const current = (await admin('GET', '/api/admin/prices')).json().data.current;
      const customer = await createEmpresa(t, { name: 'Hotel Versión' });
      await t.database.db.insert(subscriptions).values({
        accountId: customer.accountId as string,
        plan: 'standard',
        propertyGroup: 'apartment',
        units: 2,
        state: 'active',
        priceBookId: current.id,
        amount: 3000,
      });

      const prices = structuredClone(current.prices);
      prices.plans.standard.apartment[0] = 1900;
      const saved = await admin('POST', '/api/admin/prices', { prices, note: 'Subida 2027' });
      expect(saved.statusCode).toBe(201);
      const data = saved.json().data;
      expect(data.current).toMatchObject({ version: current.version + 1, note: 'Subida 2027' });
      expect(data.current.prices.plans.standard.apartment).toEqual([1900, 1200, 900]);
      expect(data.history.map((b: { version: number }) => b.version)).toEqual([
        current.version + 1,
        current.version,
      ]);
      expect(data.history[1]).toMatchObject({ subscriptions_count: 1 });
      expect(data.history[1].prices.plans.standard.apartment[0]).toBe(1500);

      const [sub] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, customer.accountId as string));
      expect(sub?.priceBookId).toBe(current.id);
      expect(await t.database.db.$count(priceBooks)).toBe(current.version + 1);

      const audit = (await admin('GET', '/api/admin/audit')).json().data.items[0];
      expect(audit).toMatchObject({ action: 'prices.new_version' });
      expect(audit.before.prices.plans.standard.apartment[0]).toBe(1500);
      expect(audit.after.prices.plans.standard.apartment[0]).toBe(1900);
    });

    it('refuses negative, fractional and miscounted tiers on their field, saving nothing', async () => {
      const before = await t.database.db.$count(priceBooks);
      const base = (await admin('GET', '/api/admin/prices')).json().data.current.prices;

      const negative = structuredClone(base);
      negative.plans.smart.hotel[2] = -5;
      const r1 = await admin('POST', '/api/admin/prices', { prices: negative });
      expect(r1.statusCode).toBe(400);
      expect(r1.json().errors['prices.plans.smart.hotel.2']).toEqual([
        'Los precios no pueden ser negativos.',
      ]);

      const fraction = structuredClone(base);
      fraction.addons.chatbot = 4.5;
      const r2 = await admin('POST', '/api/admin/prices', { prices: fraction }, 'en');
      expect(r2.statusCode).toBe(400);
      expect(r2.json().errors['prices.addons.chatbot']).toEqual(['Prices must be whole numbers of cents.']);

      const miscounted = structuredClone(base);
      miscounted.plans.standard.apartment = [1500, 1200];
      const r3 = await admin('POST', '/api/admin/prices', { prices: miscounted });
      expect(r3.statusCode).toBe(400);
      expect(r3.json().errors['prices.plans.standard.apartment']).toEqual([
        'El número de tramos no coincide con los tramos del tipo de alojamiento.',
      ]);
      expect(await t.database.db.$count(priceBooks)).toBe(before);
    });
  });

  describe('coupons', () => {
    it('creates percent and fixed coupons upper-case, refuses a duplicate code in any case', async () => {
      const pct = await admin('POST', '/api/admin/coupons', {
        code: 'verano-20',
        percent_off: 20,
        duration: 'repeating',
        duration_months: 3,
        max_redemptions: 50,
        valid_until: '2027-01-31',
      });
      expect(pct.statusCode).toBe(201);
      expect(pct.json().data).toMatchObject({
        code: 'VERANO-20',
        percent_off: 20,
        amount_off: null,
        duration: 'repeating',
        duration_months: 3,
        max_redemptions: 50,
        redeemed: 0,
        active: true,
        valid_until: '2027-01-31T23:59:59.999Z',
      });
      const fixed = await admin('POST', '/api/admin/coupons', {
        code: 'MENOS5',
        amount_off: 500,
        duration: 'once',
      });
      expect(fixed.json().data).toMatchObject({ amount_off: 500, percent_off: null, duration_months: null });

      const dup = await admin('POST', '/api/admin/coupons', {
        code: 'Verano-20',
        percent_off: 5,
        duration: 'once',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'admin.coupon_code_taken',
        errors: { code: ['Ya existe un cupón con este código.'] },
      });

      const list = (await admin('GET', '/api/admin/coupons'))
        .json()
        .data.map((c: { code: string }) => c.code);
      expect(list).toEqual(expect.arrayContaining(['VERANO-20', 'MENOS5']));
    });

    it('refuses a percent out of 1..100, both or no discount, and repeating without months', async () => {
      const bad = [
        [
          { code: 'CERO', percent_off: 0, duration: 'once' },
          'percent_off',
          'El porcentaje debe estar entre 1 y 100.',
        ],
        [
          { code: 'MUCHO', percent_off: 101, duration: 'once' },
          'percent_off',
          'El porcentaje debe estar entre 1 y 100.',
        ],
        [
          { code: 'AMBOS', percent_off: 10, amount_off: 100, duration: 'once' },
          'percent_off',
          'Indica un porcentaje o un importe fijo, solo uno de los dos.',
        ],
        [
          { code: 'NADA', duration: 'forever' },
          'percent_off',
          'Indica un porcentaje o un importe fijo, solo uno de los dos.',
        ],
        [
          { code: 'REPITE', percent_off: 10, duration: 'repeating' },
          'duration_months',
          'Indica entre 1 y 36 meses.',
        ],
      ] as const;
      for (const [payload, field, message] of bad) {
        const res = await admin('POST', '/api/admin/coupons', payload);
        expect(res.statusCode, payload.code).toBe(400);
        expect(res.json().errors[field], payload.code).toContain(message);
      }
      const codes = (await admin('GET', '/api/admin/coupons'))
        .json()
        .data.map((c: { code: string }) => c.code);
      expect(codes).not.toContain('CERO');
    });

    it('deactivates and reactivates a coupon with an audit entry; 404 for an unknown one', async () => {
      const id = (
        await admin('POST', '/api/admin/coupons', { code: 'TOGGLE', percent_off: 10, duration: 'once' })
      ).json().data.id;
      const off = await admin('PATCH', `/api/admin/coupons/${id}`, { active: false });
      expect(off.json().data).toMatchObject({ id, active: false });
      const audit = (await admin('GET', '/api/admin/audit')).json().data.items[0];
      expect(audit).toMatchObject({
        action: 'coupon.deactivate',
        before: { code: 'TOGGLE', active: true },
        after: { code: 'TOGGLE', active: false },
      });
      expect((await admin('PATCH', `/api/admin/coupons/${id}`, { active: true })).json().data.active).toBe(
        true,
      );
      const missing = await admin('PATCH', `/api/admin/coupons/${randomUUID()}`, { active: false });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('No se ha encontrado el cupón.');
    });
  });

  describe('payments', () => {
    it('lists payments across accounts with invoice codes, filters by dates, status and account, and totals', async () => {
      const tag = `pagos${Date.now()}`;
      const a = await createEmpresa(t, { name: `Apartamentos ${tag} Sol`, email: `${tag}-a@example.com` });
      const b = await createEmpresa(t, { name: `Hostal ${tag} Luna`, email: `${tag}-b@example.com` });
      const [invoice] = await t.database.db
        .insert(invoices)
        .values({
          accountId: a.accountId as string,
          series: 'F',
          year: 2026,
          number: 9001,
          code: `F2026-${tag}`,
          issuedAt: new Date('2026-11-02T10:00:00Z'),
          currency: 'EUR',
          lines: [],
          subtotal: 3000,
          vatRate: 2100,
          vatAmount: 630,
          total: 3630,
          status: 'paid',
          issuer: party,
          customer: party,
          locale: 'es',
        })
        .returning();
      const pay = (
        accountId: string | null,
        day: string,
        amount: number,
        currency: string,
        status: string,
        extra = {},
      ) => ({
        accountId: accountId as string,
        amount,
        currency,
        status,
        occurredAt: new Date(`${day}T12:00:00Z`),
        stripeEventId: `evt_${randomBytes(6).toString('hex')}`,
        ...extra,
      });
      await t.database.db.insert(billingPayments).values([
        pay(a.accountId, '2026-11-02', 3630, 'EUR', 'succeeded', { invoiceId: invoice?.id }),
        pay(a.accountId, '2026-10-02', 3630, 'EUR', 'succeeded'),
        pay(b.accountId, '2026-11-05', 12_000_000, 'COP', 'succeeded'),
        pay(b.accountId, '2026-11-06', 12_000_000, 'COP', 'failed', {
          failureMessage: 'Your card was declined.',
        }),
        pay(a.accountId, '2026-11-07', 3630, 'EUR', 'refunded'),
      ]);

      const all = (await admin('GET', `/api/admin/payments?account=${tag}`)).json().data;
      expect(all.total).toBe(5);
      expect(all.items[0]).toMatchObject({ status: 'refunded', occurred_at: '2026-11-07T12:00:00.000Z' });
      expect(all.items.find((p: { invoice_code: string | null }) => p.invoice_code)).toMatchObject({
        invoice_code: `F2026-${tag}`,
        account_name: `Apartamentos ${tag} Sol`,
        amount: 3630,
      });
      expect(all.totals).toEqual({
        collected: [
          { currency: 'COP', amount: 12_000_000, count: 1 },
          { currency: 'EUR', amount: 7260, count: 2 },
        ],
        refunded: [{ currency: 'EUR', amount: 3630, count: 1 }],
        failed_count: 1,
      });

      const november = (
        await admin('GET', `/api/admin/payments?account=${tag}&from=2026-11-01&to=2026-11-06`)
      ).json().data;
      expect(november.total).toBe(3);
      expect(november.totals.collected).toEqual([
        { currency: 'COP', amount: 12_000_000, count: 1 },
        { currency: 'EUR', amount: 3630, count: 1 },
      ]);

      const failed = (await admin('GET', `/api/admin/payments?account=${tag}&status=failed`)).json().data;
      expect(failed.items).toMatchObject([
        {
          status: 'failed',
          failure_message: 'Your card was declined.',
          currency: 'COP',
          account_name: `Hostal ${tag} Luna`,
        },
      ]);
      expect(failed.totals.collected).toEqual([]);

      const byOwnerEmail = (await admin('GET', `/api/admin/payments?account=${tag}-b@example`)).json().data;
      expect(byOwnerEmail.total).toBe(2);

      const page2 = (await admin('GET', `/api/admin/payments?account=${tag}&page=2&page_size=2`)).json().data;
      expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2 });
      expect(page2.items).toHaveLength(2);
      expect(page2.totals.failed_count).toBe(1);

      const none = (await admin('GET', '/api/admin/payments?account=nadie-con-este-nombre')).json().data;
      expect(none).toMatchObject({
        total: 0,
        items: [],
        totals: { collected: [], refunded: [], failed_count: 0 },
      });

      const badDate = await admin('GET', '/api/admin/payments?from=01-11-2026');
      expect(badDate.statusCode).toBe(400);
    });
  });

  describe('user management', () => {
    it('needs a reason and a change, and answers 404 for an unknown account, changing nothing', async () => {
      const target = await createEmpresa(t, { name: 'Casa Motivo' });
      const before = await t.database.db.$count(adminAuditLog);
      const noReason = await admin('PATCH', `/api/admin/accounts/${target.accountId}`, {
        units: 3,
        reason: '  ',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors.reason).toEqual(['Indica el motivo del cambio.']);
      const missingReason = await admin('PATCH', `/api/admin/accounts/${target.accountId}`, { units: 3 });
      expect(missingReason.statusCode).toBe(400);
      const nothing = await admin('PATCH', `/api/admin/accounts/${target.accountId}`, { reason: 'nada' });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().code).toBe('admin.nothing_to_change');
      const unknown = await admin('PATCH', `/api/admin/accounts/${randomUUID()}`, { units: 3, reason: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('admin.account_not_found');
      const refused = await call(empresaToken, 'PATCH', `/api/admin/accounts/${target.accountId}`, {
        units: 3,
        reason: 'yo mismo',
      });
      expect(refused.statusCode).toBe(403);
      expect(await t.database.db.$count(adminAuditLog)).toBe(before);
    });

    it('lists accounts with their owner and finds them by name or e-mail', async () => {
      const tag = `cuentas${Date.now()}`;
      const target = await createEmpresa(t, { name: `Villa ${tag}`, email: `${tag}@example.com` });
      const byName = (await admin('GET', `/api/admin/accounts?search=villa ${tag}`)).json().data;
      expect(byName.items).toMatchObject([
        {
          id: target.accountId,
          name: `Villa ${tag}`,
          owner_email: `${tag}@example.com`,
          owner_user_id: target.userId,
        },
      ]);
      const byEmail = (await admin('GET', `/api/admin/accounts?search=${tag}@example`)).json().data;
      expect(byEmail.total).toBe(1);
      const one = await admin('GET', `/api/admin/accounts/${target.accountId}`);
      expect(one.json().data).toMatchObject({ id: target.accountId, status_subscription: 'demo' });
    });

    it.runIf(process.env.ADMIN_SUBSCRIPTIONS !== 'off')(
      'extends a trial with a reason through the subscriptions module and logs before and after',
      async () => {
        const target = await createEmpresa(t, { name: 'Casa Prórroga' });
        const res = await admin('PATCH', `/api/admin/accounts/${target.accountId}`, {
          trial_ends_at: '2026-12-31',
          reason: 'Prórroga pactada por teléfono',
        });
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data.account.trial_ends_at).toBe('2026-12-31T23:59:59.999Z');
        expect(data.audit).toMatchObject({
          action: 'account.subscription_change',
          target_account_id: target.accountId,
          reason: 'Prórroga pactada por teléfono',
          admin_user_id: adminId,
        });
        expect(data.audit.before).not.toEqual(data.audit.after);
        expect(JSON.stringify(data.audit.after)).toContain('2026-12-31');

        const trail = (await admin('GET', `/api/admin/audit?account_id=${target.accountId}`)).json().data;
        expect(trail.items).toHaveLength(1);
        expect(trail.items[0]).toMatchObject({
          reason: 'Prórroga pactada por teléfono',
          target_account_name: 'Casa Prórroga',
        });
      },
    );
  });

  describe("the user's accommodation information", () => {
    it('shows the user, their account and properties with completed and pending check-ins, paginated', async () => {
      const owner = await createEmpresa(t, {
        name: 'Rocío Información',
        properties: [{ nombre: 'Apartamento Norte' }, { nombre: 'Apartamento Sur' }],
      });
      const [north, south] = owner.propertyIds as [string, string];
      const rows = [];
      for (let i = 0; i < 5; i += 1) {
        rows.push({
          accountId: owner.accountId as string,
          propertyId: i < 4 ? north : south,
          name: `Huésped ${i}`,
          startDate: `2026-12-0${i + 1}`,
          endDate: `2026-12-0${i + 3}`,
          status: i < 3 ? ('complete' as const) : ('pending' as const),
          completedAt: i < 3 ? new Date(`2026-11-1${i}T10:00:00Z`) : null,
          linkTokenHash: randomBytes(16).toString('hex'),
          linkTokenSealed: 'sealed',
          linkExpiresAt: new Date('2027-01-01T00:00:00Z'),
          purgeAfter: '2029-12-31',
        });
      }
      await t.database.db.insert(checkins).values(rows);

      const info = await admin('GET', `/api/admin/users/${owner.userId}/information`);
      expect(info.statusCode).toBe(200);
      expect(info.json().data).toMatchObject({
        user: { id: owner.userId, name: 'Rocío Información' },
        account: { id: owner.accountId, properties_count: 2 },
        properties: [
          { id: north, name: 'Apartamento Norte', checkins_completed: 3, checkins_pending: 1 },
          { id: south, name: 'Apartamento Sur', checkins_completed: 0, checkins_pending: 1 },
        ],
      });

      const done1 = (
        await admin('GET', `/api/admin/users/${owner.userId}/retrive-checkins?page_size=2`)
      ).json().data;
      expect(done1).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(done1.items.map((c: { name: string }) => c.name)).toEqual(['Huésped 2', 'Huésped 1']);
      const done2 = (
        await admin('GET', `/api/admin/users/${owner.userId}/retrive-checkins?page_size=2&page=2`)
      ).json().data;
      expect(done2.items.map((c: { name: string }) => c.name)).toEqual(['Huésped 0']);

      const pending = (await admin('GET', `/api/admin/users/${owner.userId}/retrive-checkins-pending`)).json()
        .data;
      expect(
        pending.items.map((c: { name: string; property_name: string }) => [c.name, c.property_name]),
      ).toEqual([
        ['Huésped 3', 'Apartamento Norte'],
        ['Huésped 4', 'Apartamento Sur'],
      ]);
      const southOnly = (
        await admin(
          'GET',
          `/api/admin/users/${owner.userId}/retrive-checkins-pending?accommodation_id=${south}`,
        )
      ).json().data;
      expect(southOnly.items.map((c: { name: string }) => c.name)).toEqual(['Huésped 4']);
    });

    it('answers 404 for an unknown user or an admin, and refuses an empresa token', async () => {
      const unknown = await admin('GET', `/api/admin/users/${randomUUID()}/information`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No se ha encontrado el usuario.');
      expect((await admin('GET', `/api/admin/users/${adminId}/retrive-checkins`)).statusCode).toBe(404);
      const other = await createEmpresa(t, { properties: [{ nombre: 'Ajena' }] });
      const refused = await call(empresaToken, 'GET', `/api/admin/users/${other.userId}/information`);
      expect(refused.statusCode).toBe(403);
      expect(JSON.stringify(refused.json())).not.toContain('Ajena');
    });
  });
});
