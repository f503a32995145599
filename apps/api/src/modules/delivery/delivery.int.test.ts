import type { MessageDelivery } from '@posada/contracts/deliveries';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../adapters/twilio/twilio.signature.ts';
import { messageDeliveries, messagingOptOuts } from '../../db/schema/deliveries.ts';
import { inboxMessages } from '../../db/schema/messaging.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { type MessagingKit, startMessagingKit } from '../../test/messaging-kit.ts';
import { testDbKind } from '../../test/test-app.ts';
import { deliverySweepJob } from './delivery.module.ts';

const HOUR = 3_600_000;

interface FakeSent {
  wamid: string;
  to: string;
  type: string;
  text: string | null;
  template: { name: string; language: string; params: string[] } | null;
}

/**
 * The delivery pipeline through the real app listening on a port, with WhatsApp, Twilio and SMTP played by
 * strict fakes whose webhooks and callbacks come back over HTTP (PGlite, or PostgreSQL with TEST_DB=postgres).
 * Casa Encinas (account A, in trial: messaging included) sends from the platform's shared number; no property
 * channel was chosen, so messages try WhatsApp, then SMS, then e-mail. Now: 2026-11-20 10:00 UTC.
 */
describe(`delivery pipeline on ${testDbKind}`, () => {
  let kit: MessagingKit;
  let token: string;
  let tokenB: string;
  let propertyId: string;
  let seq = 0;
  let ownerEmail = '';
  let otherEmail = '';

  /** Moves the clock (sessions expire when it moves by a day: sign in again). */
  async function advance(ms: number) {
    kit.t.clock.advance(ms);
    token = await loginToken(kit.t, ownerEmail);
    tokenB = await loginToken(kit.t, otherEmail);
  }

  /** Lets the e-mail worker finish (the bookings' notices to the operator) before a snapshot. */
  async function quiet() {
    await kit.t.jobs.drain('mail.send');
    await kit.settle();
  }

  /** A booking made through the API (its check-in is programmed), with the guest's contact. */
  async function booking(guest: { name: string; phone?: string; email?: string }) {
    seq += 1;
    const res = await kit.call(token, 'POST', '/api/create/new-booking', {
      name: guest.name,
      // The booking form wants both; the check-in's contact (sendLink) is the guest's real one.
      email: guest.email ?? `booking${seq}@example.com`,
      phone: guest.phone ?? '+34 699 000 000',
      number_of_guests: 1,
      price: 30_000,
      property_id: propertyId,
      start_date: `2026-12-${String(seq).padStart(2, '0')}`,
      end_date: `2026-12-${String(seq + 1).padStart(2, '0')}`,
    });
    if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  }

  /** The operator sends the check-in link on a channel (POST /api/checkins/send with the booking). */
  async function sendLink(
    bookingId: string,
    guest: { name: string; phone?: string; email?: string },
    channel = 'whatsapp',
  ) {
    const res = await kit.call(token, 'POST', '/api/checkins/send', {
      booking_id: bookingId,
      property_id: propertyId,
      name: guest.name,
      phone: guest.phone ?? '',
      email: guest.email ?? '',
      channel,
      language: 'es',
    });
    if (res.statusCode >= 300) throw new Error(`send: ${res.statusCode} ${res.body}`);
    await kit.settle();
    return res.json().data as { sent: boolean; delivery: MessageDelivery | null; link: { url: string } };
  }

  const sentTo = async (digits: string) =>
    ((await kit.whatsapp.control('sent')) as { data: FakeSent[] }).data.filter((s) => s.to === digits);
  const smsTo = async (e164: string) => kit.twilio.sent().filter((m) => m.to === e164);

  beforeAll(async () => {
    kit = await startMessagingKit();
    const owner = await createEmpresa(kit.t, { properties: [{ nombre: 'Casa Encinas' }] });
    const other = await createEmpresa(kit.t, { name: 'Villa Mar', properties: [{ nombre: 'Villa Mar' }] });
    propertyId = owner.propertyIds[0] as string;
    ownerEmail = owner.email;
    otherEmail = other.email;
    token = await loginToken(kit.t, owner.email);
    tokenB = await loginToken(kit.t, other.email);
  }, 120_000);
  afterAll(async () => {
    await kit?.close();
  });

  it('outside the 24-hour window sends the approved UTILITY template with exactly its parameters, and shows accepted → delivered → read from the webhooks', async () => {
    const guest = { name: 'Ana Pérez', phone: '+34 600 111 222', email: 'ana@example.com' };
    const bookingId = await booking(guest);
    const sent = await sendLink(bookingId, guest);
    // The answer says what the provider said at that moment: accepted, never "delivered".
    expect(sent.sent).toBe(true);
    expect(sent.delivery).toMatchObject({ kind: 'checkin_link', channel: 'whatsapp', status: 'accepted' });

    const [message] = await sentTo('34600111222');
    expect(message?.type).toBe('template');
    expect(message?.template).toMatchObject({ name: 'checkin_link', language: 'es' });
    expect(message?.template?.params).toEqual(['Ana', 'Casa Encinas', sent.link.url]);

    const records = await kit.messagesOf(token, bookingId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      kind: 'checkin_link',
      channel: 'whatsapp',
      to: '+34600111222',
      status: 'read',
      provider_id: message?.wamid,
      template: 'checkin_link',
      error_code: null,
      link: sent.link.url,
      booking_id: bookingId,
    });
    expect(records[0]?.delivered_at).not.toBeNull();
    expect(records[0]?.read_at).not.toBeNull();
  });

  it('inside the window sends free text; statuses replayed and out of order are applied once, only forward', async () => {
    await kit.whatsapp.control('options', { duplicate: true, out_of_order: true });
    try {
      const guest = { name: 'Bea Ruiz', phone: '+34 600 222 333' };
      const bookingId = await booking(guest);
      await kit.guestWrites('34600222333', 'Hola, llegamos el martes', 'Bea');
      await advance(HOUR);
      await sendLink(bookingId, guest);
      const [message] = await sentTo('34600222333');
      expect(message?.type).toBe('text');
      expect(message?.text).toContain('/checkin/');
      const records = await kit.messagesOf(token, bookingId);
      expect(records.map((r) => [r.channel, r.status])).toEqual([['whatsapp', 'read']]);
      // The inbox shows the same message, read, in Bea's thread.
      const [bubble] = await kit.t.database.db
        .select({ status: inboxMessages.status, channel: inboxMessages.channel })
        .from(inboxMessages)
        .where(eq(inboxMessages.externalId, message?.wamid as string));
      expect(bubble).toEqual({ status: 'read', channel: 'whatsapp' });
    } finally {
      await kit.whatsapp.control('options', { duplicate: false, out_of_order: false });
    }
  });

  it("131047 reported in a failed status webhook (Meta's clock saw no window) falls back once to the approved template", async () => {
    const guest = { name: 'Carla Gil', phone: '+34 600 333 444' };
    const bookingId = await booking(guest);
    // Carla wrote to Meta 25 hours ago, but the webhook said 2 hours later (clock skew): we judge the window
    // open, Meta does not.
    await kit.whatsapp.control('inbound', {
      from: '34600333444',
      name: 'Carla',
      text: 'Hola',
      timestamp: Math.floor(kit.t.clock.now().getTime() / 1000) + 2 * 3600,
    });
    await kit.settle();
    await advance(24 * HOUR + 10 * 60_000);
    await sendLink(bookingId, guest);

    const sent = await sentTo('34600333444');
    expect(sent.map((s) => s.type)).toEqual(['text', 'template']);
    const records = await kit.messagesOf(token, bookingId);
    expect(records.map((r) => [r.channel, r.status, r.error_code])).toEqual([
      ['whatsapp', 'read', null],
      ['whatsapp', 'failed', '131047'],
    ]);
    expect(records[1]?.error_reason).toMatch(/24 horas/);
    expect(records[0]?.previous_id).toBe(records[1]?.id);
    expect(records[0]?.message_id).toBe(records[1]?.message_id);
  });

  it('a guest not on WhatsApp (131026) gets the SMS through Twilio, delivered from its signed callbacks; the inbox shows it by SMS', async () => {
    await kit.whatsapp.control('outcome', { to: '34600444555', outcome: 'not_on_whatsapp' });
    const guest = { name: 'Dani Sanz', phone: '+34 600 444 555' };
    const bookingId = await booking(guest);
    await sendLink(bookingId, guest);
    const records = await kit.messagesOf(token, bookingId, 'en');
    expect(records.map((r) => [r.channel, r.status, r.error_code])).toEqual([
      ['sms', 'delivered', null],
      ['whatsapp', 'failed', '131026'],
    ]);
    expect(records[1]?.error_reason).toMatch(/not on WhatsApp/);
    const [sms] = await smsTo('+34600444555');
    expect(sms?.body).toContain('/checkin/');
    expect(records[0]?.provider_id).toMatch(/^SM[0-9a-f]{32}$/);
    const [bubble] = await kit.t.database.db
      .select({ status: inboxMessages.status, channel: inboxMessages.channel })
      .from(inboxMessages)
      .where(eq(inboxMessages.externalId, records[0]?.provider_id as string));
    expect(bubble).toEqual({ status: 'delivered', channel: 'sms' });
  });

  it('with no usable template it says so and goes by SMS; a guest who sent STOP by SMS gets e-mail instead', async () => {
    await kit.whatsapp.control('template-status', { name: 'checkin_link', language: 'es', status: 'PAUSED' });
    await kit.settle();
    try {
      const guest = { name: 'Eva Luna', phone: '+34 600 555 666', email: 'eva@example.com' };
      const first = await booking(guest);
      await sendLink(first, guest);
      let records = await kit.messagesOf(token, first);
      expect(records.map((r) => [r.channel, r.status, r.error_code])).toEqual([
        ['sms', 'delivered', null],
        ['whatsapp', 'skipped', 'no_template'],
      ]);
      // Nothing went to WhatsApp: the fake would have refused a free text and the template is paused.
      expect(await sentTo('34600555666')).toEqual([]);

      await kit.twilio.control('inbound', { from: '+34600555666', body: 'STOP' });
      await kit.settle();
      const second = await booking(guest);
      await sendLink(second, guest);
      records = await kit.messagesOf(token, second);
      expect(records.map((r) => [r.channel, r.status, r.error_code])).toEqual([
        ['email', 'accepted', null],
        ['sms', 'skipped', 'opted_out'],
        ['whatsapp', 'skipped', 'no_template'],
      ]);
      const mail = await kit.smtp.waitFor((m) => m.to === 'eva@example.com');
      expect(mail.text).toContain('/checkin/');
    } finally {
      await kit.whatsapp.control('template-status', {
        name: 'checkin_link',
        language: 'es',
        status: 'APPROVED',
      });
      await kit.settle();
    }
  });

  it('a rate limit (130429) is retried with backoff until WhatsApp takes it', async () => {
    await kit.whatsapp.control('options', { throughput_per_second: 1 });
    try {
      const first = { name: 'Fran Vidal', phone: '+34 600 666 777' };
      const second = { name: 'Gema Soto', phone: '+34 600 777 888' };
      const [a, b] = [await booking(first), await booking(second)];
      // The clock stands still in tests: let the last second's sends out of the fake's window first.
      await advance(2_000);
      expect((await sendLink(a, first)).delivery).toMatchObject({ status: 'accepted' });
      const late = await sendLink(b, second);
      expect(late.delivery).toMatchObject({ channel: 'whatsapp', status: 'queued', error_code: '130429' });
      // Still queued: nothing claims it was sent.
      expect((await kit.messagesOf(token, b))[0]).toMatchObject({ status: 'queued' });

      await advance(31_000);
      await kit.t.jobs.send(deliverySweepJob, {});
      await kit.t.jobs.drain(deliverySweepJob);
      await kit.settle();
      const records = await kit.messagesOf(token, b);
      expect(records.map((r) => [r.channel, r.status])).toEqual([['whatsapp', 'read']]);
    } finally {
      await kit.whatsapp.control('options', { throughput_per_second: 80 });
    }
  });

  it('when every channel fails it rings the bell and offers a resend on another channel', async () => {
    await kit.whatsapp.control('outcome', { to: '34600888999', outcome: 'not_on_whatsapp' });
    await kit.twilio.control('script', { to: '+34600888999', outcome: 'undelivered:30005' });
    const guest = { name: 'Hugo Mora', phone: '+34 600 888 999' };
    const bookingId = await booking(guest);
    await sendLink(bookingId, guest);
    const records = await kit.messagesOf(token, bookingId);
    expect(records.map((r) => [r.channel, r.status, r.error_code])).toEqual([
      ['sms', 'failed', '30005'],
      ['whatsapp', 'failed', '131026'],
    ]);
    const bell = await kit.t.database.db
      .select({ title: notifications.title, body: notifications.body, relationId: notifications.relationId })
      .from(notifications)
      .where(eq(notifications.kind, 'delivery'));
    expect(bell).toContainEqual({
      title: 'No se pudo entregar: enlace de check-in a Hugo Mora',
      body: 'SMS: El número no existe.',
      relationId: bookingId,
    });

    // The operator resends by e-mail from the failed record.
    const resent = await kit.call(token, 'POST', `/api/deliveries/${records[0]?.id}/resend`, {
      channel: 'email',
    });
    expect(resent.statusCode).toBe(201);
    // Hugo has no e-mail address: the record says so instead of pretending.
    expect(resent.json().data).toMatchObject({
      channel: 'email',
      status: 'skipped',
      error_code: 'no_address',
    });
  });

  it('an e-mail that bounces ends failed with the server code', async () => {
    const guest = { name: 'Irene Paz', email: 'irene@example.com' };
    const bookingId = await booking(guest);
    await sendLink(bookingId, guest, 'email');
    const [record] = await kit.messagesOf(token, bookingId);
    expect(record).toMatchObject({ channel: 'email', status: 'accepted' });
    const bounce = await kit.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/email-inbound',
      headers: { 'x-inbound-secret': 'inbound-secret-for-tests-0001' },
      payload: {
        from: 'mailer-daemon@mx.example.com',
        subject: 'Undelivered Mail Returned to Sender',
        text: 'Action: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 <irene@example.com>: User unknown',
        message_id: '<dsn-1@mx.example.com>',
        to: `bounce+${record?.id}@mail.posada.test`,
      },
    });
    expect(bounce.statusCode).toBe(200);
    await kit.settle();
    const [after] = await kit.messagesOf(token, bookingId);
    expect(after).toMatchObject({ id: record?.id, status: 'failed', error_code: '550' });
    expect(after?.error_reason).toMatch(/User unknown/);
  });

  it("mirrors a guest's WhatsApp marketing stop and resume into the opt-outs", async () => {
    const optOuts = () =>
      kit.t.database.db
        .select({ scope: messagingOptOuts.scope, source: messagingOptOuts.source })
        .from(messagingOptOuts)
        .where(and(eq(messagingOptOuts.channel, 'whatsapp'), eq(messagingOptOuts.address, '34600999000')));
    await kit.whatsapp.control('preferences', { wa_id: '34600999000', value: 'stop' });
    await kit.settle();
    expect(await optOuts()).toEqual([{ scope: 'marketing', source: 'whatsapp:user_preferences' }]);
    await kit.whatsapp.control('preferences', { wa_id: '34600999000', value: 'resume' });
    await kit.settle();
    expect(await optOuts()).toEqual([]);
  });

  it('refuses a Twilio callback without a valid signature and changes nothing', async () => {
    const [record] = await kit.t.database.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.channel, 'sms'), eq(messageDeliveries.status, 'delivered')))
      .limit(1);
    const form = `MessageSid=${record?.providerId}&MessageStatus=undelivered&ErrorCode=30003&AccountSid=${kit.twilio.env.TWILIO_ACCOUNT_SID}`;
    const url = `/api/webhooks/twilio/status?d=${record?.id}`;
    await quiet();
    const before = await dbSnapshot(kit.t.database);
    for (const signature of [
      undefined,
      'bm90IGEgc2lnbmF0dXJl',
      twilioSignature('wrong-token', `${kit.base}${url}`, new URLSearchParams(form)),
    ]) {
      const res = await kit.t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        payload: form,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(changedTables(before, await dbSnapshot(kit.t.database))).toEqual([]);
  });

  it('says per property which channels really work, with the last accepted and failed messages', async () => {
    const res = await kit.call(token, 'GET', `/api/properties/${propertyId}/messaging-channels`);
    expect(res.statusCode).toBe(200);
    const { channels, templates, preferences } = res.json().data;
    const byChannel = Object.fromEntries(channels.map((c: { channel: string }) => [c.channel, c]));
    expect(byChannel.whatsapp).toMatchObject({ configured: true, missing: [] });
    expect(byChannel.sms.last_failed).toMatchObject({
      error_code: '30005',
      error_reason: 'El número no existe.',
    });
    expect(byChannel.email.last_accepted).not.toBeNull();
    expect(templates.find((x: { kind: string }) => x.kind === 'checkin_link')).toMatchObject({
      state: 'approved',
    });
    expect(preferences.find((p: { kind: string }) => p.kind === 'door_code').channels).toEqual([
      'whatsapp',
      'sms',
      'email',
    ]);

    const saved = await kit.call(token, 'PUT', `/api/properties/${propertyId}/delivery-preferences`, {
      preferences: [{ kind: 'door_code', channels: ['sms', 'email'] }],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().data.preferences.find((p: { kind: string }) => p.kind === 'door_code').channels,
    ).toEqual(['sms', 'email']);
    const invalid = await kit.call(token, 'PUT', `/api/properties/${propertyId}/delivery-preferences`, {
      preferences: [{ kind: 'door_code', channels: [] }],
    });
    expect(invalid.statusCode).toBe(400);
  });

  it("answers 404 for another account's booking, record and property, and changes nothing", async () => {
    const [record] = await kit.t.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.channel, 'sms'))
      .limit(1);
    await quiet();
    const before = await dbSnapshot(kit.t.database);
    for (const [method, url, body] of [
      ['GET', `/api/bookings/${record?.bookingId}/messages`],
      ['GET', `/api/checkins/${record?.checkinId}/messages`],
      ['POST', `/api/deliveries/${record?.id}/resend`, { channel: 'sms' }],
      ['GET', `/api/properties/${propertyId}/messaging-channels`],
      [
        'PUT',
        `/api/properties/${propertyId}/delivery-preferences`,
        { preferences: [{ kind: 'door_code', channels: ['email'] }] },
      ],
    ] as const) {
      const res = await kit.call(tokenB, method, url, body as object | undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(changedTables(before, await dbSnapshot(kit.t.database))).toEqual([]);
  });
});
