import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dateOfTimestamp, parseEnvelope } from '../../adapters/whatsapp/whatsapp.envelope.ts';
import { extensionOfMime, signatureMatches } from './whatsapp-webhooks.service.ts';

const NOW = new Date('2026-11-20T10:00:00Z');

/** Meta's envelope around one `messages` change (whatsapp-cloud-api.md §1). */
const envelopeOf = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA_1',
      changes: [
        {
          field,
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '34911000000', phone_number_id: '123456789012345' },
            ...value,
          },
        },
      ],
    },
  ],
});

const inbound = (message: Record<string, unknown>) =>
  parseEnvelope(
    envelopeOf({
      contacts: [{ profile: { name: 'Ana' }, wa_id: '34600111222' }],
      messages: [{ from: '34600111222', id: 'wamid.A', timestamp: '1718000000', ...message }],
    }),
    NOW,
  );

describe('the WhatsApp webhook envelope', () => {
  it('reads a text message with its sender, profile name, number and time', () => {
    expect(inbound({ type: 'text', text: { body: 'Hola, ¿a qué hora es el check-in?' } })).toEqual([
      {
        kind: 'message',
        wabaId: 'WABA_1',
        phoneNumberId: '123456789012345',
        displayPhoneNumber: '34911000000',
        from: '34600111222',
        userId: null,
        profileName: 'Ana',
        wamid: 'wamid.A',
        type: 'text',
        body: 'Hola, ¿a qué hora es el check-in?',
        media: null,
        sentAt: new Date(1718000000 * 1000),
        raw: expect.objectContaining({ id: 'wamid.A' }),
      },
    ]);
  });

  it('keeps media ids, types, captions and a document file name', () => {
    const [image] = inbound({
      type: 'image',
      image: { caption: 'DNI', mime_type: 'image/jpeg', sha256: 'x', id: 'MEDIA_1' },
    });
    expect(image).toMatchObject({
      type: 'image',
      body: 'DNI',
      media: { id: 'MEDIA_1', mime: 'image/jpeg', fileName: null },
    });
    const [doc] = inbound({
      type: 'document',
      document: { filename: 'reserva.pdf', mime_type: 'application/pdf', id: 'MEDIA_2' },
    });
    expect(doc).toMatchObject({
      type: 'document',
      body: 'reserva.pdf',
      media: { id: 'MEDIA_2', fileName: 'reserva.pdf' },
    });
    const [voice] = inbound({
      type: 'audio',
      audio: { mime_type: 'audio/ogg; codecs=opus', id: 'M3', voice: true },
    });
    expect(voice).toMatchObject({
      type: 'audio',
      body: '',
      media: { id: 'M3', mime: 'audio/ogg; codecs=opus' },
    });
    const [video] = inbound({ type: 'video', video: { mime_type: 'video/mp4', id: 'M4' } });
    expect(video).toMatchObject({ type: 'video', media: { id: 'M4' } });
    const [sticker] = inbound({ type: 'sticker', sticker: { mime_type: 'image/webp', id: 'M5' } });
    expect(sticker).toMatchObject({ type: 'sticker', media: { id: 'M5', mime: 'image/webp' } });
  });

  it('writes locations, contacts, replies and reactions as words', () => {
    expect(
      inbound({
        type: 'location',
        location: { latitude: 40.4, longitude: -3.7, name: 'Casa', address: 'Calle Mayor 1' },
      })[0],
    ).toMatchObject({ type: 'location', body: 'Casa, Calle Mayor 1 (40.4, -3.7)' });
    expect(
      inbound({
        type: 'contacts',
        contacts: [{ name: { formatted_name: 'Luis Gil' }, phones: [{ phone: '+34 600 999 888' }] }],
      })[0],
    ).toMatchObject({ type: 'contacts', body: 'Luis Gil +34 600 999 888' });
    expect(
      inbound({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sí, llego a las 15:00' } },
      })[0],
    ).toMatchObject({ type: 'interactive', body: 'Sí, llego a las 15:00' });
    expect(
      inbound({
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Parking', description: '10 €' } },
      })[0],
    ).toMatchObject({ body: 'Parking — 10 €' });
    expect(inbound({ type: 'button', button: { text: 'Confirmar', payload: 'OK' } })[0]).toMatchObject({
      type: 'button',
      body: 'Confirmar',
    });
    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } })[0]).toMatchObject({
      type: 'reaction',
      body: '👍',
    });
  });

  it('keeps every inbound type of the protocol notes (§1.2) under its own name, with words where there are some', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'text', text: { body: 'Hola' } }, 'text', 'Hola'],
      [{ type: 'image', image: { id: 'M1', mime_type: 'image/jpeg', caption: 'Foto' } }, 'image', 'Foto'],
      [{ type: 'video', video: { id: 'M2', mime_type: 'video/mp4' } }, 'video', ''],
      [{ type: 'audio', audio: { id: 'M3', mime_type: 'audio/ogg', voice: true } }, 'audio', ''],
      [{ type: 'document', document: { id: 'M4', filename: 'dni.pdf' } }, 'document', 'dni.pdf'],
      [{ type: 'sticker', sticker: { id: 'M5', mime_type: 'image/webp', animated: false } }, 'sticker', ''],
      [{ type: 'location', location: { latitude: 1, longitude: 2 } }, 'location', '1, 2'],
      [{ type: 'contacts', contacts: [{ name: { formatted_name: 'Luis' } }] }, 'contacts', 'Luis'],
      [
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Sí' } },
        },
        'interactive',
        'Sí',
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'l', title: 'Parking' } },
        },
        'interactive',
        'Parking',
      ],
      [
        {
          type: 'interactive',
          interactive: {
            type: 'nfm_reply',
            nfm_reply: {
              name: 'flow',
              body: 'Sent',
              response_json: '{"flow_token":"t","llegada":"15:00","personas":2,"extras":["cuna"]}',
            },
          },
        },
        'interactive',
        'Sent\nllegada: 15:00\npersonas: 2',
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'call_permission_reply', call_permission_reply: { response: 'accept' } },
        },
        'interactive',
        'accept',
      ],
      [{ type: 'button', button: { text: 'Confirmar', payload: 'OK' } }, 'button', 'Confirmar'],
      [{ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } }, 'reaction', '👍'],
      [{ type: 'reaction', reaction: { message_id: 'wamid.X' } }, 'reaction', ''],
      [
        {
          type: 'order',
          order: {
            catalog_id: 'C1',
            text: 'Para el sábado',
            product_items: [
              { product_retailer_id: 'desayuno', quantity: 2, item_price: 12, currency: 'EUR' },
            ],
          },
        },
        'order',
        'Para el sábado\ndesayuno × 2',
      ],
      [
        {
          type: 'system',
          system: { type: 'customer_changed_number', body: 'User A changed from 34600111222 to 34600999888' },
        },
        'system',
        'User A changed from 34600111222 to 34600999888',
      ],
      [{ type: 'request_welcome' }, 'request_welcome', ''],
      [
        {
          type: 'unsupported',
          unsupported: { type: 'poll_update' },
          errors: [{ code: 131051, title: 'Message type unknown' }],
        },
        'unsupported',
        '',
      ],
    ];
    for (const [message, type, body] of cases) {
      const [item] = inbound(message);
      expect(item, JSON.stringify(message)).toMatchObject({ kind: 'message', type, body, raw: message });
    }
  });

  it('keeps a type it does not know as unsupported, with the raw object', () => {
    const [item] = inbound({ type: 'hologram', hologram: { id: 'H1' } });
    expect(item).toMatchObject({
      kind: 'message',
      type: 'unsupported',
      body: '',
      raw: { type: 'hologram', hologram: { id: 'H1' } },
    });
  });

  it('keeps a message without `from` (a username user) with its BSUID, and one without an id', () => {
    const value = (contacts: unknown[], message: Record<string, unknown>) =>
      parseEnvelope(envelopeOf({ contacts, messages: [message] }), NOW)[0];
    // Phone withheld: only from_user_id and the contact's user_id and username.
    expect(
      value([{ user_id: 'ES.1349120865530274', username: 'ana.viajera' }], {
        from_user_id: 'ES.1349120865530274',
        id: 'wamid.U1',
        type: 'text',
        text: { body: 'Hola' },
      }),
    ).toMatchObject({
      from: '',
      userId: 'ES.1349120865530274',
      profileName: 'ana.viajera',
      wamid: 'wamid.U1',
    });
    // Meta's contact book still maps the user: the card's wa_id is the phone.
    expect(
      value([{ user_id: 'ES.77', wa_id: '34600555666', profile: { name: 'Eva' } }], {
        from_user_id: 'ES.77',
        id: 'wamid.U2',
        type: 'text',
        text: { body: 'Hola' },
      }),
    ).toMatchObject({ from: '34600555666', userId: 'ES.77', profileName: 'Eva' });
    // No id at all: a stable one from the message itself, the same on every replay.
    const a = value([], { from: '34600111222', type: 'text', text: { body: 'sin id' } });
    const b = value([], { from: '34600111222', type: 'text', text: { body: 'sin id' } });
    expect(a).toMatchObject({ kind: 'message', body: 'sin id' });
    expect((a as { wamid: string }).wamid).toMatch(/^nowamid:[0-9a-f]{64}$/);
    expect((a as { wamid: string }).wamid).toBe((b as { wamid: string }).wamid);
  });

  it('reads statuses with their errors', () => {
    const items = parseEnvelope(
      envelopeOf({
        statuses: [
          {
            id: 'wamid.S',
            status: 'delivered',
            timestamp: '1718000100',
            recipient_id: '34600111222',
            biz_opaque_callback_data: 'delivery-1',
            pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
          },
          {
            id: 'wamid.T',
            status: 'failed',
            timestamp: '1718000200',
            recipient_id: '34600111222',
            errors: [
              { code: 131047, title: 'Re-engagement message', error_data: { details: 'More than 24 hours' } },
            ],
          },
          { id: 'wamid.U', status: 'deleted', timestamp: '1718000300' },
        ],
      }),
      NOW,
    );
    expect(items).toEqual([
      {
        kind: 'status',
        phoneNumberId: '123456789012345',
        wamid: 'wamid.S',
        status: 'delivered',
        at: new Date(1718000100 * 1000),
        error: null,
        callbackData: 'delivery-1',
        pricing: 'utility',
      },
      {
        kind: 'status',
        phoneNumberId: '123456789012345',
        wamid: 'wamid.T',
        status: 'failed',
        at: new Date(1718000200 * 1000),
        error: { code: '131047', text: 'Re-engagement message: More than 24 hours' },
        callbackData: null,
        pricing: null,
      },
    ]);
  });

  it('hands other fields on as they came, and ignores what is not a WhatsApp delivery', () => {
    const value = { display_phone_number: '34911000000', event: 'FLAGGED', current_limit: 'TIER_1K' };
    expect(
      parseEnvelope(
        {
          object: 'whatsapp_business_account',
          entry: [{ id: 'W', changes: [{ field: 'phone_number_quality_update', value }] }],
        },
        NOW,
      ),
    ).toEqual([{ kind: 'field', field: 'phone_number_quality_update', wabaId: 'W', value }]);
    expect(parseEnvelope({ object: 'page', entry: [] }, NOW)).toEqual([]);
    expect(parseEnvelope('junk', NOW)).toEqual([]);
    expect(parseEnvelope({ object: 'whatsapp_business_account', entry: 'x' }, NOW)).toEqual([]);
  });

  it('falls back to the delivery time for a missing or absurd timestamp', () => {
    expect(dateOfTimestamp('1718000000', NOW)).toEqual(new Date(1718000000 * 1000));
    expect(dateOfTimestamp(undefined, NOW)).toBe(NOW);
    expect(dateOfTimestamp('12', NOW)).toBe(NOW);
    expect(dateOfTimestamp('soon', NOW)).toBe(NOW);
  });
});

describe('the webhook signature', () => {
  it("matches hexdocs' vector HMAC_SHA256('secret', 'test')", () => {
    const header = 'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914';
    expect(signatureMatches('secret', Buffer.from('test'), header)).toBe(true);
    expect(signatureMatches('secret', Buffer.from('test '), header)).toBe(false);
    expect(signatureMatches('other', Buffer.from('test'), header)).toBe(false);
    expect(signatureMatches('secret', Buffer.from('test'), header.slice(0, -2))).toBe(false);
    expect(signatureMatches('secret', Buffer.from('test'), '')).toBe(false);
  });

  it('is computed over the exact bytes', () => {
    const raw = Buffer.from('{"a": "ñ"}', 'utf8');
    const header = `sha256=${createHmac('sha256', 'k').update(raw).digest('hex')}`;
    expect(signatureMatches('k', raw, header)).toBe(true);
    expect(signatureMatches('k', Buffer.from('{"a":"ñ"}', 'utf8'), header)).toBe(false);
  });
});

describe('stored media names', () => {
  it('keep a known extension per type and bin for the rest', () => {
    expect(extensionOfMime('image/jpeg')).toBe('jpg');
    expect(extensionOfMime('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionOfMime('application/pdf')).toBe('pdf');
    expect(extensionOfMime('application/x-msdownload')).toBe('bin');
  });
});
