import { randomInt } from 'node:crypto';
import { type StatusError, statusError } from './whatsapp.fake-errors.ts';
import type { FakeSent, FakeWhatsAppStore, PlannedStatus } from './whatsapp.fake-store.ts';
import type { FakeTemplate } from './whatsapp.fake-templates.ts';
import { signWhatsAppBody } from './whatsapp.signature.ts';

/** The webhooks the fake Cloud API posts (whatsapp-cloud-api.md §1, §5, §6.2), and how it posts them. */

/** Where the fake's webhooks go: a URL (POSTed over HTTP) or a function (tests: app.inject). */
export type WebhookTarget =
  | string
  | ((delivery: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>)
  | null;

interface MediaInput {
  caption?: string;
  filename?: string;
  mime?: string;
  base64?: string;
  /** Stickers. */
  animated?: boolean;
  /** Audio: a voice note (default true). */
  voice?: boolean;
}

/** A guest's message as `/_fake/inbound` takes it: one of the §1.2 types. */
export interface InboundInput {
  /** The guest's phone (digits; default 34600111222). */
  from?: string | null;
  name?: string;
  phone_number_id?: string;
  /** The guest's business-scoped user id (default: derived from the phone). */
  user_id?: string;
  username?: string;
  /** A username user: `from` and `contacts[].wa_id` are left out (only `from_user_id` / `user_id`). */
  phone_withheld?: boolean;
  text?: string;
  image?: MediaInput;
  document?: MediaInput;
  audio?: MediaInput;
  video?: MediaInput;
  sticker?: MediaInput;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: Record<string, unknown>[];
  interactive?:
    | { type: 'button_reply'; id: string; title: string }
    | { type: 'list_reply'; id: string; title: string; description?: string }
    | { type: 'nfm_reply'; response_json: string; body?: string; name?: string };
  /** A quick-reply button tapped on a template. */
  button?: { text: string; payload?: string };
  reaction?: { message_id: string; emoji?: string };
  order?: { catalog_id: string; product_items: Record<string, unknown>[]; text?: string };
  system?: { type: string; body: string; wa_id?: string; user_id?: string };
  request_welcome?: boolean;
  /** A type Cloud API cannot show (poll, view-once…): `unsupported` with errors 131051. */
  unsupported?: { type?: string };
  /** Any other Meta type: sent as that type with `payload` as its object. */
  type?: string;
  payload?: Record<string, unknown>;
  /** The message this one replies to. */
  context?: { id: string; from?: string; forwarded?: boolean; frequently_forwarded?: boolean };
  referral?: Record<string, unknown>;
  /** Errors the message carries (e.g. 131052: the user's media could not be downloaded). */
  errors?: Record<string, unknown>[];
  /** Seconds since the epoch (default: the fake's now). */
  timestamp?: number;
}

/** A 1×1 PNG: inbound images without their own bytes. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const MEDIA_DEFAULTS: Record<string, [string, string]> = {
  image: ['image/png', 'image.png'],
  document: ['application/pdf', 'documento.pdf'],
  audio: ['audio/ogg', 'audio.ogg'],
  video: ['video/mp4', 'video.mp4'],
  sticker: ['image/webp', 'sticker.webp'],
};

/** `{object, entry:[{id: waba, time, changes:[{field, value}]}]}` with a `messages`-style value. */
function envelope(
  store: FakeWhatsAppStore,
  phoneNumberId: string,
  value: Record<string, unknown>,
  field = 'messages',
) {
  const phone = store.phones.get(phoneNumberId);
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: phone?.wabaId ?? '0',
        changes: [
          {
            field,
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

/** An account-level change (templates): `entry[0].id` is the WABA, with its time. */
function wabaEnvelope(
  store: FakeWhatsAppStore,
  wabaId: string,
  field: string,
  value: Record<string, unknown>,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(store.now() / 1000), changes: [{ field, value }] }],
  };
}

/** The `messages[0]` of an inbound webhook, storing any media it carries (readable by `wabaId`). */
export function inboundMessage(
  store: FakeWhatsAppStore,
  input: InboundInput,
  wamid: string,
  from: string | null,
  wabaId: string | null = null,
) {
  const timestamp = String(input.timestamp ?? Math.floor(store.now() / 1000));
  const base: Record<string, unknown> = {
    ...(from ? { from } : {}),
    ...(store.settings.bsuid
      ? { from_user_id: input.user_id ?? store.userIdOf(from ?? input.username ?? '') }
      : {}),
    id: wamid,
    timestamp,
    ...(input.context ? { context: input.context } : {}),
    ...(input.referral ? { referral: input.referral } : {}),
    ...(input.errors ? { errors: input.errors } : {}),
  };
  const media = (type: string, m: MediaInput) => {
    const [mime, file] = MEDIA_DEFAULTS[type] as [string, string];
    const bytes = m.base64 ? Buffer.from(m.base64, 'base64') : PIXEL;
    const stored = store.addMedia(bytes, m.mime ?? mime, m.filename ?? file, { wabaId, source: 'inbound' });
    return {
      ...(m.caption ? { caption: m.caption } : {}),
      mime_type: stored.mime,
      sha256: 'fakesha256',
      id: stored.id,
      ...(type === 'document' ? { filename: m.filename ?? file } : {}),
      ...(type === 'audio' ? { voice: m.voice ?? true } : {}),
      ...(type === 'sticker' ? { animated: m.animated ?? false } : {}),
    };
  };
  for (const type of ['image', 'document', 'audio', 'video', 'sticker'] as const) {
    const m = input[type];
    if (m) return { ...base, type, [type]: media(type, m) };
  }
  if (input.location) return { ...base, type: 'location', location: input.location };
  if (input.contacts) return { ...base, type: 'contacts', contacts: input.contacts };
  if (input.interactive) {
    const { type, ...reply } = input.interactive;
    return { ...base, type: 'interactive', interactive: { type, [type]: reply } };
  }
  if (input.button) {
    return {
      ...base,
      type: 'button',
      button: { text: input.button.text, payload: input.button.payload ?? input.button.text },
    };
  }
  if (input.reaction) return { ...base, type: 'reaction', reaction: input.reaction };
  if (input.order) return { ...base, type: 'order', order: input.order };
  if (input.system) return { ...base, type: 'system', system: input.system };
  if (input.request_welcome) return { ...base, type: 'request_welcome' };
  if (input.unsupported) {
    return {
      ...base,
      type: 'unsupported',
      unsupported: { type: input.unsupported.type ?? 'poll_update' },
      errors: [
        {
          code: 131051,
          title: 'Message type unknown',
          message: 'Message type unknown',
          error_data: { details: 'Message type is currently not supported.' },
        },
      ],
    };
  }
  if (input.type && input.type !== 'text') {
    return { ...base, type: input.type, [input.type]: input.payload ?? {} };
  }
  return { ...base, type: 'text', text: { body: input.text ?? '' } };
}

/**
 * A guest writes to `phoneNumberId`: the webhook payload, and their 24-hour window opens (any type). A
 * username user (`phone_withheld`) comes without `from` and `wa_id`, with `from_user_id` and `user_id` only.
 */
export function inboundEnvelope(store: FakeWhatsAppStore, input: InboundInput, phoneNumberId: string) {
  const phone = input.from === null ? '' : (input.from ?? '34600111222').replace(/\D/g, '');
  const shown = input.phone_withheld || !phone ? null : phone;
  const wamid = store.wamid();
  const wabaId = store.phones.get(phoneNumberId)?.wabaId ?? null;
  const message = inboundMessage(store, input, wamid, shown, wabaId);
  if (phone) store.recordInbound(phoneNumberId, phone);
  const userId = (message as { from_user_id?: string }).from_user_id;
  return {
    wamid,
    payload: envelope(store, phoneNumberId, {
      contacts: [
        {
          profile: { name: input.name ?? 'Ana' },
          ...(shown ? { wa_id: shown } : {}),
          ...(userId ? { user_id: userId } : {}),
          ...(input.username ? { username: input.username } : {}),
        },
      ],
      messages: [message],
    }),
  };
}

/** One status of a sent message (§5.1): pricing on sent/delivered, errors on failed, the callback data. */
export function statusPayload(store: FakeWhatsAppStore, sent: FakeSent, planned: PlannedStatus) {
  const failed = planned.status === 'failed';
  return envelope(store, sent.phone_number_id, {
    ...(failed
      ? {}
      : {
          contacts: [
            { wa_id: sent.to, ...(store.settings.bsuid ? { user_id: store.userIdOf(sent.to) } : {}) },
          ],
        }),
    statuses: [
      {
        id: sent.wamid,
        status: planned.status,
        timestamp: String(Math.floor(store.now() / 1000)),
        recipient_id: sent.to,
        recipient_type: 'individual',
        ...(sent.callback_data !== null ? { biz_opaque_callback_data: sent.callback_data } : {}),
        ...(planned.pricing && !failed ? { pricing: planned.pricing } : {}),
        ...(failed && planned.error ? { errors: [planned.error] } : {}),
      },
    ],
  });
}

/** `POST /_fake/status {wamid, status, error?}`: a status the test chooses (pricing as the send had it). */
export function statusEnvelope(
  store: FakeWhatsAppStore,
  input: { wamid: string; status: string; error?: { code?: number; title?: string; message?: string } },
) {
  const sent = store.sent.find((s) => s.wamid === input.wamid);
  if (!sent) return null;
  const status = input.status as PlannedStatus['status'];
  let error: StatusError | undefined;
  if (status === 'failed') {
    const base = statusError(input.error?.code ?? 131026, input.error?.message);
    const title = input.error?.title ?? base.title;
    error = { ...base, title, message: input.error?.message ?? title };
  }
  const planned: PlannedStatus = {
    status,
    ...(error ? { error } : {}),
    ...(sent.pricing && (status === 'sent' || status === 'delivered') ? { pricing: sent.pricing } : {}),
  };
  applyStatus(sent, planned);
  return statusPayload(store, sent, planned);
}

/** What `/_fake/sent` shows once a status is posted. */
export function applyStatus(sent: FakeSent, planned: PlannedStatus): void {
  sent.status = planned.status;
  sent.statuses.push(planned.status);
  if (planned.status === 'failed' && planned.error) sent.errors = [planned.error];
}

/** `message_template_status_update` (§6.2): the template's new status, with the reason Meta gives. */
export function templateStatusEnvelope(
  store: FakeWhatsAppStore,
  wabaId: string,
  t: FakeTemplate,
  reason = 'NONE',
) {
  const event = t.status.toUpperCase();
  return wabaEnvelope(store, wabaId, 'message_template_status_update', {
    event,
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    reason: event === 'REJECTED' ? (reason === 'NONE' ? 'INVALID_FORMAT' : reason) : reason,
    message_template_category: t.category,
    ...(event === 'REJECTED'
      ? {
          rejection_info: {
            reason: 'The template does not follow the guidelines.',
            recommendation: 'Edit and submit again.',
          },
        }
      : {}),
    ...(event === 'DISABLED' ? { disable_info: { disable_date: Math.floor(store.now() / 1000) } } : {}),
    ...(event === 'PAUSED'
      ? {
          other_info: {
            title: 'FIRST_PAUSE',
            description: 'Your template has been paused for 3 hours because of low quality.',
          },
        }
      : {}),
  });
}

/** `template_category_update` (§6.1): Meta re-categorised an approved template. */
export function templateCategoryEnvelope(
  store: FakeWhatsAppStore,
  wabaId: string,
  t: FakeTemplate,
  previous: string,
) {
  return wabaEnvelope(store, wabaId, 'template_category_update', {
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    previous_category: previous,
    new_category: t.category,
  });
}

/** `user_preferences` (§1.2): the user stopped or resumed marketing messages. */
export function userPreferencesEnvelope(
  store: FakeWhatsAppStore,
  phoneNumberId: string,
  waId: string,
  value: 'stop' | 'resume',
) {
  return envelope(
    store,
    phoneNumberId,
    {
      contacts: [
        {
          wa_id: waId,
          ...(store.settings.bsuid ? { user_id: store.userIdOf(waId) } : {}),
          profile: { name: 'Ana' },
        },
      ],
      user_preferences: [
        {
          wa_id: waId,
          ...(store.settings.bsuid ? { user_id: store.userIdOf(waId) } : {}),
          detail:
            value === 'stop'
              ? 'User requested to stop marketing messages'
              : 'User requested to resume marketing messages',
          category: 'marketing_messages',
          value,
          timestamp: Math.floor(store.now() / 1000),
        },
      ],
    },
    'user_preferences',
  );
}

/**
 * Meta's subscription check (§1): GET `<url>?hub.mode=subscribe&hub.verify_token=…&hub.challenge=<n>` must
 * answer 200 with the raw challenge. Answers whether it did, and the status.
 */
export async function verifyWebhookUrl(
  url: string,
  verifyToken: string,
): Promise<{ ok: boolean; status: number }> {
  const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  try {
    const response = await fetch(target, {
      headers: { 'user-agent': 'facebookplatform/1.0 (+http://developers.facebook.com)' },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { ok: response.status === 200 && text === challenge, status: response.status };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** Signs the raw body with the app secret (X-Hub-Signature-256) and POSTs it; answers the app's status. */
export async function deliverWebhook(
  target: WebhookTarget,
  appSecret: string,
  payload: unknown,
  options: { badSignature?: boolean } = {},
): Promise<{ status: number } | null> {
  if (!target) return null;
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json',
    'x-hub-signature-256': signWhatsAppBody(options.badSignature ? `${appSecret}-wrong` : appSecret, body),
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
