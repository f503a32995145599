import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { AdapterTracker } from '../status.ts';
import type {
  ApprovedTemplate,
  OutboundContent,
  PhoneNumberInfo,
  WhatsAppGateway,
  WhatsAppSender,
} from './types.ts';

/** WhatsApp Cloud API (Meta Graph): only what Posada sends, a verification code or a link. */
export interface WhatsAppClient {
  /** Resolves once the API accepted the message; throws AdapterError 'whatsapp.*' otherwise. */
  send(message: { to: string; text: string }): Promise<void>;
}

export interface WhatsAppGatewayOptions {
  /** WHATSAPP_API_URL, the Graph base with its version, e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  /** WHATSAPP_APP_ID and WHATSAPP_APP_SECRET: Embedded Signup's code exchange and debug_token. */
  appId?: string;
  appSecret?: string;
  timeoutMs?: number;
  tracker?: AdapterTracker;
  fetchImpl?: typeof fetch;
}

export interface WhatsAppClientOptions extends WhatsAppGatewayOptions {
  phoneNumberId: string;
  token: string;
  /** WHATSAPP_TEMPLATE: an approved template whose single body parameter is the code. */
  template?: string;
  templateLanguage?: string;
  /** The gateway to send through (built from the other options when absent). */
  gateway?: WhatsAppGateway;
}

/** E.164 digits without '+', as the Cloud API takes `to`. */
const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

/** Meta's error codes that mean something to the caller (whatsapp-cloud-api.md §3). */
function metaKind(code: number | undefined): AdapterError['kind'] | null {
  if (code === 131047) return 'window_closed';
  if (code === 132000) return 'template_params';
  if (code === 190) return 'unauthorized';
  return null;
}

/** An AdapterError of a non-2xx answer, re-coded by Meta's `error.code` when it is one we branch on. */
function remap(error: unknown): never {
  if (error instanceof AdapterError && error.status) {
    // The answer's text is kept in the message: Meta's error.code is its first "code" (or "(#131047)").
    const found = /"code"\s*:\s*(\d+)/.exec(error.message) ?? /\(#(\d+)\)/.exec(error.message);
    const code = found ? Number(found[1]) : undefined;
    const kind = metaKind(code);
    if (kind && kind !== error.kind) {
      throw new AdapterError('whatsapp', kind, `Meta error ${code}`, error.status);
    }
  }
  throw error;
}

interface PhoneNumberJson {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  messaging_limit_tier?: string | null;
}

const phoneInfo = (p: PhoneNumberJson): PhoneNumberInfo => ({
  id: String(p.id),
  displayPhoneNumber: p.display_phone_number ?? '',
  verifiedName: p.verified_name ?? '',
  qualityRating: p.quality_rating ?? 'UNKNOWN',
  messagingLimitTier: p.messaging_limit_tier ?? null,
});

const PHONE_FIELDS = 'id,display_phone_number,verified_name,quality_rating,messaging_limit_tier';

/** The message body Meta takes for each kind of content. */
function messageBody(to: string, content: OutboundContent): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: digitsOnly(to) };
  if (content.type === 'text') {
    return { ...base, type: 'text', text: { preview_url: false, body: content.body } };
  }
  if (content.type === 'template') {
    return {
      ...base,
      type: 'template',
      template: {
        name: content.name,
        language: { code: content.language },
        components: content.bodyParams.length
          ? [{ type: 'body', parameters: content.bodyParams.map((text) => ({ type: 'text', text })) }]
          : [],
      },
    };
  }
  const media: Record<string, string> = { id: content.mediaId };
  if (content.caption && content.type !== 'audio') media.caption = content.caption;
  if (content.fileName && content.type === 'document') media.filename = content.fileName;
  return { ...base, type: content.type, [content.type]: media };
}

/**
 * The Cloud API over adapterFetch (Graph base WHATSAPP_API_URL, `Authorization: Bearer <token>`): one
 * gateway for the shared number and every own number. Failures are AdapterError 'whatsapp.*'; Meta's
 * 131047 is 'whatsapp.window_closed', 132000 'whatsapp.template_params', 190 'whatsapp.unauthorized'.
 */
export function createWhatsAppGateway(opts: WhatsAppGatewayOptions): WhatsAppGateway {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();

  const call = <T>(
    method: string,
    path: string,
    token: string,
    init: { json?: unknown; form?: FormData; raw?: boolean } = {},
  ): Promise<T> =>
    track(async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: RequestInit['body'];
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) {
        body = init.form;
      }
      const url = /^https?:\/\//.test(path) ? path : `${base}${path}`;
      const response = await adapterFetch(
        'whatsapp',
        url,
        { method, headers, body, timeoutMs },
        fetchImpl,
      ).catch(remap);
      return (init.raw ? response : await readJson<T>('whatsapp', response)) as T;
    });

  const appToken = (fallback: string) =>
    opts.appId && opts.appSecret ? `${opts.appId}|${opts.appSecret}` : fallback;

  return {
    async send(sender: WhatsAppSender, to: string, content: OutboundContent) {
      const answer = await call<{ messages?: { id?: string }[] }>(
        'POST',
        `/${encodeURIComponent(sender.phoneNumberId)}/messages`,
        sender.token,
        { json: messageBody(to, content) },
      );
      const wamid = answer.messages?.[0]?.id;
      if (!wamid) throw new AdapterError('whatsapp', 'invalid_response', 'no messages[0].id');
      return { wamid };
    },

    async uploadMedia(sender, file) {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mime);
      form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
      const answer = await call<{ id?: string }>(
        'POST',
        `/${encodeURIComponent(sender.phoneNumberId)}/media`,
        sender.token,
        { form },
      );
      if (!answer.id) throw new AdapterError('whatsapp', 'invalid_response', 'no media id');
      return String(answer.id);
    },

    async downloadMedia(token, mediaId) {
      const meta = await call<{ url?: string; mime_type?: string }>(
        'GET',
        `/${encodeURIComponent(mediaId)}`,
        token,
      );
      if (!meta.url) throw new AdapterError('whatsapp', 'invalid_response', 'no media url');
      const response = await call<Response>('GET', meta.url, token, { raw: true });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        bytes,
        mime: meta.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async exchangeCode(code, redirectUri) {
      const query = new URLSearchParams({
        client_id: opts.appId ?? '',
        client_secret: opts.appSecret ?? '',
        code,
        redirect_uri: redirectUri,
      });
      const answer = await call<{ access_token?: string }>(
        'GET',
        `/oauth/access_token?${query}`,
        appToken(''),
      );
      if (!answer.access_token) throw new AdapterError('whatsapp', 'invalid_response', 'no access_token');
      return { token: answer.access_token };
    },

    async grantedWabaIds(token) {
      const answer = await call<{
        data?: { is_valid?: boolean; granular_scopes?: { scope: string; target_ids?: string[] }[] };
      }>('GET', `/debug_token?${new URLSearchParams({ input_token: token })}`, appToken(token));
      if (answer.data?.is_valid === false)
        throw new AdapterError('whatsapp', 'unauthorized', 'token not valid');
      const ids = new Set<string>();
      for (const scope of answer.data?.granular_scopes ?? []) {
        if (!scope.scope.startsWith('whatsapp_business_')) continue;
        for (const id of scope.target_ids ?? []) ids.add(String(id));
      }
      return [...ids];
    },

    async phoneNumbers(token, wabaId) {
      const answer = await call<{ data?: PhoneNumberJson[] }>(
        'GET',
        `/${encodeURIComponent(wabaId)}/phone_numbers?fields=${PHONE_FIELDS}`,
        token,
      );
      return (answer.data ?? []).map(phoneInfo);
    },

    async phoneNumber(token, phoneNumberId) {
      return phoneInfo(
        await call<PhoneNumberJson>(
          'GET',
          `/${encodeURIComponent(phoneNumberId)}?fields=${PHONE_FIELDS}`,
          token,
        ),
      );
    },

    async subscribeApp(token, wabaId) {
      await call('POST', `/${encodeURIComponent(wabaId)}/subscribed_apps`, token, { json: {} });
    },

    async unsubscribeApp(token, wabaId) {
      await call('DELETE', `/${encodeURIComponent(wabaId)}/subscribed_apps`, token);
    },

    async registerNumber(token, phoneNumberId, pin) {
      await call('POST', `/${encodeURIComponent(phoneNumberId)}/register`, token, {
        json: { messaging_product: 'whatsapp', pin },
      });
    },

    async templates(token, wabaId) {
      const all: ApprovedTemplate[] = [];
      let next: string | null = `/${encodeURIComponent(wabaId)}/message_templates?limit=100`;
      // Follow paging.next (an absolute URL) a bounded number of times.
      for (let page = 0; next && page < 20; page++) {
        const answer: {
          data?: {
            name: string;
            language: string;
            category?: string;
            status?: string;
            components?: { type: string; text?: string }[];
          }[];
          paging?: { next?: string };
        } = await call('GET', next, token);
        for (const t of answer.data ?? []) {
          all.push({
            name: t.name,
            language: t.language,
            category: t.category ?? 'UTILITY',
            status: t.status ?? 'APPROVED',
            body: t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '',
          });
        }
        next = answer.paging?.next ?? null;
      }
      return all;
    },
  };
}

/**
 * The platform's shared sender for a verification code or a link (WHATSAPP_PHONE_NUMBER_ID + WHATSAPP_TOKEN):
 * a text message (the guest has just written to us or opened our link); with a template, the six-digit
 * code of the text is its parameter.
 */
export function createWhatsAppClient(opts: WhatsAppClientOptions): WhatsAppClient {
  const gateway = opts.gateway ?? createWhatsAppGateway(opts);
  const sender = { phoneNumberId: opts.phoneNumberId, token: opts.token };
  return {
    async send(message) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
      await gateway.send(
        sender,
        message.to,
        opts.template
          ? {
              type: 'template',
              name: opts.template,
              language: opts.templateLanguage ?? 'es',
              bodyParams: [code],
            }
          : { type: 'text', body: message.text },
      );
    },
  };
}
