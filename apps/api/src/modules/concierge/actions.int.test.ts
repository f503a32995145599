import { ESCALATION_REPLY, HANDOVER_REPLY } from '@posada/domain/concierge';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { botChats } from '../../db/schema/concierge.ts';
import { serviceRequests, services } from '../../db/schema/experiences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ANA, type ConciergeTest, startConcierge } from './concierge.test-setup.ts';

/**
 * What the bot does on its own, each only when bot_settings.allowed_actions allows it and the facts allow
 * it, logged as an `action` line with the rule; everything else is escalated with the reason. Ana Pérez's
 * stay at Casa Encinas is 2026-11-20 → 23 (concierge.test-setup.ts).
 */
describe(`concierge actions within policy on ${testDbKind}`, () => {
  let c: ConciergeTest;
  beforeAll(async () => {
    c = await startConcierge('concierge-actions-');
    // A first exchange, so the replies below carry no assistant disclosure.
    await c.anaAsks('¿Cuál es la contraseña del wifi?');
  }, 180_000);
  afterAll(() => c?.close());
  beforeEach(async () => {
    await c.db
      .update(botChats)
      .set({ pausedAt: null, pendingOffer: null })
      .where(eq(botChats.accountId, c.accountA));
  });

  const chat = async () => (await c.chatOf(c.accountA)) as typeof botChats.$inferSelect;
  const lastLines = async (n: number) => (await c.linesOf((await chat()).id)).slice(-n);
  const lastBell = async () =>
    (
      await c.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, c.accountA), eq(notifications.kind, 'bot')))
    ).at(-1);
  const completeCheckin = () =>
    c.db.update(checkins).set({ status: 'complete' }).where(eq(checkins.id, c.checkinA));

  it('escalates every action when the property has no bot settings (nothing allowed)', async () => {
    await c.allow(null);
    expect((await c.anaAsks('¿Cuál es el código de la puerta?'))?.text).toBe(ESCALATION_REPLY.es);
    const [line] = await lastLines(1);
    expect(line).toMatchObject({
      role: 'bot',
      outcome: 'escalated',
      action: 'send_door_code',
      rule: 'not allowed: send_door_code',
    });
    expect((await lastBell())?.body).toBe('¿Cuál es el código de la puerta?');
  });

  it('resends the check-in link only when allowed and the check-in is unfinished', async () => {
    await c.allow(['resend_checkin_link']);
    const reply = await c.anaAsks('¿Me reenvías el enlace del check-in?');
    expect(reply?.text).toMatch(
      /^Aquí tienes el enlace para completar tu check-in online: http:\/\/localhost:5173\//,
    );
    const [action] = await lastLines(2);
    expect(action).toMatchObject({
      role: 'action',
      action: 'resend_checkin_link',
      rule: 'allowed_actions: resend_checkin_link; check-in pending',
    });
    await c.allow(['send_door_code']);
    expect((await c.anaAsks('¿Me reenvías el enlace del check-in?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('not allowed: resend_checkin_link');
  });

  it('sends the door code only once smart locks released it to this guest', async () => {
    await c.allow(['send_door_code']);
    await c.db
      .update(properties)
      .set({
        smartLock: true,
        smartLockKeyType: 'static',
        smartLockMasterCode: '4821',
        smartLockRequiresRegistration: false,
      })
      .where(eq(properties.id, c.propertyA));
    // The check-in is not complete: the code is not released, so it is never sent.
    expect((await c.anaAsks('¿Cuál es el código de la puerta?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toMatch(/^send_door_code: the code is not released to this guest/);
    expect((await c.sentTo(ANA)).some((s) => s.text?.includes('4821'))).toBe(false);
    await completeCheckin();
    const reply = await c.anaAsks('¿Cuál es el código de la puerta?');
    expect(reply?.text).toBe('Tu código de acceso es 4821.');
    const [action, bot] = await lastLines(2);
    expect(action).toMatchObject({ role: 'action', action: 'send_door_code' });
    expect(action?.rule).toMatch(/^allowed_actions: send_door_code; code released to this guest/);
    expect(bot).toMatchObject({ role: 'bot', outcome: 'action', action: 'send_door_code' });
    // The check-in is complete now: its link is not sent again.
    await c.allow(['resend_checkin_link']);
    expect((await c.anaAsks('¿Me reenvías el enlace del check-in?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('resend_checkin_link: the check-in is already complete');
  });

  it('proposes a late check-out when nobody arrives that day, and tells the operator on a yes', async () => {
    await c.allow(['late_checkout']);
    const reply = await c.anaAsks('¿Es posible una salida tardía?');
    expect(reply?.text).toBe(
      'Puedo proponerte la salida tardía hasta las 13:00 (20,00\u00a0€). ¿La quieres? Responde sí o no.',
    );
    expect((await chat()).pendingOffer).toMatchObject({
      kind: 'late_checkout',
      day: '2026-11-23',
      time: '13:00',
      price: 2000,
    });
    expect((await c.anaAsks('Sí'))?.text).toBe(
      'Perfecto, lo he anotado. El anfitrión te lo confirmará en breve.',
    );
    const [action] = await lastLines(2);
    expect(action?.rule).toMatch(/^allowed_actions: late_checkout; accepted by the guest: 2026-11-23 13:00/);
    expect(await lastBell()).toMatchObject({
      title: 'Ana acepta la salida tardía: confírmala',
      body: expect.stringContaining('2026-11-23 · 13:00'),
    });
    expect((await chat()).pendingOffer).toBeNull();
  });

  it('escalates a late check-out when another stay arrives on the departure day, or when not allowed', async () => {
    await c.allow(['late_checkout']);
    await c.book(c.tokenA, c.propertyA, 'Carla Ruiz', '+34 611 000 111', '2026-11-23', '2026-11-25');
    expect((await c.anaAsks('¿Es posible una salida tardía?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('late_checkout: another stay arrives on 2026-11-23');
    await c.allow([]);
    expect((await c.anaAsks('¿Es posible una salida tardía?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('not allowed: late_checkout');
  });

  it('proposes an early check-in when nobody leaves on the arrival day; a no clears it', async () => {
    await c.allow(['early_checkin']);
    const reply = await c.anaAsks('¿Es posible una entrada anticipada?');
    expect(reply?.text).toBe(
      'Puedo proponerte la entrada anticipada desde las 12:00 (sin coste). ¿La quieres? Responde sí o no.',
    );
    expect((await c.anaAsks('No, gracias'))?.text).toBe(
      'De acuerdo, no lo solicito. Si necesitas algo más, escríbeme.',
    );
    expect((await chat()).pendingOffer).toBeNull();
    // Another stay of the same unit leaves on the arrival day: escalated.
    await c.db.insert(bookings).values({
      accountId: c.accountA,
      propertyId: c.propertyA,
      code: 'PS-DAN001',
      name: 'Dani Gil',
      email: 'dani@example.com',
      phone: '+34622000111',
      startDate: '2026-11-17',
      endDate: '2026-11-20',
      guests: 1,
      price: 10000,
      total: 10000,
    });
    expect((await c.anaAsks('¿Es posible una entrada anticipada?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('early_checkin: another stay leaves on 2026-11-20');
  });

  it("offers a store service with its price and takes the request on the guest's yes", async () => {
    await completeCheckin();
    await c.db
      .update(properties)
      .set({ storeEnabled: true, storeType: 'internal' })
      .where(eq(properties.id, c.propertyA));
    const [service] = await c.db
      .insert(services)
      .values({
        accountId: c.accountA,
        propertyId: c.propertyA,
        name: 'Traslado aeropuerto',
        title: { es: 'Traslado al aeropuerto', en: 'Airport transfer', ar: '' },
        description: { es: 'En coche privado.', en: 'By private car.', ar: '' },
        category: 'transfer',
        confirmation: 'manual',
        priceType: 'group',
        price: 4500,
        currency: 'EUR',
      })
      .returning({ id: services.id });
    await c.allow([]);
    expect((await c.anaAsks('¿Tenéis traslado al aeropuerto?'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('not allowed: offer_services');
    await c.allow(['offer_services']);
    const offer = await c.anaAsks('¿Tenéis traslado al aeropuerto?');
    expect(offer?.text).toContain(
      'Podemos ofrecerte Traslado al aeropuerto (45,00\u00a0€). ¿Quieres que lo solicite?',
    );
    expect((await chat()).pendingOffer).toMatchObject({
      kind: 'service',
      serviceId: service?.id,
      price: 4500,
    });
    const yes = await c.anaAsks('Sí, gracias');
    expect(yes?.text).toMatch(/^Hecho: he solicitado Traslado al aeropuerto/);
    const requests = await c.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.checkinId, c.checkinA));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      serviceId: service?.id,
      total: 4500,
      serviceDate: '2026-11-20',
      status: 'pending',
    });
    expect((await lastLines(2))[0]?.rule).toMatch(
      /^allowed_actions: offer_services; accepted by the guest; request /,
    );
  });

  it('hands the conversation to a person when allowed: paused, the bell rings, the bot is quiet after', async () => {
    await c.allow([]);
    expect((await c.anaAsks('Quiero hablar con una persona'))?.text).toBe(ESCALATION_REPLY.es);
    expect((await lastLines(1))[0]?.rule).toBe('not allowed: handover');
    await c.allow(['handover']);
    expect((await c.anaAsks('Quiero hablar con una persona'))?.text).toBe(HANDOVER_REPLY.es);
    expect((await chat()).pausedAt).not.toBeNull();
    expect(await lastBell()).toMatchObject({
      title: 'Ana quiere hablar con una persona',
      relationId: (await chat()).id,
    });
    expect(await c.anaAsks('¿Cuál es la contraseña del wifi?')).toBeUndefined();
  });
});
