import { experiencesPaths } from '@posada/contracts/experiences';
import { paymentsRoutes } from '@posada/contracts/payments';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakeStripe } from '../adapters/stripe/stripe.fake.ts';
import { checkinGuests, checkins } from '../db/schema/checkins.ts';
import { serviceProviders, services } from '../db/schema/experiences.ts';
import { properties } from '../db/schema/properties.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { newCheckinLink } from '../modules/checkins/checkin-links.ts';
import { bearer, createEmpresa, loginToken } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers of the requests and the guest store (issue 18): operators, services, finished stays. */
export function requestsTestKit(get: () => { t: TestApp; fake?: FakeStripe }) {
  let ip = 0;

  async function call(
    token: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    const { t } = get();
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'es' },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** The guest's public routes (one address each, like phones behind different networks). */
  async function guest(method: 'GET' | 'POST', url: string, payload?: object) {
    const { t } = get();
    ip += 1;
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: `10.18.${Math.floor(ip / 250) % 250}.${ip % 250}`,
      headers: { 'accept-language': 'es' },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** A premium operator (smart, subscribed) with one property whose store is on; `approved`: payments account approved. */
  async function operator(opts: { approved?: boolean; account?: object; store?: object } = {}) {
    const { t, fake } = get();
    const f = await createEmpresa(t, {
      account: { plan: 'smart', statusSubscription: 'subscribed', ...opts.account },
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
    });
    const op = {
      accountId: f.accountId as string,
      propertyId: f.propertyIds[0] as string,
      otherPropertyId: f.propertyIds[1] as string,
      token: await loginToken(t, f.email),
    };
    await t.database.db
      .update(properties)
      .set({ pais: 'ES', storeEnabled: true, storeType: 'internal', ...opts.store })
      .where(eq(properties.id, op.propertyId));
    if (opts.approved) {
      if (!fake) throw new Error('approved operators need the Stripe fake');
      const link = await call(op.token, 'POST', paymentsRoutes.onboardingLink);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const acct = new URL(link.body.data.url).pathname.split('/')[2] ?? '';
      await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
    }
    return op;
  }
  type Operator = Awaited<ReturnType<typeof operator>>;

  async function addProvider(op: Operator, over: Partial<typeof serviceProviders.$inferInsert> = {}) {
    const [row] = await get()
      .t.database.db.insert(serviceProviders)
      .values({
        accountId: op.accountId,
        name: 'Taxis Sol',
        country: 'ES',
        email: 'taxis@example.com',
        ...over,
      })
      .returning({ id: serviceProviders.id });
    return row?.id ?? '';
  }

  async function addService(op: Operator, over: Partial<typeof services.$inferInsert> = {}) {
    const [row] = await get()
      .t.database.db.insert(services)
      .values({
        accountId: op.accountId,
        propertyId: op.propertyId,
        name: 'Traslado aeropuerto',
        title: { es: 'Traslado al aeropuerto', en: 'Airport transfer', ar: '' },
        description: { es: 'Te recogemos en la terminal.', en: '', ar: '' },
        category: 'transfer',
        confirmation: 'automatic',
        priceType: 'unit',
        price: 2500,
        currency: 'EUR',
        ...over,
      })
      .returning({ id: services.id });
    return row?.id ?? '';
  }

  /** A check-in of the operator's property, finished by default (stay 2026-11-20 → 2026-11-23). */
  async function stay(op: Operator, over: Partial<typeof checkins.$inferInsert> = {}, lead = true) {
    const { t } = get();
    const id = crypto.randomUUID();
    const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
    await t.database.db.insert(checkins).values({
      id,
      accountId: op.accountId,
      propertyId: op.propertyId,
      name: 'Reserva Martínez',
      email: `stay-${id.slice(0, 8)}@example.com`,
      phone: '',
      startDate: '2026-11-20',
      endDate: '2026-11-23',
      linkTokenHash: link.hash,
      linkTokenSealed: link.sealed,
      linkExpiresAt: new Date('2027-01-31T00:00:00Z'),
      origin: 'send',
      purgeAfter: '2029-11-23',
      status: 'complete',
      completedAt: new Date('2026-11-19T18:00:00Z'),
      ...over,
    });
    if (lead) {
      await t.database.db.insert(checkinGuests).values({
        checkinId: id,
        accountId: op.accountId,
        isLead: true,
        firstName: 'Lucía',
        lastName: 'Martínez',
        gender: 'female',
        birthDate: '1990-04-02',
        phone: '',
        email: `lucia-${id.slice(0, 8)}@example.com`,
        documentType: 'dni',
        documentNumberSealed: 'sealed',
        documentLast4: '678Z',
        supportNumber: '',
        nationality: 'ESP',
        country: 'ES',
        address: 'Calle Mayor 1',
        city: 'Madrid',
        postalCode: '28013',
        residenceCountry: 'ES',
        process: 'manual',
      });
    }
    return {
      id,
      leadEmail: `lucia-${id.slice(0, 8)}@example.com`,
      store: (lang?: string) =>
        guest('GET', `${experiencesPaths.guestStore(op.propertyId, id)}${lang ? `?lang=${lang}` : ''}`),
      service: (serviceId: string, lang?: string) =>
        guest(
          'GET',
          `${experiencesPaths.guestService(op.propertyId, serviceId, id)}${lang ? `?lang=${lang}` : ''}`,
        ),
      request: (serviceId: string, body: object = {}) =>
        guest('POST', experiencesPaths.guestRequests(op.propertyId, serviceId, id), {
          quantity: 2,
          service_date: '2026-11-21',
          service_time: '10:30',
          notes: 'Vuelo IB123',
          language: 'es',
          ...body,
        }),
      pay: (requestId: string) => guest('POST', experiencesPaths.guestPay(op.propertyId, id, requestId)),
    };
  }

  return { call, guest, operator, addProvider, addService, stay };
}

/** The Checkout session id in a fake Checkout URL. */
export const sessionIdOf = (url: string) => new URL(url).pathname.split('/checkout/')[1] ?? '';
