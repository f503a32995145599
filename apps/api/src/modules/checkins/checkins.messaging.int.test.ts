import type { MessageDelivery } from '@posada/contracts/deliveries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { type MessagingKit, startMessagingKit } from '../../test/messaging-kit.ts';
import { testDbKind } from '../../test/test-app.ts';

interface FakeSent {
  wamid: string;
  to: string;
  type: string;
  text: string | null;
  template: { name: string; language: string; params: string[] } | null;
}

interface SendData {
  checkin: { id: string };
  link: { url: string };
  sent: boolean;
  delivery: MessageDelivery | null;
}

/**
 * Send check-in over WhatsApp and SMS through the delivery pipeline: the real app listening on a port, with
 * the WhatsApp Cloud API, Twilio and an SMTP server played by strict fakes whose status webhooks and
 * callbacks come back over HTTP (PGlite, or PostgreSQL with TEST_DB=postgres). Casa Azul's account is in
 * trial (messaging included) and sends from the platform's shared WhatsApp number.
 */
describe(`send check-in by WhatsApp and SMS on ${testDbKind}`, () => {
  let kit: MessagingKit;
  let token: string;
  let casa: string;

  beforeAll(async () => {
    kit = await startMessagingKit();
    const owner = await createEmpresa(kit.t, {
      properties: [{ nombre: 'Casa Azul', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(kit.t, owner.email);
    [casa = ''] = owner.propertyIds;
  }, 120_000);

  afterAll(async () => {
    await kit?.close();
  });

  /** The operator sends the link of a new check-in (no booking) on a channel; the fakes' webhooks settle. */
  const send = async (channel: string, guest: { name: string; phone: string; email: string }) => {
    const res = await kit.call(token, 'POST', '/api/checkins/send', {
      property_id: casa,
      ...guest,
      channel,
      start_date: '2026-12-01',
      end_date: '2026-12-03',
      language: 'es',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as SendData;
    await kit.settle();
    return data;
  };
  const recordsOf = async (checkinId: string) => {
    const res = await kit.call(token, 'GET', `/api/checkins/${checkinId}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MessageDelivery[];
  };
  const listed = async (name: string) =>
    (await kit.call(token, 'GET', `/api/checkins?q=${encodeURIComponent(name)}`)).json().data.items[0];
  const whatsappTo = async (digits: string) =>
    ((await kit.whatsapp.control('sent')) as { data: FakeSent[] }).data.filter((s) => s.to === digits);

  it('outside the 24-hour window sends the approved check-in template with the link, not an e-mail; the record follows the webhooks to read', async () => {
    const data = await send('whatsapp', {
      name: 'Ana Ruiz',
      phone: '+34 611 222 333',
      email: 'ana@example.com',
    });
    // The answer says what WhatsApp said at that moment: it took the message.
    expect(data.sent).toBe(true);
    expect(data.delivery).toMatchObject({
      kind: 'checkin_link',
      channel: 'whatsapp',
      to: '+34611222333',
      status: 'accepted',
      template: 'checkin_link',
      link: data.link.url,
    });

    const sent = await whatsappTo('34611222333');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.type).toBe('template');
    expect(sent[0]?.template).toMatchObject({ name: 'checkin_link', language: 'es' });
    expect(sent[0]?.template?.params).toEqual(['Ana', 'Casa Azul', data.link.url]);
    // Only one channel took it: nothing went by e-mail or SMS.
    expect(kit.smtp.messages.filter((m) => m.to === 'ana@example.com')).toEqual([]);
    expect(kit.twilio.sent().filter((m) => m.to === '+34611222333')).toEqual([]);

    const records = await recordsOf(data.checkin.id);
    expect(records.map((r) => [r.channel, r.status, r.provider_id])).toEqual([
      ['whatsapp', 'read', sent[0]?.wamid],
    ]);
    expect(records[0]?.delivered_at).not.toBeNull();
    expect((await listed('Ana Ruiz')).last_message).toMatchObject({
      id: data.delivery?.id,
      channel: 'whatsapp',
      status: 'read',
    });
  });

  it('once the guest answered on WhatsApp, the resend goes inside the 24-hour window as free text', async () => {
    const guest = { name: 'Bruno Sanz', phone: '+34 611 444 555', email: 'bruno@example.com' };
    const first = await send('whatsapp', guest);
    expect(first.delivery).toMatchObject({ channel: 'whatsapp', template: 'checkin_link' });
    // Bruno answers on WhatsApp (his thread knows the phone now); an hour later the operator resends.
    await kit.guestWrites('34611444555', 'Hola, ¿a qué hora es la entrada?', 'Bruno');
    kit.t.clock.advance(3_600_000);
    const res = await kit.call(token, 'POST', `/api/checkins/${first.checkin.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    await kit.settle();
    const again = res.json().data as SendData;
    expect(again.sent).toBe(true);
    expect(again.delivery).toMatchObject({
      kind: 'checkin_reminder',
      channel: 'whatsapp',
      status: 'accepted',
      template: null,
    });
    const sent = await whatsappTo('34611444555');
    expect(sent.map((m) => m.type)).toEqual(['template', 'text']);
    expect(sent[1]?.text).toContain(first.link.url);
    expect((await recordsOf(first.checkin.id)).map((r) => [r.kind, r.channel, r.status])).toEqual([
      ['checkin_reminder', 'whatsapp', 'read'],
      ['checkin_link', 'whatsapp', 'read'],
    ]);
  });

  it('sends the link by SMS through Twilio, delivered from its signed status callbacks', async () => {
    const data = await send('sms', {
      name: 'Carla Gil',
      phone: '+34 622 333 444',
      email: 'carla@example.com',
    });
    expect(data.sent).toBe(true);
    expect(data.delivery).toMatchObject({ kind: 'checkin_link', channel: 'sms', status: 'accepted' });

    const sms = kit.twilio.sent().filter((m) => m.to === '+34622333444');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(data.link.url);
    expect(sms[0]?.from).toBe(kit.twilio.env.TWILIO_FROM);
    expect(sms[0]?.statusCallback).toBe(`${kit.base}/api/webhooks/twilio/status?d=${data.delivery?.id}`);
    expect(await whatsappTo('34622333444')).toEqual([]);
    expect(kit.smtp.messages.filter((m) => m.to === 'carla@example.com')).toEqual([]);

    const records = await recordsOf(data.checkin.id);
    expect(records.map((r) => [r.channel, r.status, r.provider_id])).toEqual([
      ['sms', 'delivered', sms[0]?.sid],
    ]);
    expect((await listed('Carla Gil')).last_message).toMatchObject({ channel: 'sms', status: 'delivered' });
  });
});
