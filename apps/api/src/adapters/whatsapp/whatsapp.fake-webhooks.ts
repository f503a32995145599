import type { FakeWhatsAppStore } from './whatsapp.fake-store.ts';
import { signWhatsAppBody } from './whatsapp.signature.ts';

/** Where the fake's webhooks go: a URL (POSTed over HTTP) or a function (tests: app.inject). */
export type WebhookTarget =
  | string
  | ((delivery: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>)
  | null;

export interface InboundInput {
  from?: string;
  name?: string;
  phone_number_id?: string;
  text?: string;
  image?: { caption?: string; mime?: string; base64?: string };
  document?: { caption?: string; filename?: string; mime?: string; base64?: string };
  audio?: { mime?: string; base64?: string };
  /** Any other Meta type ('sticker', 'location', 'reaction'…): sent as that type with `payload` as its object. */
  type?: string;
  payload?: Record<string, unknown>;
  /** Seconds since the epoch (default: the fake's now). */
  timestamp?: number;
}

/** A 1×1 PNG: inbound images without their own bytes. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function envelope(store: FakeWhatsAppStore, phoneNumberId: string, value: Record<string, unknown>) {
  const phone = store.phones.get(phoneNumberId);
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: phone?.wabaId ?? '0',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: (phone?.display_phone_number ?? '').replace(/\D/g, ''),
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** The `messages[0]` of an inbound webhook, storing any media it carries. */
export function inboundMessage(store: FakeWhatsAppStore, input: InboundInput, wamid: string, from: string) {
  const timestamp = String(input.timestamp ?? Math.floor(store.now() / 1000));
  const base = { from, id: wamid, timestamp };
  const mediaOf = (m: { mime?: string; base64?: string; filename?: string } | undefined, mime: string) => {
    const bytes = m?.base64 ? Buffer.from(m.base64, 'base64') : PIXEL;
    const stored = store.addMedia(bytes, m?.mime ?? mime, m?.filename ?? 'file');
    return { mime_type: stored.mime, sha256: 'fakesha256', id: stored.id };
  };
  if (input.image) {
    const image = {
      ...mediaOf(input.image, 'image/png'),
      ...(input.image.caption ? { caption: input.image.caption } : {}),
    };
    return { ...base, type: 'image', image };
  }
  if (input.document) {
    return {
      ...base,
      type: 'document',
      document: {
        ...mediaOf(input.document, 'application/pdf'),
        filename: input.document.filename ?? 'documento.pdf',
        ...(input.document.caption ? { caption: input.document.caption } : {}),
      },
    };
  }
  if (input.audio)
    return { ...base, type: 'audio', audio: { ...mediaOf(input.audio, 'audio/ogg'), voice: true } };
  if (input.type && input.type !== 'text') {
    return { ...base, type: input.type, [input.type]: input.payload ?? {} };
  }
  return { ...base, type: 'text', text: { body: input.text ?? '' } };
}

export function inboundEnvelope(store: FakeWhatsAppStore, input: InboundInput, phoneNumberId: string) {
  const from = (input.from ?? '34600111222').replace(/\D/g, '');
  const wamid = store.wamid();
  const message = inboundMessage(store, input, wamid, from);
  store.lastInbound.set(`${phoneNumberId}:${from}`, store.now());
  return {
    wamid,
    payload: envelope(store, phoneNumberId, {
      contacts: [{ profile: { name: input.name ?? 'Ana' }, wa_id: from }],
      messages: [message],
    }),
  };
}

export function statusEnvelope(
  store: FakeWhatsAppStore,
  input: { wamid: string; status: string; error?: { code?: number; title?: string; message?: string } },
) {
  const sent = store.sent.find((s) => s.wamid === input.wamid);
  if (!sent) return null;
  sent.status = input.status;
  const failed = input.status === 'failed';
  const error = {
    code: input.error?.code ?? 131026,
    title: input.error?.title ?? 'Message undeliverable',
    message: input.error?.message ?? input.error?.title ?? 'Message undeliverable',
    error_data: { details: input.error?.message ?? 'Message Undeliverable.' },
  };
  return envelope(store, sent.phone_number_id, {
    statuses: [
      {
        id: sent.wamid,
        status: input.status,
        timestamp: String(Math.floor(store.now() / 1000)),
        recipient_id: sent.to,
        ...(failed
          ? { errors: [error] }
          : {
              conversation: {
                id: `conv_${sent.wamid.slice(-8)}`,
                origin: { type: sent.template ? 'utility' : 'service' },
              },
              pricing: {
                billable: true,
                pricing_model: 'PMP',
                category: sent.template ? 'utility' : 'service',
              },
            }),
      },
    ],
  });
}

/** Signs the raw body with the app secret (X-Hub-Signature-256) and POSTs it; answers the app's status. */
export async function deliverWebhook(
  target: WebhookTarget,
  appSecret: string,
  payload: unknown,
): Promise<{ status: number } | null> {
  if (!target) return null;
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json',
    'x-hub-signature-256': signWhatsAppBody(appSecret, body),
    'user-agent': 'facebookexternalua',
  };
  if (typeof target === 'function') return target({ body, headers });
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch {
    return { status: 0 };
  }
}
