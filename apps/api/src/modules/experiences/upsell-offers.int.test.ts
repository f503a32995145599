import { experiencesPaths } from '@posada/contracts/experiences';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { messageDeliveries } from '../../db/schema/deliveries.ts';
import { serviceFunnelEvents, services, upsellOffers, upsellSettings } from '../../db/schema/experiences.ts';
import { inboxMessages } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { upsellOffersJob } from './upsell.jobs.ts';

/**
 * The upselling offers' job (experiences.offers) through the real queue, on both databases: before arrival
 * (2 days) and on day 2 of the stay, from 10:00 in Madrid, once per check-in and moment, by e-mail when the
 * account has no WhatsApp, only when the property's own store is on and the plan allows cross-selling, and
 * never for a moment more than 48 hours old. Check-ins are created on 2026-11-10; the job runs on 2026-11-20.
 */
describe('upselling offers', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ownerEmail: string;
  let token: string;
  let accountId: string;
  let casa: string;
  let loft: string;
  let gatedAccount: string;
  let gatedProperty: string;
  const stay = { lucia: '', late: '', stale: '', early: '', pablo: '', silent: '', loft: '', gated: '' };
  /** Each guest their own phone: the inbox finds a guest's thread by phone. */
  let phones = 100;
  const svc = { transfer: '', breakfast: '', late: '', spa: '', loft: '', gated: '' };

  const runJob = async (at: string) => {
    t.clock.set(new Date(at));
    await t.jobs.send(upsellOffersJob, {});
    await t.jobs.drain(upsellOffersJob);
  };
  const offersOf = (checkinId: string) =>
    t.database.db.select().from(upsellOffers).where(eq(upsellOffers.checkinId, checkinId));
  const addService = async (account: string, propertyId: string | null, name: string) => {
    const [row] = await t.database.db
      .insert(services)
      .values({
        accountId: account,
        propertyId,
        name,
        title: { es: name, en: `${name} EN` },
        description: { es: '' },
        category: 'transfer',
        confirmation: 'automatic',
        priceType: 'unit',
        price: 2500,
      })
      .returning({ id: services.id });
    return row?.id ?? '';
  };
  const sendCheckin = async (
    as: string,
    propertyId: string,
    name: string,
    email: string,
    start_date: string,
    end_date: string,
    extra: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkins/send',
      headers: bearer(as),
      payload: {
        property_id: propertyId,
        name,
        email,
        phone: `+34 600 ${String(++phones).padStart(3, '0')} 222`,
        channel: 'email',
        start_date,
        end_date,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.checkin.id as string;
  };
  const settings = (account: string, propertyId: string, serviceIds: string[], breakfast: string) =>
    t.database.db.insert(upsellSettings).values([
      { accountId: account, propertyId, moment: 'before_arrival', enabled: true, days: 2, serviceIds },
      {
        accountId: account,
        propertyId,
        moment: 'during_stay',
        enabled: true,
        days: 2,
        serviceIds: [breakfast],
      },
    ]);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url }, now: new Date('2026-11-10T10:00:00Z') });
    const premium = { plan: 'smart', statusSubscription: 'subscribed' } as const;
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: premium,
    });
    ownerEmail = owner.email;
    accountId = owner.accountId ?? '';
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const gated = await createEmpresa(t, { properties: [{ nombre: 'Casa Gris' }], account: premium });
    gatedAccount = gated.accountId ?? '';
    [gatedProperty = ''] = gated.propertyIds;
    const gatedToken = await loginToken(t, gated.email);

    svc.transfer = await addService(accountId, casa, 'Traslado');
    svc.breakfast = await addService(accountId, casa, 'Desayuno');
    svc.late = await addService(accountId, null, 'Salida tardía');
    svc.spa = await addService(accountId, casa, 'Spa');
    svc.loft = await addService(accountId, loft, 'Cesta');
    svc.gated = await addService(gatedAccount, gatedProperty, 'Tour');
    await t.database.db.update(properties).set({ storeEnabled: true, storeType: 'internal' });
    await t.database.db.update(properties).set({ storeEnabled: false }).where(eq(properties.id, loft));
    await settings(accountId, casa, [svc.transfer, svc.breakfast, svc.late, svc.spa], svc.breakfast);
    await settings(accountId, loft, [svc.loft], svc.loft);
    await settings(gatedAccount, gatedProperty, [svc.gated], svc.gated);

    // Arrives in 2 days on the run's day; arrives tomorrow (its day was yesterday: late, still sent); arrives
    // today (its day was 2 days ago: stale); arrives in 3 days (not yet); on day 2 of the stay (finished
    // check-in, English); no contact at all; at the property whose store is off; at the gated account.
    stay.lucia = await sendCheckin(
      token,
      casa,
      'Lucía Pérez',
      'lucia@example.com',
      '2026-11-22',
      '2026-11-25',
    );
    stay.late = await sendCheckin(token, casa, 'Tomás Gil', 'tomas@example.com', '2026-11-21', '2026-11-23');
    stay.stale = await sendCheckin(token, casa, 'Rosa Vela', 'rosa@example.com', '2026-11-19', '2026-11-20');
    stay.early = await sendCheckin(token, casa, 'Iker Sanz', 'iker@example.com', '2026-11-23', '2026-11-24');
    stay.pablo = await sendCheckin(
      token,
      casa,
      'Pablo Ruiz',
      'pablo@example.com',
      '2026-11-19',
      '2026-11-22',
      {
        language: 'en',
      },
    );
    stay.silent = await sendCheckin(token, casa, 'Nadie', 'nadie@example.com', '2026-11-22', '2026-11-23');
    stay.loft = await sendCheckin(
      token,
      loft,
      'Marta Soler',
      'marta@example.com',
      '2026-11-22',
      '2026-11-24',
    );
    stay.gated = await sendCheckin(
      gatedToken,
      gatedProperty,
      'Sara Vidal',
      'sara@example.com',
      '2026-11-22',
      '2026-11-24',
    );
    await t.database.db.update(checkins).set({ status: 'complete' }).where(eq(checkins.id, stay.pablo));
    await t.database.db.update(checkins).set({ email: '', phone: '' }).where(eq(checkins.id, stay.silent));
    await t.database.db
      .update(accounts)
      .set({ plan: null, statusSubscription: 'demo_expired' })
      .where(eq(accounts.id, gatedAccount));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('waits for 10:00 at the property: at 09:30 in Madrid only the late one goes', async () => {
    await runJob('2026-11-20T08:30:00Z');
    expect(await offersOf(stay.lucia)).toHaveLength(0);
    const [late] = await offersOf(stay.late);
    expect(late).toMatchObject({ moment: 'before_arrival', status: 'sent', channel: 'email' });
  });

  it('sends the before-arrival offer by e-mail with three services and the check-in link', async () => {
    await runJob('2026-11-20T10:30:00Z');
    const [offer] = await offersOf(stay.lucia);
    expect(offer).toMatchObject({
      moment: 'before_arrival',
      status: 'sent',
      channel: 'email',
      failure: null,
    });
    const mail = await smtp.waitFor(
      (m) => m.to.includes('lucia@example.com') && m.subject.includes('Extras'),
    );
    expect(mail.subject).toBe('Extras para tu estancia en Casa Azul');
    expect(mail.text).toContain('Hola Lucía');
    expect(mail.text).toContain('Traslado, Desayuno, Salida tardía');
    expect(mail.text).not.toContain('Spa');
    expect(mail.text).toContain('/checkin/customers/previe/');
    // The three named services were offered to this stay (the reports' funnel).
    const offered = await t.database.db
      .select({ serviceId: serviceFunnelEvents.serviceId })
      .from(serviceFunnelEvents)
      .where(and(eq(serviceFunnelEvents.checkinId, stay.lucia), eq(serviceFunnelEvents.kind, 'offered')));
    expect(offered.map((o) => o.serviceId).sort()).toEqual([svc.transfer, svc.breakfast, svc.late].sort());
  });

  it('offers day 2 of the stay of a finished check-in in English, with the services page', async () => {
    const offers = await offersOf(stay.pablo);
    // Its before-arrival day was 3 days ago: too old to send.
    expect(offers.map((o) => o.moment)).toEqual(['during_stay']);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('pablo@example.com') && m.subject.includes('Extras'),
    );
    expect(mail.subject).toBe('Extras for your stay at Casa Azul');
    expect(mail.text).toContain('Desayuno EN');
    expect(mail.text).toContain(`/services/${casa}/${stay.pablo}/property`);
  });

  it('sends once per check-in and moment however often the job runs', async () => {
    await runJob('2026-11-20T10:45:00Z');
    await runJob('2026-11-20T16:00:00Z');
    expect(await offersOf(stay.lucia)).toHaveLength(1);
    // One offer reached Lucía's mail server, one delivery record says so (her check-in link is another kind),
    // and her inbox thread shows it once, by e-mail.
    expect(
      smtp.messages.filter((m) => m.to.includes('lucia@example.com') && m.subject.includes('Extras')),
    ).toHaveLength(1);
    const records = await t.database.db
      .select({
        channel: messageDeliveries.channel,
        status: messageDeliveries.status,
        error: messageDeliveries.errorCode,
      })
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.checkinId, stay.lucia), eq(messageDeliveries.kind, 'upsell_offer')))
      .orderBy(asc(messageDeliveries.createdAt));
    // No WhatsApp or SMS on this server: each says so, then the e-mail went.
    expect(records).toEqual([
      { channel: 'whatsapp', status: 'skipped', error: 'whatsapp_not_configured' },
      { channel: 'sms', status: 'skipped', error: 'sms_not_configured' },
      { channel: 'email', status: 'accepted', error: null },
    ]);
    const sent = await t.database.db
      .select()
      .from(inboxMessages)
      .where(
        and(eq(inboxMessages.direction, 'out'), like(inboxMessages.body, 'Hola Lucía, haz tu estancia%')),
      );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel).toBe('email');
    const config = await t.app.inject({
      method: 'GET',
      url: experiencesPaths.config(casa),
      headers: bearer(await loginToken(t, ownerEmail)),
    });
    expect(config.json().data.sent).toBe(3);
  });

  it('skips a stay with no phone or e-mail, and leaves the stale and the early ones alone', async () => {
    const [silent] = await offersOf(stay.silent);
    expect(silent).toMatchObject({ status: 'skipped', channel: 'none', failure: 'no_address' });
    expect(await offersOf(stay.stale)).toHaveLength(0);
    expect(await offersOf(stay.early)).toHaveLength(0);
  });

  it('sends nothing where the store is off or the plan has no cross-selling', async () => {
    expect(await offersOf(stay.loft)).toHaveLength(0);
    expect(await offersOf(stay.gated)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.subject.includes('Extras') && /marta|sara/.test(m.to))).toEqual([]);
  });
});
