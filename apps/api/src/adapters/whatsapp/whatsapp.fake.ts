/**
 * A STATEFUL local WhatsApp Cloud API as strict as Meta (tests, e2e; never production): node:http on
 * 127.0.0.1, a random port. Point the app at it with `fake.env` (WHATSAPP_API_URL with /v21.0, the shared
 * number's id and token, WHATSAPP_APP_ID/APP_SECRET/CONFIG_ID/VERIFY_TOKEN, WHATSAPP_OAUTH_URL = its dialog
 * page). The rules follow ../shared/spec/integrations/whatsapp-cloud-api.md §13 (issue 26).
 *
 * GRAPH API (any `/vNN.N` prefix; `Authorization: Bearer <token>`; errors `{error:{message,type,code,
 * error_data:{details},fbtrace_id}}`, 401 code 190 for an unknown token, 400 code 100 for an object the token
 * does not own):
 *   POST   /{phone_number_id}/messages   text | template | image/document/audio/video/sticker (id or link) |
 *          location | contacts | interactive | reaction. Checks: number registered (133010; the shared number
 *          starts registered, signup numbers after POST /register), messaging_product / to / the type's object
 *          present (131008), to = digits (optional '+', ≤ 15), text ≤ 4096 and captions ≤ 1024 (100), unknown
 *          type (131051), biz_opaque_callback_data ≤ 512 bytes; templates (whatsapp.fake-templates.ts: 132001
 *          unknown or not approved, 132015 paused, 132016 disabled, 132000 counts / names / new-line-tab-5-spaces,
 *          132012 wrong kind, 132005 > 1024); throughput 130429 (80/s per number); the (number, recipient)
 *          pair bucket 131056 (45, +1 per 6 s); the messaging limit (250 unique business-initiated recipients
 *          in 24 h per WABA: a failed status, or sync). Answers 200 {contacts, messages:[{id, message_status}]}.
 *          A free-form send outside the recipient's 24-hour window (never opened, or > 24 h since their last
 *          inbound message of any type) is ACCEPTED, then only a `failed` status 131047 is posted (options:
 *          `sent` first; the synchronous 400). Then, asynchronously, one at a time and in order: signed status
 *          webhooks sent → delivered → read with biz_opaque_callback_data and §5 pricing, or the recipient's
 *          scripted failure.
 *   POST   /{phone_number_id}/media      multipart file/type/messaging_product → {id}
 *   GET    /{media_id}                   {url, mime_type, sha256, file_size, id} for the WABA that received or
 *          uploaded it (inbound ids live 7 days, uploads 30); the url lives 5 minutes (fake time) and needs the
 *          bearer (401 without), 404 once expired
 *   GET    /oauth/access_token           client_id + client_secret + a code from the dialog → the WABA's token
 *   GET    /debug_token?input_token=…    granular_scopes with the token's WABA id
 *   GET    /{waba_id}/phone_numbers, GET /{phone_number_id}, POST|DELETE /{waba_id}/subscribed_apps,
 *   POST   /{phone_number_id}/register   {messaging_product, pin: 6 digits}
 *   GET    /{waba_id}/message_templates  [?name=&status=] every template with Meta's components
 *   POST   /{waba_id}/message_templates  {name, language, category, parameter_format?, components} → PENDING
 *   GET    /dialog/oauth?client_id&config_id&redirect_uri&state…  an HTML page with a "Continuar" button:
 *          creates a new business (WABA + number) and redirects to redirect_uri?code=…&state=…
 *
 * WEBHOOKS go to `webhook` (a URL, or a function for app.inject), signed with X-Hub-Signature-256, one at a
 * time in order; before the first POST to a URL the fake performs the GET hub.challenge handshake with the
 * verify token (WHATSAPP_VERIFY_TOKEN) and delivers nothing to a URL that fails it. `fake.idle()` resolves
 * when every scheduled webhook was posted and `afterDelivery` ran after it.
 *
 * CONTROL (`/_fake/...`, JSON, no token; the e2e server forwards its side port's /whatsapp/<path> here):
 *   POST /_fake/inbound  {from, name, phone_number_id?, text | image | document | audio | video | sticker |
 *                        location | contacts | interactive | button | reaction | order | system |
 *                        request_welcome | unsupported | type+payload, context?, user_id?, username?,
 *                        phone_withheld?} a guest writes: signed webhook, window opened (answers {wamid,
 *                        delivered: status, payload} once it was delivered)
 *   POST /_fake/status   {wamid, status: sent|delivered|read|failed, error?} → signed status webhook
 *   GET  /_fake/sent[?to=…&wamid=…]  {data: messages the app sent, oldest first, with their statuses}
 *   POST /_fake/signup   {verified_name?, display_phone_number?, quality_rating?} → {code, waba_id, phone_number_id}
 *   GET  /_fake/businesses   {data: [{waba_id, phone, registered, subscribed, templates}]}
 *   POST /_fake/quality  {phone_number_id, quality_rating?, messaging_limit_tier?}
 *   POST /_fake/window   {enforce: boolean}     the 24-hour rule on or off
 *   POST /_fake/webhook  {url, verify_token?}   where webhooks go (the handshake runs again)
 *   POST /_fake/reset                           sent messages, windows, media, outcomes, limits, clock,
 *                                               options and templates back to the start; queued webhooks dropped
 *   POST|GET /_fake/clock {advance_ms} | {now}  the fake's clock (windows, limits, media URLs, timestamps)
 *   POST|GET /_fake/options (or /_fake/limits)  FakeSettings (whatsapp.fake-store.ts), defaults there
 *   POST /_fake/outcome  {to, outcome: not_on_whatsapp | marketing_capped | marketing_opt_out | experiment |
 *                        media_unreachable | delivered_only | no_read | null}
 *   POST /_fake/preferences {wa_id, value: stop|resume, phone_number_id?} → signed user_preferences webhook
 *   POST|GET /_fake/templates {waba_id?, name, language, category, status?, parameter_format?, header?, body,
 *                        footer?, buttons?} add or replace (waba_id '*': every WABA); GET [?waba_id=]
 *   POST /_fake/template-status {name, language?, status?, category?, reason?, waba_id?} → signed
 *                        message_template_status_update / template_category_update webhooks
 *   GET  /_fake/deliveries  {data: the webhooks posted (field, status answered, payload), oldest first}
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { sameSecret } from '../../lib/constant-time.ts';
import { type FakeAnswer, listenLocally, type RecordedRequest, scriptedAnswers } from '../fake-http.ts';
import { dialogPage } from './whatsapp.fake-dialog.ts';
import { FakeGraphError, invalidParam, missingParam } from './whatsapp.fake-errors.ts';
import {
  defaultFakeSettings,
  type FakeBusiness,
  type FakeOutcome,
  type FakeSent,
  type FakeSettings,
  FakeWhatsAppStore,
  fakeOutcomes,
  type PlannedStatus,
} from './whatsapp.fake-store.ts';
import { type TemplateInput, templateJson, templateOfInput } from './whatsapp.fake-templates.ts';
import {
  applyStatus,
  deliverWebhook,
  type InboundInput,
  inboundEnvelope,
  statusEnvelope,
  statusPayload,
  templateCategoryEnvelope,
  templateStatusEnvelope,
  userPreferencesEnvelope,
  verifyWebhookUrl,
  type WebhookTarget,
} from './whatsapp.fake-webhooks.ts';

export type { FakeSettings } from './whatsapp.fake-store.ts';
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
  /** The 24-hour rule on free-form messages (default true; false: never a 131047). */
  enforceWindow?: boolean;
  /** The fake's clock (default Date.now), moved further by /_fake/clock. */
  now?: () => number;
  /** The start's `/_fake/options` (and what /_fake/reset goes back to). */
  settings?: Partial<FakeSettings>;
}

/** One webhook the fake posted (or tried to). */
export interface FakeDelivery {
  at: string;
  field: string;
  /** The app's HTTP status; 0 unreachable; null with no webhook target. */
  status: number | null;
  payload: unknown;
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
  /** Every webhook posted, oldest first (cleared by reset). */
  deliveries: FakeDelivery[];
  failNext(answer: FakeAnswer, count?: number): void;
  hangNext(count?: number): void;
  setWebhook(target: WebhookTarget): void;
  /** Awaited after each delivery is answered (pass `app.eventsIdle`). */
  setAfterDelivery(wait: (() => Promise<void>) | null): void;
  /** Resolves once every scheduled webhook was posted and `afterDelivery` ran after each. */
  idle(): Promise<void>;
  /** The same as `POST /_fake/<path>` (GET for `sent`, `businesses`, `deliveries`, and for `templates`,
   * `options`, `limits`, `clock` without a body). */
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

const GET_ONLY = new Set(['sent', 'businesses', 'deliveries']);
const GET_WITHOUT_BODY = new Set(['templates', 'options', 'limits', 'clock']);

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const phoneNumberId = options.phoneNumberId ?? '1234567890';
  const token = options.token ?? 'fake-whatsapp-token';
  const appId = options.appId ?? '1029384756';
  const appSecret = options.appSecret ?? 'fake-whatsapp-app-secret';
  const configId = options.configId ?? '5647382910';
  const verifyToken = options.verifyToken ?? 'fake-verify-token';
  const sharedWaba = '1000000000001';
  const store = new FakeWhatsAppStore(
    appId,
    appSecret,
    configId,
    options.now ?? Date.now,
    { phoneNumberId, token, wabaId: sharedWaba },
    options.enforceWindow ?? true,
    { ...defaultFakeSettings(), ...checkSettings(options.settings ?? {}) },
  );
  let webhook: WebhookTarget = options.webhook ?? null;
  let webhookVerifyToken = verifyToken;
  let afterDelivery: (() => Promise<void>) | null = null;
  const requests: RecordedRequest[] = [];
  const deliveries: FakeDelivery[] = [];
  const script = scriptedAnswers();
  const scripted = script.queue;
  const hanging = new Set<ServerResponse>();
  const verified = new Set<string>();
  /** Status delays waiting: close() ends them. */
  const waits = new Map<ReturnType<typeof setTimeout>, () => void>();
  let base = '';
  let closed = false;

  // The delivery queue: one webhook at a time, in the order scheduled; reset drops what has not started.
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let generation = 0;
  function schedule<T>(job: () => Promise<T>, skipped: T): Promise<T> {
    const at = generation;
    pending += 1;
    const run = tail.then(() => (closed || at !== generation ? skipped : job()));
    tail = run
      .catch(() => undefined)
      .finally(() => {
        pending -= 1;
      });
    return run;
  }
  const idle = async () => {
    while (pending > 0) await tail;
  };

  /** Posts one payload now (inside a queued job): handshake first for a new URL, then afterDelivery. */
  const post = async (payload: unknown): Promise<number | null> => {
    const target = webhook;
    const field =
      ((payload as { entry?: { changes?: { field?: string }[] }[] }).entry?.[0]?.changes?.[0]
        ?.field as string) ?? '';
    if (typeof target === 'string' && store.settings.verify_webhook && !verified.has(target)) {
      const check = await verifyWebhookUrl(target, webhookVerifyToken);
      if (!check.ok) {
        const at = new Date(store.now()).toISOString();
        deliveries.push({ at, field: 'hub.challenge', status: check.status, payload: null });
        return check.status;
      }
      verified.add(target);
    }
    const answer = await deliverWebhook(target, appSecret, payload, {
      badSignature: store.settings.bad_signature,
    });
    const status = answer?.status ?? null;
    deliveries.push({ at: new Date(store.now()).toISOString(), field, status, payload });
    if (deliveries.length > 1000) deliveries.shift();
    if (afterDelivery) await afterDelivery();
    return status;
  };

  /** A control's webhook: queued behind the others, awaited by the control. */
  const deliverNow = (payload: unknown) => schedule(() => post(payload), null);

  /** The statuses of an accepted send, queued (auto_status off: only a planned failure is posted). */
  const scheduleStatuses = (sent: FakeSent, plan: PlannedStatus[]) => {
    const s = store.settings;
    if (!s.auto_status && !plan.some((p) => p.status === 'failed')) return;
    let order = s.out_of_order ? [...plan].reverse() : plan;
    if (s.duplicate) order = order.flatMap((p) => [p, p]);
    const delay = s.status_delay_ms;
    for (const planned of order) {
      void schedule(async () => {
        if (delay > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              waits.delete(timer);
              resolve();
            }, delay);
            waits.set(timer, resolve);
          });
          if (closed) return null;
        }
        applyStatus(sent, planned);
        return post(statusPayload(store, sent, planned));
      }, null).catch(() => undefined);
    }
  };

  const businessOf = (wabaId: unknown): FakeBusiness => {
    const id = typeof wabaId === 'string' && wabaId ? wabaId : sharedWaba;
    const business = store.businesses.get(id);
    if (!business) throw new FakeGraphError(404, 100, `Unknown waba_id ${id}`);
    return business;
  };
  const businessesOf = (wabaId: unknown): FakeBusiness[] =>
    wabaId === '*' ? [...store.businesses.values()] : [businessOf(wabaId)];

  const mediaSignature = (id: string, expires: number) =>
    createHmac('sha256', appSecret).update(`${id}:${expires}`).digest('hex').slice(0, 32);

  const control = async (
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): Promise<unknown> => {
    const key = `${method} ${path}`;
    switch (key) {
      case 'POST inbound': {
        const input = body as InboundInput;
        const pnid = input.phone_number_id ?? phoneNumberId;
        if (!store.phones.has(pnid)) throw new FakeGraphError(404, 100, `Unknown phone_number_id ${pnid}`);
        if (input.from === null && !input.user_id) throw missingParam('inbound: from or user_id');
        const { wamid, payload } = inboundEnvelope(store, input, pnid);
        return { wamid, delivered: await deliverNow(payload), payload };
      }
      case 'POST status': {
        const payload = statusEnvelope(store, body as { wamid: string; status: string });
        if (!payload) throw new FakeGraphError(404, 100, `No sent message ${String(body.wamid)}`);
        return { delivered: await deliverNow(payload), payload };
      }
      case 'GET sent': {
        const to = query.get('to')?.replace(/\D/g, '');
        const wamid = query.get('wamid');
        return { data: store.sent.filter((s) => (!to || s.to === to) && (!wamid || s.wamid === wamid)) };
      }
      case 'POST signup':
        return store.signup({
          verifiedName: body.verified_name as string | undefined,
          display: body.display_phone_number as string | undefined,
          quality: body.quality_rating as string | undefined,
        });
      case 'GET businesses':
        return {
          data: [...store.businesses.values()].map((b) => ({
            waba_id: b.wabaId,
            phone: store.phoneJson(b.phone),
            registered: b.phone.registered,
            subscribed: b.subscribed,
            templates: b.templates.map((t) => t.name),
          })),
        };
      case 'POST quality': {
        const phone = store.phones.get(String(body.phone_number_id));
        if (!phone) throw new FakeGraphError(404, 100, 'Unknown phone_number_id');
        if (typeof body.quality_rating === 'string') phone.quality_rating = body.quality_rating;
        if (typeof body.messaging_limit_tier === 'string')
          phone.messaging_limit_tier = body.messaging_limit_tier;
        return store.phoneJson(phone);
      }
      case 'POST window':
        store.enforceWindow = body.enforce !== false;
        return { enforce: store.enforceWindow };
      case 'POST webhook':
        webhook = typeof body.url === 'string' && body.url ? body.url : null;
        if (typeof body.verify_token === 'string') webhookVerifyToken = body.verify_token;
        verified.clear();
        return { url: webhook };
      case 'POST reset':
        generation += 1;
        store.reset();
        deliveries.length = 0;
        return { ok: true };
      case 'GET clock':
      case 'POST clock': {
        const now = method === 'POST' ? store.setClock(body) : store.now();
        return { now: new Date(now).toISOString(), ms: now };
      }
      case 'GET options':
      case 'GET limits':
        return store.settings;
      case 'POST options':
      case 'POST limits':
        store.settings = { ...store.settings, ...checkSettings(body) };
        return store.settings;
      case 'POST outcome': {
        const to = String(body.to ?? '').replace(/\D/g, '');
        if (!to) throw missingParam('outcome: to');
        const outcome = body.outcome ?? null;
        if (outcome === null || outcome === 'default') store.outcomes.delete(to);
        else if (fakeOutcomes.includes(outcome as FakeOutcome))
          store.outcomes.set(to, outcome as FakeOutcome);
        else throw invalidParam(`outcome must be one of ${fakeOutcomes.join(', ')} or null`);
        return { data: Object.fromEntries(store.outcomes) };
      }
      case 'POST preferences': {
        const waId = String(body.wa_id ?? '').replace(/\D/g, '');
        const value = body.value;
        if (!waId) throw missingParam('preferences: wa_id');
        if (value !== 'stop' && value !== 'resume')
          throw invalidParam('preferences: value is stop or resume');
        const pnid = typeof body.phone_number_id === 'string' ? body.phone_number_id : phoneNumberId;
        const phone = store.phones.get(pnid);
        if (!phone) throw new FakeGraphError(404, 100, `Unknown phone_number_id ${pnid}`);
        const keyOf = `${phone.wabaId}:${waId}`;
        if (value === 'stop') store.marketingStopped.add(keyOf);
        else store.marketingStopped.delete(keyOf);
        const payload = userPreferencesEnvelope(store, pnid, waId, value);
        return { delivered: await deliverNow(payload), payload };
      }
      case 'GET templates': {
        const business = businessOf(query.get('waba_id'));
        return { waba_id: business.wabaId, data: business.templates.map(templateJson) };
      }
      case 'POST templates': {
        const template = templateOfInput(body as TemplateInput);
        const stored = businessesOf(body.waba_id).map((b) => ({
          waba_id: b.wabaId,
          ...templateJson(store.putTemplate(b, template)),
        }));
        return { data: stored };
      }
      case 'POST template-status': {
        const name = String(body.name ?? '');
        const language = typeof body.language === 'string' ? body.language : null;
        const status = typeof body.status === 'string' ? body.status.toUpperCase() : null;
        const category = typeof body.category === 'string' ? body.category.toUpperCase() : null;
        if (!status && !category) throw missingParam('template-status: status or category');
        const changed: unknown[] = [];
        const delivered: (number | null)[] = [];
        for (const business of businessesOf(body.waba_id)) {
          for (const t of business.templates) {
            if (t.name !== name || (language && t.language !== language)) continue;
            const previous = t.category;
            if (status) {
              t.status = status;
              delivered.push(
                await deliverNow(
                  templateStatusEnvelope(
                    store,
                    business.wabaId,
                    t,
                    typeof body.reason === 'string' ? body.reason : 'NONE',
                  ),
                ),
              );
            }
            if (category && category !== previous) {
              t.category = category;
              delivered.push(await deliverNow(templateCategoryEnvelope(store, business.wabaId, t, previous)));
            }
            changed.push({ waba_id: business.wabaId, ...templateJson(t) });
          }
        }
        if (!changed.length)
          throw new FakeGraphError(404, 132001, `No template ${name}${language ? ` in ${language}` : ''}`);
        return { data: changed, delivered };
      }
      case 'GET deliveries':
        return { data: deliveries };
      default:
        throw new FakeGraphError(404, 100, `No control ${method} /_fake/${path}`);
    }
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
      // The short-lived media URL: the same bearer as the Graph call (401 without), signed, 5 minutes.
      const media = store.media.get(second ?? '');
      const business = store.tokens.has(bearer) ? store.wabaOfToken(bearer) : null;
      if (!business || (media?.wabaId && media.wabaId !== business.wabaId)) {
        throw new FakeGraphError(401, 190, 'Authentication required: the media URL needs the access token');
      }
      const expires = Number(url.searchParams.get('expires'));
      if (!media || !sameSecret(url.searchParams.get('sig'), mediaSignature(media.id, expires)))
        throw new FakeGraphError(404, 100, 'Media not found');
      if (store.now() > expires) throw new FakeGraphError(404, 100, 'URL signature expired');
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
        const { answer, sent, plan } = store.sendMessage(bearer, id, body);
        scheduleStatuses(sent, plan);
        return answer;
      }
      case 'POST {id}/media': {
        const business = store.ownPhone(bearer, id);
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
          {
            wabaId: business.wabaId,
            source: 'upload',
          },
        );
        return { id: media.id };
      }
      case 'GET {id}/phone_numbers':
        return { data: [store.phoneJson(store.ownWaba(bearer, id).phone)] };
      case 'GET {id}/message_templates': {
        const list = store.templatesJson(store.ownWaba(bearer, id));
        const name = url.searchParams.get('name');
        const status = url.searchParams.get('status')?.toUpperCase();
        return {
          ...list,
          data: list.data.filter((t) => (!name || t.name === name) && (!status || t.status === status)),
        };
      }
      case 'POST {id}/message_templates':
        return createTemplate(store.ownWaba(bearer, id), raw);
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
        const business = store.wabaOfToken(bearer);
        const media = store.mediaFor(business, id);
        if (media) {
          const expires = store.now() + store.settings.media_url_ttl_ms;
          return {
            messaging_product: 'whatsapp',
            url: `${base}/media-download/${media.id}?expires=${expires}&sig=${mediaSignature(media.id, expires)}`,
            mime_type: media.mime,
            sha256: 'fakesha256',
            file_size: media.bytes.length,
            id: media.id,
          };
        }
        if (store.media.has(id))
          throw new FakeGraphError(400, 100, `(#100) Media ${id} does not exist or expired`);
        return store.phoneJson(store.ownPhone(bearer, id).phone);
      }
      default:
        throw new FakeGraphError(400, 100, `Unsupported ${method} request.`);
    }
  };

  /** POST /{waba_id}/message_templates: a new template waits for review (PENDING). */
  const createTemplate = (business: FakeBusiness, raw: Buffer) => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidParam('Invalid JSON');
    }
    const components = Array.isArray(body.components) ? (body.components as Record<string, unknown>[]) : [];
    const find = (type: string) => components.find((c) => String(c.type).toUpperCase() === type);
    const bodyComponent = find('BODY');
    if (!bodyComponent) throw missingParam('components: a BODY is required');
    if (/\{\{/.test(String(bodyComponent.text ?? '')) && !bodyComponent.example)
      throw invalidParam('Invalid parameter', 'BODY: every variable needs an example (example.body_text)');
    const header = find('HEADER');
    const template = templateOfInput({
      name: body.name,
      language: body.language,
      category: body.category,
      parameter_format: body.parameter_format,
      status: 'PENDING',
      body: bodyComponent.text,
      footer: find('FOOTER')?.text,
      header: header ? { format: header.format, text: header.text } : null,
      buttons: find('BUTTONS')?.buttons,
    });
    if (business.templates.some((t) => t.name === template.name && t.language === template.language))
      throw invalidParam('Invalid parameter', `Content in this language already exists for ${template.name}`);
    const stored = store.putTemplate(business, template);
    return { id: stored.id, status: stored.status, category: stored.category };
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
      let body: Record<string, unknown>;
      try {
        body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      } catch {
        throw invalidParam('The control body is not JSON');
      }
      return json(res, 200, await control(method, segments.slice(1).join('/'), body, url.searchParams));
    }
    if (/^v\d+\.\d+$/.test(segments[0] ?? '')) segments.shift();
    if (segments[0] === 'dialog' && segments[1] === 'oauth') {
      const page = dialogPage(store, { appId, configId }, method, url, raw);
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
  const listening = await listenLocally(server, hanging);
  base = listening.base;

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
    deliveries,
    failNext: script.failNext,
    hangNext: script.hangNext,
    setWebhook(target) {
      webhook = target;
    },
    setAfterDelivery(wait) {
      afterDelivery = wait;
    },
    idle,
    control(path, body) {
      const empty = !body || Object.keys(body).length === 0;
      const method = GET_ONLY.has(path) || (GET_WITHOUT_BODY.has(path) && empty) ? 'GET' : 'POST';
      return control(method, path, body ?? {}, new URLSearchParams());
    },
    close() {
      closed = true;
      for (const [timer, resolve] of waits) {
        clearTimeout(timer);
        resolve();
      }
      waits.clear();
      return listening.close();
    },
  };
}

/** A control's settings: only known keys, each of its default's type (a typo fails loudly). */
function checkSettings(input: Record<string, unknown>): Partial<FakeSettings> {
  const defaults = defaultFakeSettings() as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!(key in defaults)) throw invalidParam(`Unknown option ${key}`);
    if (typeof value !== typeof defaults[key])
      throw invalidParam(`Option ${key} must be a ${typeof defaults[key]}`);
    if (key === 'messaging_limit_failure' && !['failed_status', 'sync', 'off'].includes(String(value)))
      throw invalidParam('messaging_limit_failure: failed_status, sync or off');
    out[key] = value;
  }
  return out as Partial<FakeSettings>;
}
