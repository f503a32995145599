import { experiencesPaths } from '@posada/contracts/experiences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { services } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'PUT' | 'POST';
type Moment = { moment: string; enabled: boolean; days: number | null; service_ids: string[] };

/**
 * The upselling configuration of a property (spec 2.2 /config_properties_notifications/{id}/properties):
 * defaults, saving, refusals that change nothing, tenants and the premium gate, and the check-in link
 * message's upselling line (the `checkin_link` moment), read from the e-mail as a local SMTP server got it.
 */
describe('upselling configuration', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let token: string;
  let otherToken: string;
  let demoToken: string;
  let accountId: string;
  let casa: string;
  let loft: string;
  let otherProperty: string;
  const svc = { transfer: '', breakfast: '', everywhere: '', loftOnly: '', inactive: '', foreign: '' };

  const call = (method: Method, url: string, payload?: object, as: string = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const addService = async (
    account: string,
    propertyId: string | null,
    name: string,
    extra: Partial<typeof services.$inferInsert> = {},
  ) => {
    const [row] = await t.database.db
      .insert(services)
      .values({
        accountId: account,
        propertyId,
        name,
        title: { es: name, en: `${name} (en)` },
        description: { es: '' },
        category: 'transfer',
        confirmation: 'automatic',
        priceType: 'unit',
        price: 2500,
        currency: 'EUR',
        ...extra,
      })
      .returning({ id: services.id });
    return row?.id ?? '';
  };
  const moments = (over: Partial<Record<string, Partial<Moment>>> = {}): Moment[] =>
    (['checkin_link', 'checkin_done', 'before_arrival', 'during_stay'] as const).map((moment) => ({
      moment,
      enabled: false,
      days: moment === 'before_arrival' || moment === 'during_stay' ? 2 : null,
      service_ids: [],
      ...over[moment],
    }));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
    });
    accountId = owner.accountId ?? '';
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, {
      properties: [{ nombre: 'Otra Casa' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
    });
    [otherProperty = ''] = other.propertyIds;
    otherToken = await loginToken(t, other.email);
    const demo = await createEmpresa(t, { properties: [{ nombre: 'Casa Demo' }] });
    demoToken = await loginToken(t, demo.email);

    svc.transfer = await addService(accountId, casa, 'Traslado al aeropuerto');
    svc.breakfast = await addService(accountId, casa, 'Desayuno');
    svc.everywhere = await addService(accountId, null, 'Late check-out');
    svc.loftOnly = await addService(accountId, loft, 'Cesta de bienvenida');
    svc.inactive = await addService(accountId, casa, 'Spa', { active: false });
    svc.foreign = await addService(other.accountId ?? '', otherProperty, 'Tour ajeno');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists every moment off, with 2 days for the timed ones, before anything is saved', async () => {
    const res = await call('GET', experiencesPaths.config(casa));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      property_id: casa,
      property_name: 'Casa Azul',
      store_enabled: false,
      store_type: 'internal',
      feature_available: true,
      channel: 'email',
      sent: 0,
    });
    expect(data.moments).toEqual(moments());
  });

  it('saves the moments and reads them back, the store switch as the property has it', async () => {
    await t.database.db.update(properties).set({ storeEnabled: true }).where(eq(properties.id, casa));
    const body = {
      moments: moments({
        checkin_done: { enabled: true, service_ids: [svc.breakfast] },
        before_arrival: { enabled: true, days: 5, service_ids: [svc.transfer, svc.everywhere] },
        during_stay: { enabled: false, days: 3 },
      }),
    };
    const res = await call('PUT', experiencesPaths.config(casa), body);
    expect(res.statusCode, res.body).toBe(200);
    const again = (await call('GET', experiencesPaths.config(casa))).json().data;
    expect(again.store_enabled).toBe(true);
    expect(again.moments).toEqual(body.moments);
    // Another property keeps its own defaults.
    expect((await call('GET', experiencesPaths.config(loft))).json().data.moments).toEqual(moments());
  });

  it('refuses what cannot be offered and changes nothing', async () => {
    const before = (await call('GET', experiencesPaths.config(casa))).json().data.moments;
    const refusals: [Partial<Record<string, Partial<Moment>>>, string, string][] = [
      [{ during_stay: { enabled: true, days: null } }, 'moments.3.days', 'días'],
      [
        { before_arrival: { enabled: true, days: 3, service_ids: [svc.loftOnly] } },
        'moments.2.service_ids',
        '',
      ],
      [{ checkin_link: { enabled: true, service_ids: [svc.inactive] } }, 'moments.0.service_ids', ''],
      [{ checkin_done: { enabled: true, service_ids: [svc.foreign] } }, 'moments.1.service_ids', ''],
      [{ before_arrival: { enabled: true, days: 31 } }, 'moments.2.days', 'días'],
    ];
    for (const [over, field, words] of refusals) {
      const res = await call('PUT', experiencesPaths.config(casa), { moments: moments(over) });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (words) expect(res.json().errors[field][0]).toContain(words);
    }
    const twice = moments();
    twice[1] = { ...twice[0], moment: 'checkin_link' } as Moment;
    const repeated = await call('PUT', experiencesPaths.config(casa), { moments: twice });
    expect(repeated.statusCode).toBe(400);
    expect(Object.keys(repeated.json().errors)).toContain('moments.1.moment');
    const three = await call('PUT', experiencesPaths.config(casa), { moments: moments().slice(0, 3) });
    expect(three.statusCode).toBe(400);
    expect((await call('GET', experiencesPaths.config(casa))).json().data.moments).toEqual(before);
  });

  it("answers 404 for another account's property, an unknown one and a malformed id", async () => {
    for (const id of [otherProperty, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call('GET', experiencesPaths.config(id))).statusCode).toBe(404);
      expect((await call('PUT', experiencesPaths.config(id), { moments: moments() })).statusCode).toBe(404);
    }
    // The other account sees its own property only, and nothing of ours.
    const theirs = await call('GET', experiencesPaths.config(otherProperty), undefined, otherToken);
    expect(theirs.statusCode).toBe(200);
    expect((await call('GET', experiencesPaths.config(casa), undefined, otherToken)).statusCode).toBe(404);
  });

  it('is premium only: a trial account gets "not available in your subscription"', async () => {
    const res = await call('GET', experiencesPaths.config(casa), undefined, demoToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('settings.feature_unavailable');
    const put = await call('PUT', experiencesPaths.config(casa), { moments: moments() }, demoToken);
    expect(put.statusCode).toBe(403);
  });

  describe('the check-in link message', () => {
    const sendLink = async (email: string, language = 'es') => {
      const res = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Ana Ruiz',
        email,
        channel: 'email',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
        language,
      });
      expect(res.statusCode, res.body).toBe(201);
      // The SMTP server took it (the answer says so), and the guest's mail is read from there.
      expect(res.json().data).toMatchObject({
        sent: true,
        delivery: { channel: 'email', status: 'accepted' },
      });
      const mails = smtp.messages.filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      return mails[0]?.text ?? '';
    };

    it('names the moment’s services when checkin_link is on, in the guest’s language', async () => {
      const on = await call('PUT', experiencesPaths.config(casa), {
        moments: moments({ checkin_link: { enabled: true, service_ids: [svc.transfer, svc.everywhere] } }),
      });
      expect(on.statusCode, on.body).toBe(200);
      const es = await sendLink('ana.es@example.com');
      expect(es).toContain('/checkin/customers/previe/');
      expect(es).toContain('Después de tu check-in podrás reservar: Traslado al aeropuerto, Late check-out.');
      const en = await sendLink('ana.en@example.com', 'en');
      expect(en).toContain(
        'After your check-in you can book: Traslado al aeropuerto (en), Late check-out (en).',
      );
    });

    it('says nothing of services when the moment is off, the store is off or the plan lacks cross-selling', async () => {
      await call('PUT', experiencesPaths.config(casa), { moments: moments() });
      expect(await sendLink('ana.off@example.com')).not.toContain('podrás reservar');

      await call('PUT', experiencesPaths.config(casa), {
        moments: moments({ checkin_link: { enabled: true, service_ids: [svc.transfer] } }),
      });
      await t.database.db.update(properties).set({ storeEnabled: false }).where(eq(properties.id, casa));
      expect(await sendLink('ana.store@example.com')).not.toContain('podrás reservar');

      await t.database.db.update(properties).set({ storeEnabled: true }).where(eq(properties.id, casa));
      await t.database.db
        .update(accounts)
        .set({ plan: null, statusSubscription: 'demo_expired' })
        .where(eq(accounts.id, accountId));
      const mail = await sendLink('ana.plan@example.com');
      expect(mail).toContain('/checkin/customers/previe/');
      expect(mail).not.toContain('podrás reservar');
      await t.database.db
        .update(accounts)
        .set({ plan: 'smart', statusSubscription: 'subscribed' })
        .where(eq(accounts.id, accountId));
    });
  });
});
