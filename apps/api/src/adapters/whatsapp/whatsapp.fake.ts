/**
 * A STATEFUL local WhatsApp Cloud API (tests, e2e; never production): node:http on 127.0.0.1, a random
 * port. Point the app at it with `fake.env` (WHATSAPP_API_URL with /v21.0, the shared number's id and
 * token, WHATSAPP_APP_ID/APP_SECRET/CONFIG_ID/VERIFY_TOKEN, WHATSAPP_OAUTH_URL = its dialog page).
 *
 * GRAPH API (any `/vNN.N` prefix; `Authorization: Bearer <token>`; errors `{error:{message,type,code}}`,
 * 401 code 190 for an unknown token, 400 code 100 for an object the token does not own):
 *   POST   /{phone_number_id}/messages   text | template | image/document/audio/video (by media id or link);
 *          answers a wamid. Free-form to a wa_id without an inbound through /_fake/inbound in the last 24 h:
 *          400 code 131047 (unless the window is not enforced). Unknown template 132001, wrong parameter
 *          count 132000. Every WABA starts with `checkin_reminder` (es, {{1}} {{2}}) and `stay_followup`.
 *   POST   /{phone_number_id}/media      multipart file/type/messaging_product → {id}
 *   GET    /{media_id}                   {url, mime_type, sha256, file_size, id}; GET url needs the bearer too
 *   GET    /oauth/access_token           client_id + client_secret + a code from the dialog → the WABA's token
 *   GET    /debug_token?input_token=…    granular_scopes with the token's WABA id
 *   GET    /{waba_id}/phone_numbers, GET /{phone_number_id}, POST|DELETE /{waba_id}/subscribed_apps,
 *   POST   /{phone_number_id}/register   {messaging_product, pin: 6 digits}
 *   GET    /{waba_id}/message_templates
 *   GET    /dialog/oauth?client_id&config_id&redirect_uri&state…  an HTML page with a "Continuar" button:
 *          creates a new business (WABA + number) and redirects to redirect_uri?code=…&state=…
 *
 * CONTROL (`/_fake/...`, JSON, no token; the e2e server forwards its side port's /whatsapp/<path> here):
 *   POST /_fake/inbound  {from, name, text | image | document | audio | type+payload, phone_number_id?}
 *                        a guest writes: signed webhook to the app (answers {wamid, delivered: status})
 *   POST /_fake/status   {wamid, status: delivered|read|failed, error?} → signed status webhook
 *   GET  /_fake/sent[?to=…]  {data: messages the app sent, oldest first}
 *   POST /_fake/signup   {verified_name?, display_phone_number?, quality_rating?} → {code, waba_id, phone_number_id}
 *   GET  /_fake/businesses   {data: [{waba_id, phone, subscribed, templates}]}
 *   POST /_fake/quality  {phone_number_id, quality_rating?, messaging_limit_tier?}
 *   POST /_fake/window   {enforce: boolean}     the 24-hour rule on or off
 *   POST /_fake/webhook  {url}                  where webhooks go
 *   POST /_fake/reset                           sent messages, windows and media cleared
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeAnswer, RecordedRequest } from '../fake-http.ts';
import { FakeGraphError, FakeWhatsAppStore } from './whatsapp.fake-store.ts';
import {
  deliverWebhook,
  type InboundInput,
  inboundEnvelope,
  statusEnvelope,
  type WebhookTarget,
} from './whatsapp.fake-webhooks.ts';

export type { WebhookTarget } from './whatsapp.fake-webhooks.ts';

export interface FakeWhatsAppOptions {
  phoneNumberId?: string;
  token?: string;
  appId?: string;
  appSecret?: string;
  configId?: string;
  verifyToken?: string;
  /** Where webhooks go (the app's /api/webhooks/whatsapp, or a function for app.inject). */
  webhook?: WebhookTarget;
  /** Free-form outside the 24-hour window answers 131047 (default true). */
  enforceWindow?: boolean;
  now?: () => number;
}

export interface FakeWhatsApp {
  /** http://127.0.0.1:port */
  base: string;
  env: {
    WHATSAPP_API_URL: string;
    WHATSAPP_PHONE_NUMBER_ID: string;
    WHATSAPP_TOKEN: string;
    WHATSAPP_APP_ID: string;
    WHATSAPP_APP_SECRET: string;
    WHATSAPP_CONFIG_ID: string;
    WHATSAPP_VERIFY_TOKEN: string;
    WHATSAPP_OAUTH_URL: string;
  };
  store: FakeWhatsAppStore;
  /** Every Graph request (not controls), oldest first. */
  requests: RecordedRequest[];
  failNext(answer: FakeAnswer, count?: number): void;
  hangNext(count?: number): void;
  setWebhook(target: WebhookTarget): void;
  /** Awaited after each delivery is answered (pass `app.eventsIdle`). */
  setAfterDelivery(wait: (() => Promise<void>) | null): void;
  /** The same as `POST /_fake/<path>` (or GET for `sent`, `businesses`). */
  control(path: string, body?: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const phoneNumberId = options.phoneNumberId ?? '1234567890';
  const token = options.token ?? 'fake-whatsapp-token';
  const appId = options.appId ?? '1029384756';
  const appSecret = options.appSecret ?? 'fake-whatsapp-app-secret';
  const configId = options.configId ?? '5647382910';
  const verifyToken = options.verifyToken ?? 'fake-verify-token';
  const store = new FakeWhatsAppStore(
    appId,
    appSecret,
    configId,
    options.now ?? Date.now,
    { phoneNumberId, token, wabaId: '1000000000001' },
    options.enforceWindow ?? true,
  );
  let webhook: WebhookTarget = options.webhook ?? null;
  let afterDelivery: (() => Promise<void>) | null = null;
  const requests: RecordedRequest[] = [];
  const scripted: (FakeAnswer | 'hang')[] = [];
  const hanging = new Set<ServerResponse>();
  let base = '';

  const deliver = async (payload: unknown) => {
    const answer = await deliverWebhook(webhook, appSecret, payload);
    if (afterDelivery) await afterDelivery();
    return answer?.status ?? null;
  };

  const control = async (
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ) => {
    const key = `${method} ${path}`;
    if (key === 'POST inbound') {
      const input = body as InboundInput;
      const pnid = input.phone_number_id ?? phoneNumberId;
      if (!store.phones.has(pnid)) throw new FakeGraphError(404, 100, `Unknown phone_number_id ${pnid}`);
      const { wamid, payload } = inboundEnvelope(store, input, pnid);
      return { wamid, delivered: await deliver(payload), payload };
    }
    if (key === 'POST status') {
      const payload = statusEnvelope(store, body as { wamid: string; status: string });
      if (!payload) throw new FakeGraphError(404, 100, `No sent message ${String(body.wamid)}`);
      return { delivered: await deliver(payload), payload };
    }
    if (key === 'GET sent') {
      const to = query.get('to')?.replace(/\D/g, '');
      return { data: store.sent.filter((s) => !to || s.to === to) };
    }
    if (key === 'POST signup') {
      return store.signup({
        verifiedName: body.verified_name as string | undefined,
        display: body.display_phone_number as string | undefined,
        quality: body.quality_rating as string | undefined,
      });
    }
    if (key === 'GET businesses') {
      return {
        data: [...store.businesses.values()].map((b) => ({
          waba_id: b.wabaId,
          phone: store.phoneJson(b.phone),
          registered: b.phone.registered,
          subscribed: b.subscribed,
          templates: b.templates.map((t) => t.name),
        })),
      };
    }
    if (key === 'POST quality') {
      const phone = store.phones.get(String(body.phone_number_id));
      if (!phone) throw new FakeGraphError(404, 100, 'Unknown phone_number_id');
      if (typeof body.quality_rating === 'string') phone.quality_rating = body.quality_rating;
      if (typeof body.messaging_limit_tier === 'string')
        phone.messaging_limit_tier = body.messaging_limit_tier;
      return store.phoneJson(phone);
    }
    if (key === 'POST window') {
      store.enforceWindow = body.enforce !== false;
      return { enforce: store.enforceWindow };
    }
    if (key === 'POST webhook') {
      webhook = typeof body.url === 'string' && body.url ? body.url : null;
      return { url: webhook };
    }
    if (key === 'POST reset') {
      store.reset();
      return { ok: true };
    }
    throw new FakeGraphError(404, 100, `No control ${method} /_fake/${path}`);
  };

  /** The OAuth dialog of Embedded Signup: GET shows it, POST (the button) redirects with a code. */
  const dialog = (
    method: string,
    url: URL,
    raw: Buffer,
  ): { status: number; html?: string; location?: string } => {
    const params = method === 'POST' ? new URLSearchParams(raw.toString('utf8')) : url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    const state = params.get('state') ?? '';
    if (
      params.get('client_id') !== appId ||
      params.get('config_id') !== configId ||
      !/^https?:\/\//.test(redirectUri)
    ) {
      return {
        status: 400,
        html: '<!doctype html><title>Error</title><h1>Invalid app ID, configuration or redirect URI</h1>',
      };
    }
    if (method === 'POST') {
      if (params.get('action') === 'cancel') {
        const back = new URL(redirectUri);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', state);
        return { status: 303, location: back.toString() };
      }
      const { code } = store.signup({ verifiedName: params.get('verified_name') || undefined });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      return { status: 303, location: back.toString() };
    }
    const hidden = ['client_id', 'config_id', 'redirect_uri', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`)
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>WhatsApp Business (fake)</title></head>
<body><main><h1>Conectar WhatsApp Business</h1><p>Posada quiere gestionar tu cuenta de WhatsApp Business.</p>
<form method="post">${hidden}<label>Nombre verificado <input name="verified_name" value="Casa Rural La Fuente"></label>
<button type="submit" name="action" value="continue">Continuar</button>
<button type="submit" name="action" value="cancel">Cancelar</button></form></main></body></html>`,
    };
  };

  /** The Graph API: `segments` without the version. */
  const graph = async (method: string, segments: string[], url: URL, req: IncomingMessage, raw: Buffer) => {
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const [first, second] = segments;
    const key = `${method} ${second === undefined ? '{id}' : `{id}/${second}`}`;
    if (first === 'oauth' && second === 'access_token' && method === 'GET') {
      const q = url.searchParams;
      if (q.get('client_id') !== appId || q.get('client_secret') !== appSecret) {
        throw new FakeGraphError(400, 101, 'Error validating application. Invalid application ID.');
      }
      const wabaId = store.codes.get(q.get('code') ?? '');
      if (!wabaId) throw new FakeGraphError(400, 100, 'Invalid verification code format.');
      store.codes.delete(q.get('code') ?? '');
      return { access_token: store.businesses.get(wabaId)?.token, token_type: 'bearer' };
    }
    if (first === 'debug_token' && method === 'GET') {
      const input = url.searchParams.get('input_token') ?? '';
      if (bearer !== `${appId}|${appSecret}` && bearer !== input)
        throw new FakeGraphError(401, 190, 'Invalid OAuth access token');
      const wabaId = store.tokens.get(input);
      return {
        data: wabaId
          ? {
              app_id: appId,
              type: 'SYSTEM_USER',
              application: 'Posada',
              is_valid: true,
              scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
              granular_scopes: [
                { scope: 'whatsapp_business_management', target_ids: [wabaId] },
                { scope: 'whatsapp_business_messaging', target_ids: [wabaId] },
              ],
            }
          : { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token' } },
      };
    }
    if (first === 'media-download' && method === 'GET') {
      store.wabaOfToken(bearer);
      const media = store.media.get(second ?? '');
      if (!media) throw new FakeGraphError(404, 100, 'Media not found');
      return { bytes: media.bytes, mime: media.mime };
    }
    const id = first ?? '';
    switch (key) {
      case 'POST {id}/messages': {
        let body: Record<string, unknown> | null = null;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          body = null;
        }
        return store.sendMessage(bearer, id, body);
      }
      case 'POST {id}/media': {
        store.ownPhone(bearer, id);
        const form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        })
          .formData()
          .catch(() => null);
        const file = form?.get('file');
        if (form?.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
          throw new FakeGraphError(400, 100, '(#100) The parameter file is required.');
        }
        const name = (file as File).name ?? 'file';
        const media = store.addMedia(
          Buffer.from(await file.arrayBuffer()),
          String(form.get('type') || file.type),
          name,
        );
        return { id: media.id };
      }
      case 'GET {id}/phone_numbers':
        return { data: [store.phoneJson(store.ownWaba(bearer, id).phone)] };
      case 'GET {id}/message_templates':
        return store.templatesJson(store.ownWaba(bearer, id));
      case 'POST {id}/subscribed_apps':
        store.ownWaba(bearer, id).subscribed = true;
        return { success: true };
      case 'DELETE {id}/subscribed_apps':
        store.ownWaba(bearer, id).subscribed = false;
        return { success: true };
      case 'POST {id}/register': {
        const business = store.ownPhone(bearer, id);
        const pin = (JSON.parse(raw.toString('utf8') || '{}') as { pin?: unknown }).pin;
        if (typeof pin !== 'string' || !/^\d{6}$/.test(pin)) {
          throw new FakeGraphError(400, 100, '(#100) Param pin must be a 6-digit number');
        }
        business.phone.registered = true;
        return { success: true };
      }
      case 'GET {id}': {
        const media = store.media.get(id);
        if (media) {
          store.wabaOfToken(bearer);
          return {
            messaging_product: 'whatsapp',
            url: `${base}/media-download/${media.id}`,
            mime_type: media.mime,
            sha256: 'fakesha256',
            file_size: media.bytes.length,
            id: media.id,
          };
        }
        return store.phoneJson(store.ownPhone(bearer, id).phone);
      }
      default:
        throw new FakeGraphError(400, 100, `Unsupported ${method} request.`);
    }
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === '_fake') {
      const text = raw.toString('utf8');
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      return json(res, 200, await control(method, segments.slice(1).join('/'), body, url.searchParams));
    }
    if (/^v\d+\.\d+$/.test(segments[0] ?? '')) segments.shift();
    if (segments[0] === 'dialog' && segments[1] === 'oauth') {
      const page = dialog(method, url, raw);
      res.writeHead(page.status, {
        'content-type': 'text/html; charset=utf-8',
        ...(page.location ? { location: page.location } : {}),
      });
      return res.end(page.html ?? '');
    }
    const contentType = String(req.headers['content-type'] ?? '');
    let recordedBody: unknown = raw.toString('utf8');
    if (/json/.test(contentType)) {
      try {
        recordedBody = JSON.parse(String(recordedBody));
      } catch {
        // Kept as text.
      }
    }
    requests.push({ method, url: req.url ?? '', headers: req.headers, body: recordedBody });
    const next = scripted.shift();
    if (next === 'hang') {
      hanging.add(res);
      return;
    }
    if (next) {
      res.writeHead(next.status, { 'content-type': next.contentType ?? 'application/json' });
      return res.end(next.contentType ? String(next.body) : JSON.stringify(next.body));
    }
    const answer = await graph(method, segments, url, req, raw);
    if (answer && typeof answer === 'object' && 'bytes' in answer && Buffer.isBuffer(answer.bytes)) {
      const file = answer as { bytes: Buffer; mime: string };
      res.writeHead(200, { 'content-type': file.mime });
      return res.end(file.bytes);
    }
    return json(res, 200, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof FakeGraphError) return json(res, error.status, error.body());
      json(res, 500, { error: { message: error instanceof Error ? error.message : String(error), code: 1 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    env: {
      WHATSAPP_API_URL: `${base}/v21.0`,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_TOKEN: token,
      WHATSAPP_APP_ID: appId,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_CONFIG_ID: configId,
      WHATSAPP_VERIFY_TOKEN: verifyToken,
      WHATSAPP_OAUTH_URL: `${base}/v21.0/dialog/oauth`,
    },
    store,
    requests,
    failNext(answer, count = 1) {
      for (let i = 0; i < count; i++) scripted.push(answer);
    },
    hangNext(count = 1) {
      for (let i = 0; i < count; i++) scripted.push('hang');
    },
    setWebhook(target) {
      webhook = target;
    },
    setAfterDelivery(wait) {
      afterDelivery = wait;
    },
    control(path, body = {}) {
      const method = path === 'sent' || path === 'businesses' ? 'GET' : 'POST';
      return control(method, path, body, new URLSearchParams());
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
