import { type MetaTemplateComponent, parseTemplateComponents } from '@posada/domain/whatsapp-templates';
import { kindOfFetchFailure } from '../adapter-error.ts';
import type { AdapterTracker } from '../status.ts';
import type {
  ApprovedTemplate,
  OutboundContent,
  PhoneNumberInfo,
  SendOptions,
  SendResult,
  WhatsAppGateway,
  WhatsAppSender,
} from './types.ts';
import { WhatsAppError, whatsAppErrorOfAnswer } from './whatsapp-error.ts';

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
const TEMPLATE_FIELDS = 'id,name,language,status,category,parameter_format,components';

const invalid = (title: string) => new WhatsAppError({ kind: 'invalid_response', title, temporary: false });

/** A template's `components` as Meta takes them (whatsapp-cloud-api.md §2): header, body, buttons. */
function templateComponents(content: Extract<OutboundContent, { type: 'template' }>): unknown[] {
  const components: unknown[] = [];
  if (content.headerParams?.length) {
    components.push({
      type: 'header',
      parameters: content.headerParams.map((p) => {
        if (p.type === 'text')
          return { type: 'text', ...(p.name ? { parameter_name: p.name } : {}), text: p.value };
        const media = /^https?:\/\//i.test(p.value) ? { link: p.value } : { id: p.value };
        return { type: p.type, [p.type]: media };
      }),
    });
  }
  if (content.bodyParams.length) {
    components.push({
      type: 'body',
      parameters: content.bodyParams.map((text, i) => {
        const name = content.bodyNames?.[i];
        return name ? { type: 'text', parameter_name: name, text } : { type: 'text', text };
      }),
    });
  }
  for (const button of [...(content.buttonParams ?? [])].sort((a, b) => a.index - b.index)) {
    components.push({
      type: 'button',
      sub_type: button.subType,
      index: String(button.index),
      parameters: [
        button.subType === 'copy_code'
          ? { type: 'coupon_code', coupon_code: button.value }
          : { type: 'text', text: button.value },
      ],
    });
  }
  return components;
}

/** The message body Meta takes for each kind of content. */
function messageBody(
  to: string,
  content: OutboundContent,
  options: SendOptions = {},
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digitsOnly(to),
  };
  if (options.callbackData !== undefined) base.biz_opaque_callback_data = options.callbackData;
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
        components: templateComponents(content),
      },
    };
  }
  const media: Record<string, string> = { id: content.mediaId };
  if (content.caption && content.type !== 'audio') media.caption = content.caption;
  if (content.fileName && content.type === 'document') media.filename = content.fileName;
  return { ...base, type: content.type, [content.type]: media };
}

interface MetaTemplateJson {
  name: string;
  language: string;
  category?: string;
  status?: string;
  parameter_format?: string;
  components?: MetaTemplateComponent[];
}

/**
 * The Cloud API (Graph base WHATSAPP_API_URL, `Authorization: Bearer <token>`, a timeout per call): one
 * gateway for the shared number and every own number. Failures are WhatsAppError ('whatsapp.*' with Meta's
 * code, title, details and whether it is temporary); Meta's 131047 is 'whatsapp.window_closed', 132000
 * 'whatsapp.template_params', 190 'whatsapp.unauthorized'. Like adapterFetch, but the whole error answer
 * is read (Meta's `error_data.details` would not survive adapterFetch's shortened message).
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
      let response: Response;
      try {
        response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new WhatsAppError({
          kind: kindOfFetchFailure(error),
          title: (error as Error)?.message ?? String(error),
        });
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw whatsAppErrorOfAnswer(response.status, text);
      }
      if (init.raw) return response as T;
      try {
        return (await response.json()) as T;
      } catch (error) {
        throw new WhatsAppError({
          kind: 'invalid_response',
          title: (error as Error)?.message ?? 'not JSON',
          temporary: false,
        });
      }
    });

  const appToken = (fallback: string) =>
    opts.appId && opts.appSecret ? `${opts.appId}|${opts.appSecret}` : fallback;

  return {
    async send(
      sender: WhatsAppSender,
      to: string,
      content: OutboundContent,
      options?: SendOptions,
    ): Promise<SendResult> {
      const answer = await call<{ messages?: { id?: string; message_status?: string }[] }>(
        'POST',
        `/${encodeURIComponent(sender.phoneNumberId)}/messages`,
        sender.token,
        { json: messageBody(to, content, options) },
      );
      const wamid = answer.messages?.[0]?.id;
      if (!wamid) throw invalid('no messages[0].id');
      return {
        wamid,
        messageStatus:
          answer.messages?.[0]?.message_status === 'held_for_quality_assessment'
            ? 'held_for_quality_assessment'
            : 'accepted',
      };
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
      if (!answer.id) throw invalid('no media id');
      return String(answer.id);
    },

    async downloadMedia(token, mediaId) {
      const meta = await call<{ url?: string; mime_type?: string }>(
        'GET',
        `/${encodeURIComponent(mediaId)}`,
        token,
      );
      if (!meta.url) throw invalid('no media url');
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
      if (!answer.access_token) throw invalid('no access_token');
      return { token: answer.access_token };
    },

    async grantedWabaIds(token) {
      const answer = await call<{
        data?: { is_valid?: boolean; granular_scopes?: { scope: string; target_ids?: string[] }[] };
      }>('GET', `/debug_token?${new URLSearchParams({ input_token: token })}`, appToken(token));
      if (answer.data?.is_valid === false)
        throw new WhatsAppError({ kind: 'unauthorized', metaCode: 190, title: 'token not valid' });
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
      let next: string | null =
        `/${encodeURIComponent(wabaId)}/message_templates?limit=100&fields=${TEMPLATE_FIELDS}`;
      // Follow paging.next (an absolute URL) a bounded number of times.
      for (let page = 0; next && page < 20; page++) {
        const answer: { data?: MetaTemplateJson[]; paging?: { next?: string } } = await call(
          'GET',
          next,
          token,
        );
        for (const t of answer.data ?? []) {
          const components = t.components ?? [];
          all.push({
            name: t.name,
            language: t.language,
            category: (t.category ?? 'UTILITY').toUpperCase(),
            status: (t.status ?? 'PENDING').toUpperCase(),
            body: components.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '',
            parameterFormat: t.parameter_format?.toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
            components: parseTemplateComponents(components),
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
