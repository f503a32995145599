import { createHash, randomInt } from 'node:crypto';
import {
  badToken,
  FakeGraphError,
  invalidParam,
  missingParam,
  noObject,
  type StatusError,
  statusError,
} from './whatsapp.fake-errors.ts';
import {
  type FakeTemplate,
  type HydratedTemplate,
  hydrateTemplate,
  seededTemplates,
  templateJson,
} from './whatsapp.fake-templates.ts';

export { badToken, FakeGraphError } from './whatsapp.fake-errors.ts';
export { type FakeTemplate, seededTemplates } from './whatsapp.fake-templates.ts';

/**
 * The state of the fake Cloud API (whatsapp.fake.ts): businesses, numbers, tokens, templates, media, what was
 * sent, the 24-hour windows, the rate limits and the scripted outcomes; and the send rules of §13.
 */

export interface FakePhone {
  id: string;
  wabaId: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  messaging_limit_tier: string;
  /** POST /{id}/register done (the shared number starts registered): else sends answer 133010. */
  registered: boolean;
}

export interface FakeBusiness {
  wabaId: string;
  token: string;
  phone: FakePhone;
  templates: FakeTemplate[];
  subscribed: boolean;
}

export type FakePricing = {
  billable: boolean;
  pricing_model: 'PMP';
  type: 'regular' | 'free_customer_service';
  category: string;
};

export interface FakeSent {
  wamid: string;
  phone_number_id: string;
  to: string;
  type: string;
  /** Text body, the caption of a media message, or the template's body with its parameters. */
  text: string | null;
  template: {
    name: string;
    language: string;
    params: string[];
    category: string;
    /** NAMED templates: the body parameters' names, in the body's order. */
    names: string[] | null;
    header: { type: string; value: string } | null;
    buttons: { index: number; sub_type: string; value: string }[];
  } | null;
  media_id: string | null;
  at: string;
  /** accepted, then the last status webhook emitted (sent, delivered, read, failed) or set by /_fake/status. */
  status: string;
  /** The request body as the app sent it. */
  body: unknown;
  /** What the send answered: accepted | held_for_quality_assessment. */
  message_status: string;
  /** biz_opaque_callback_data as sent (echoed in every status). */
  callback_data: string | null;
  /** The 24-hour window was open for this recipient at send time. */
  window_open: boolean;
  /** The pricing its `sent`/`delivered` statuses carry (null for a message that fails). */
  pricing: FakePricing | null;
  /** The statuses planned after the send, in the order they are posted. */
  planned: string[];
  /** The statuses posted so far, in order. */
  statuses: string[];
  /** The errors of its failed status, when it failed. */
  errors: StatusError[] | null;
}

export interface FakeMedia {
  id: string;
  bytes: Buffer;
  mime: string;
  name: string;
  /** The WABA that may read it (inbound: the receiving number's; uploaded: the uploader's). */
  wabaId: string | null;
  /** Fake-clock ms it was stored: inbound media ids live 7 days, uploaded ones 30 days. */
  createdAt: number;
  source: 'inbound' | 'upload';
}

/** One status the fake will post after a send (whatsapp-cloud-api.md §5). */
export interface PlannedStatus {
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: StatusError;
  pricing?: FakePricing;
}

/** Per-recipient scripted outcome (`POST /_fake/outcome`). */
export type FakeOutcome =
  | 'not_on_whatsapp'
  | 'marketing_capped'
  | 'marketing_opt_out'
  | 'experiment'
  | 'media_unreachable'
  | 'delivered_only'
  | 'no_read';
export const fakeOutcomes: readonly FakeOutcome[] = [
  'not_on_whatsapp',
  'marketing_capped',
  'marketing_opt_out',
  'experiment',
  'media_unreachable',
  'delivered_only',
  'no_read',
];

/** Everything `/_fake/options` (or `/_fake/limits`) switches; the defaults are Meta's usual behaviour. */
export interface FakeSettings {
  /** Post sent → delivered → read (or the scripted failure) after every accepted send. */
  auto_status: boolean;
  /** Real milliseconds before each status webhook. */
  status_delay_ms: number;
  /** Post every status webhook twice (Meta's at-least-once delivery). */
  duplicate: boolean;
  /** Post a send's statuses in reverse order (read before delivered before sent). */
  out_of_order: boolean;
  /** Skip `delivered` (a message delivered and read at once: only `read` comes). */
  skip_delivered: boolean;
  /** A free-form send outside the window answers HTTP 400 131047 instead of 200 + a failed status. */
  sync_window_error: boolean;
  /** Before the failed 131047 status, post a `sent` (both orders are reported). */
  sent_before_failed: boolean;
  /** Sign webhooks with a wrong secret. */
  bad_signature: boolean;
  /** GET hub.challenge handshake against a webhook URL before its first delivery. */
  verify_webhook: boolean;
  /** Webhooks carry business-scoped user ids (contacts[].user_id, from_user_id), as since 2026. */
  bsuid: boolean;
  /** The reported 2026-10-01 pricing: service messages and utility templates in the window are `regular`. */
  pricing_2026_10: boolean;
  /** Sends from a number not registered (POST /{id}/register) answer 133010. */
  require_registration: boolean;
  /** Messages a second per phone_number_id before 130429. */
  throughput_per_second: number;
  /** The HTTP status of 130429 (Meta's table: 400; a 2026 mirror: 429). */
  throughput_http_status: number;
  /** The (number, recipient) pair bucket: burst, then one send per `pair_refill_ms`, before 131056. */
  pair_burst: number;
  pair_refill_ms: number;
  /** Unique recipients of business-initiated template sends outside the window in a moving 24 h, per WABA. */
  messaging_limit: number;
  /** Over the limit: a failed status (default), a synchronous 400, or not enforced. */
  messaging_limit_failure: 'failed_status' | 'sync' | 'off';
  /** The code of that failure [Meta's code UNCONFIRMED]. */
  messaging_limit_code: number;
  /** A media URL of GET /{media_id} lives this long (fake time). */
  media_url_ttl_ms: number;
}

export const defaultFakeSettings = (): FakeSettings => ({
  auto_status: true,
  status_delay_ms: 0,
  duplicate: false,
  out_of_order: false,
  skip_delivered: false,
  sync_window_error: false,
  sent_before_failed: false,
  bad_signature: false,
  verify_webhook: true,
  bsuid: true,
  pricing_2026_10: false,
  require_registration: true,
  throughput_per_second: 80,
  throughput_http_status: 400,
  pair_burst: 45,
  pair_refill_ms: 6000,
  messaging_limit: 250,
  messaging_limit_failure: 'failed_status',
  messaging_limit_code: 130429,
  media_url_ttl_ms: 5 * 60 * 1000,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const INBOUND_MEDIA_TTL_MS = 7 * DAY_MS;
const UPLOADED_MEDIA_TTL_MS = 30 * DAY_MS;
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const CALLBACK_MAX_BYTES = 512;
/** Message types the Cloud API sends; anything else answers 131051. */
const SENDABLE = new Set([
  'text',
  'template',
  'image',
  'document',
  'audio',
  'video',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'reaction',
]);
const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video', 'sticker']);

export class FakeWhatsAppStore {
  readonly businesses = new Map<string, FakeBusiness>();
  readonly phones = new Map<string, FakePhone>();
  readonly tokens = new Map<string, string>();
  readonly codes = new Map<string, string>();
  readonly media = new Map<string, FakeMedia>();
  /** `${phone_number_id}:${wa_id}` → fake-clock ms of the guest's last inbound message (any type). */
  readonly lastInbound = new Map<string, number>();
  /** Recipient digits → scripted outcome. */
  readonly outcomes = new Map<string, FakeOutcome>();
  /** `${waba_id}:${wa_id}` → the user stopped marketing messages (user_preferences). */
  readonly marketingStopped = new Set<string>();
  sent: FakeSent[] = [];
  enforceWindow: boolean;
  settings: FakeSettings;
  /** Accepted sends per phone_number_id (ms), for the throughput limit. */
  private readonly throughput = new Map<string, number[]>();
  /** Token buckets per (phone_number_id, recipient). */
  private readonly pairs = new Map<string, { tokens: number; at: number }>();
  /** Per WABA: recipient → last business-initiated template send outside the window (ms). */
  private readonly initiated = new Map<string, Map<string, number>>();
  private clockOffset = 0;
  private clockFixed: number | null = null;
  private seq = 0;
  /** A random prefix per fake, so ids do not repeat across test files that share a database. */
  private readonly prefix = String(randomInt(100_000, 999_999));
  private readonly baseNow: () => number;

  constructor(
    readonly appId: string,
    readonly appSecret: string,
    readonly configId: string,
    now: () => number,
    shared: { phoneNumberId: string; token: string; wabaId: string },
    enforceWindow: boolean,
    private readonly initialSettings: FakeSettings = defaultFakeSettings(),
  ) {
    this.baseNow = now;
    this.enforceWindow = enforceWindow;
    this.settings = { ...initialSettings };
    this.addBusiness({
      wabaId: shared.wabaId,
      token: shared.token,
      phoneId: shared.phoneNumberId,
      display: '+34 910 000 000',
      verifiedName: 'Posada',
      // The platform's shared number is registered for Cloud API: usable from the start.
      registered: true,
    });
  }

  /** The fake's clock: the injected `now` (or Date.now), moved by `/_fake/clock`. */
  now(): number {
    return this.clockFixed ?? this.baseNow() + this.clockOffset;
  }

  /** `/_fake/clock {advance_ms}` or `{now}` (ms or an ISO date). */
  setClock(input: { advance_ms?: unknown; now?: unknown }): number {
    if (input.now !== undefined) {
      const at = typeof input.now === 'number' ? input.now : Date.parse(String(input.now));
      if (!Number.isFinite(at)) throw invalidParam('clock: now must be ms or an ISO date');
      this.clockFixed = at;
    }
    if (input.advance_ms !== undefined) {
      const by = Number(input.advance_ms);
      if (!Number.isFinite(by)) throw invalidParam('clock: advance_ms must be a number');
      if (this.clockFixed !== null) this.clockFixed += by;
      else this.clockOffset += by;
    }
    return this.now();
  }

  next(): string {
    this.seq += 1;
    return `${this.prefix}${String(this.seq).padStart(4, '0')}`;
  }

  private seed(): FakeTemplate[] {
    return seededTemplates().map((t) => ({ ...t, id: `17${this.next()}` }));
  }

  addBusiness(input: {
    wabaId?: string;
    token?: string;
    phoneId?: string;
    display?: string;
    verifiedName?: string;
    quality?: string;
    tier?: string;
    registered?: boolean;
  }): FakeBusiness {
    const n = this.next();
    const wabaId = input.wabaId ?? `20${n}`;
    const phone: FakePhone = {
      id: input.phoneId ?? `30${n}`,
      wabaId,
      display_phone_number:
        input.display ?? `+34 6${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 8).padEnd(3, '0')}`,
      verified_name: input.verifiedName ?? 'Casa Rural La Fuente',
      quality_rating: input.quality ?? 'GREEN',
      messaging_limit_tier: input.tier ?? 'TIER_1K',
      registered: input.registered ?? false,
    };
    const business: FakeBusiness = {
      wabaId,
      token: input.token ?? `EAAfake${n}${randomInt(1e6, 9e6)}`,
      phone,
      templates: this.seed(),
      subscribed: false,
    };
    this.businesses.set(wabaId, business);
    this.phones.set(phone.id, phone);
    this.tokens.set(business.token, wabaId);
    return business;
  }

  /** A customer finishing Embedded Signup: a new WABA with one number, and a one-time code for it. */
  signup(input: { verifiedName?: string; display?: string; quality?: string } = {}) {
    const business = this.addBusiness({
      verifiedName: input.verifiedName,
      display: input.display,
      quality: input.quality,
    });
    const code = `AQfakecode${this.next()}`;
    this.codes.set(code, business.wabaId);
    return { code, waba_id: business.wabaId, phone_number_id: business.phone.id };
  }

  /** The WABA a bearer token belongs to, or Meta's 190. */
  wabaOfToken(token: string): FakeBusiness {
    const wabaId = this.tokens.get(token);
    const business = wabaId ? this.businesses.get(wabaId) : undefined;
    if (!business) throw badToken();
    return business;
  }

  /** The business that owns `phoneNumberId`, when `token` is its token. */
  ownPhone(token: string, phoneNumberId: string): FakeBusiness {
    const business = this.wabaOfToken(token);
    if (business.phone.id !== phoneNumberId) throw noObject(phoneNumberId);
    return business;
  }

  ownWaba(token: string, wabaId: string): FakeBusiness {
    const business = this.wabaOfToken(token);
    if (business.wabaId !== wabaId) throw noObject(wabaId);
    return business;
  }

  windowOpen(phoneNumberId: string, waId: string): boolean {
    const at = this.lastInbound.get(`${phoneNumberId}:${waId}`);
    return at !== undefined && this.now() - at < DAY_MS;
  }

  /** A guest's message reached `phoneNumberId`: their window opens (or starts again) now. */
  recordInbound(phoneNumberId: string, waId: string): void {
    this.lastInbound.set(`${phoneNumberId}:${waId}`, this.now());
  }

  addMedia(
    bytes: Buffer,
    mime: string,
    name: string,
    owner: { wabaId: string | null; source: 'inbound' | 'upload' } = { wabaId: null, source: 'upload' },
  ): FakeMedia {
    const media: FakeMedia = {
      id: `${this.next()}${randomInt(100, 999)}`,
      bytes,
      mime,
      name,
      wabaId: owner.wabaId,
      createdAt: this.now(),
      source: owner.source,
    };
    this.media.set(media.id, media);
    return media;
  }

  /** A media id `business` may read and send, not expired (7 days inbound, 30 days uploaded). */
  mediaFor(business: FakeBusiness, id: string): FakeMedia | null {
    const media = this.media.get(id);
    if (!media) return null;
    if (media.wabaId && media.wabaId !== business.wabaId) return null;
    const ttl = media.source === 'inbound' ? INBOUND_MEDIA_TTL_MS : UPLOADED_MEDIA_TTL_MS;
    return this.now() - media.createdAt < ttl ? media : null;
  }

  wamid(): string {
    const raw = createHash('sha256')
      .update(`${this.prefix}:${this.next()}:${this.now()}`)
      .digest('base64url');
    return `wamid.HBgL${raw.slice(0, 40)}`;
  }

  /** A deterministic business-scoped user id for a phone (§1.1: `CC.<alphanumeric>`). */
  userIdOf(waId: string): string {
    const cc = waId.startsWith('34') ? 'ES' : waId.startsWith('1') ? 'US' : 'XX';
    const digits = BigInt(
      `0x${createHash('sha256').update(`${this.appId}:${waId}`).digest('hex').slice(0, 15)}`,
    );
    return `${cc}.${digits.toString().slice(0, 16)}`;
  }

  private pricingOf(template: HydratedTemplate | null, windowOpen: boolean): FakePricing {
    const later = this.settings.pricing_2026_10;
    if (!template) {
      return later
        ? { billable: true, pricing_model: 'PMP', type: 'regular', category: 'service' }
        : { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
    }
    const category = template.template.category.toLowerCase();
    if (category === 'utility' && windowOpen && !later)
      return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category };
    return { billable: true, pricing_model: 'PMP', type: 'regular', category };
  }

  /** 130429: more than `throughput_per_second` accepted sends from this number in the last second. */
  private checkThroughput(phoneNumberId: string): void {
    const now = this.now();
    const recent = (this.throughput.get(phoneNumberId) ?? []).filter((at) => now - at < 1000);
    this.throughput.set(phoneNumberId, recent);
    if (recent.length >= this.settings.throughput_per_second) {
      throw new FakeGraphError(
        this.settings.throughput_http_status,
        130429,
        '(#130429) Rate limit hit',
        'Message failed to send because there were too many messages sent from this phone number in a short period of time',
      );
    }
  }

  /** 131056: the (number, recipient) bucket is empty (burst `pair_burst`, one token per `pair_refill_ms`). */
  private pairBucket(phoneNumberId: string, to: string): { tokens: number; at: number } {
    const key = `${phoneNumberId}:${to}`;
    const now = this.now();
    const { pair_burst: burst, pair_refill_ms: refill } = this.settings;
    const bucket = this.pairs.get(key) ?? { tokens: burst, at: now };
    const refilled = refill > 0 ? Math.floor((now - bucket.at) / refill) : burst;
    bucket.tokens = Math.min(burst, bucket.tokens + refilled);
    if (refilled > 0) bucket.at = refill > 0 ? bucket.at + refilled * refill : now;
    if (bucket.tokens >= burst) bucket.at = now;
    this.pairs.set(key, bucket);
    if (bucket.tokens < 1) {
      throw new FakeGraphError(
        400,
        131056,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      );
    }
    return bucket;
  }

  /**
   * The messaging limit (§8): a business-initiated template outside the window to a recipient not counted
   * in the last 24 h, above `messaging_limit` unique recipients per WABA. Answers whether it is over.
   */
  private overMessagingLimit(wabaId: string, to: string): boolean {
    if (this.settings.messaging_limit_failure === 'off') return false;
    const now = this.now();
    const seen = this.initiated.get(wabaId) ?? new Map<string, number>();
    for (const [who, at] of seen) if (now - at >= DAY_MS) seen.delete(who);
    this.initiated.set(wabaId, seen);
    if (seen.has(to)) return false;
    return seen.size >= this.settings.messaging_limit;
  }

  private countInitiated(wabaId: string, to: string): void {
    const seen = this.initiated.get(wabaId) ?? new Map<string, number>();
    seen.set(to, this.now());
    this.initiated.set(wabaId, seen);
  }

  /**
   * Answers POST /{phone_number_id}/messages as Meta checks it (§2, §13.1–§13.6): the answer to give, the
   * recorded message and the statuses to post after it. Throws FakeGraphError for a synchronous refusal.
   */
  sendMessage(
    token: string,
    phoneNumberId: string,
    body: Record<string, unknown> | null,
  ): { answer: unknown; sent: FakeSent; plan: PlannedStatus[] } {
    const business = this.ownPhone(token, phoneNumberId);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidParam('Invalid parameter', 'The request body must be a JSON object');
    if (this.settings.require_registration && !business.phone.registered) {
      throw new FakeGraphError(
        400,
        133010,
        '(#133010) Account not registered',
        'The phone number is not registered on the WhatsApp Business Platform: POST /{PHONE_NUMBER_ID}/register first.',
      );
    }
    if (body.messaging_product === undefined) throw missingParam("Parameter 'messaging_product' is required");
    if (body.messaging_product !== 'whatsapp')
      throw invalidParam(
        `Param messaging_product must be one of {WHATSAPP} - got "${String(body.messaging_product)}".`,
      );
    if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
      throw invalidParam('Param recipient_type must be one of {INDIVIDUAL}');
    if (body.to === undefined || body.to === '') throw missingParam("Parameter 'to' is required");
    const rawTo = typeof body.to === 'string' ? body.to : '';
    const to = rawTo.replace(/^\+/, '');
    if (!/^\d{1,15}$/.test(to))
      throw invalidParam(
        'Invalid parameter',
        `Param to must be the recipient's phone number in digits (at most 15): "${rawTo}"`,
      );
    const callback = body.biz_opaque_callback_data;
    if (
      callback !== undefined &&
      (typeof callback !== 'string' || Buffer.byteLength(callback) > CALLBACK_MAX_BYTES)
    )
      throw invalidParam('Param biz_opaque_callback_data must be a string of at most 512 bytes');
    const type = body.type === undefined ? 'text' : body.type;
    if (typeof type !== 'string' || !SENDABLE.has(type)) {
      throw new FakeGraphError(
        400,
        131051,
        '(#131051) Unsupported message type',
        `Message type ${String(type)} is not supported.`,
      );
    }
    const object = body[type];
    if (object === undefined || object === null || typeof object !== 'object')
      throw missingParam(`Parameter '${type}' is required`);

    let text: string | null = null;
    let mediaId: string | null = null;
    let hasMedia = false;
    let hydrated: HydratedTemplate | null = null;
    if (type === 'template') {
      hydrated = hydrateTemplate(business.templates, object, (id) => this.mediaFor(business, id) !== null);
      text = hydrated.text;
      hasMedia = hydrated.hasMedia;
    } else if (type === 'text') {
      const t = (object as { body?: unknown }).body;
      if (typeof t !== 'string' || t === '') throw missingParam("Parameter 'text[body]' is required");
      if (t.length > TEXT_MAX)
        throw invalidParam(`Param text['body'] must be at most ${TEXT_MAX} characters long.`);
      text = t;
    } else if (MEDIA_TYPES.has(type)) {
      const media = object as { id?: unknown; link?: unknown; caption?: unknown };
      if (typeof media.id === 'string' && media.id) {
        if (!this.mediaFor(business, media.id))
          throw new FakeGraphError(
            400,
            131053,
            '(#131053) Media upload error',
            `Unknown or expired media id ${media.id}`,
          );
        mediaId = media.id;
      } else if (typeof media.link === 'string' && media.link) {
        if (!/^https?:\/\//.test(media.link))
          throw invalidParam(`Param ${type}['link'] must be an http(s) URL`);
      } else throw missingParam(`Parameter '${type}[id]' or '${type}[link]' is required`);
      if (media.caption !== undefined) {
        if (typeof media.caption !== 'string' || media.caption.length > CAPTION_MAX)
          throw invalidParam(`Param ${type}['caption'] must be at most ${CAPTION_MAX} characters long.`);
        text = media.caption;
      }
      hasMedia = true;
    }

    const windowOpen = this.windowOpen(phoneNumberId, to);
    const freeForm = type !== 'template';
    const windowClosed = freeForm && this.enforceWindow && !windowOpen;
    if (windowClosed && this.settings.sync_window_error) {
      throw new FakeGraphError(
        400,
        131047,
        '(#131047) Re-engagement message',
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      );
    }
    this.checkThroughput(phoneNumberId);
    const bucket = this.pairBucket(phoneNumberId, to);
    const businessInitiated = !freeForm && !windowOpen;
    const overLimit = businessInitiated && this.overMessagingLimit(business.wabaId, to);
    if (overLimit && this.settings.messaging_limit_failure === 'sync') {
      throw new FakeGraphError(
        400,
        this.settings.messaging_limit_code,
        `(#${this.settings.messaging_limit_code}) Messaging limit reached`,
        `Message failed to send because the business reached its messaging limit of ${this.settings.messaging_limit} unique users in 24 hours.`,
      );
    }

    // Accepted.
    bucket.tokens -= 1;
    (this.throughput.get(phoneNumberId) as number[]).push(this.now());
    if (businessInitiated && !overLimit) this.countInitiated(business.wabaId, to);
    const category = hydrated ? hydrated.template.category.toUpperCase() : null;
    const pricing = this.pricingOf(hydrated, windowOpen);
    const plan = this.planStatuses({
      to,
      wabaId: business.wabaId,
      category,
      hasMedia,
      windowClosed,
      overLimit,
      pricing,
    });
    const failed = plan.find((p) => p.status === 'failed');
    const wamid = this.wamid();
    const messageStatus = hydrated?.template.held ? 'held_for_quality_assessment' : 'accepted';
    const sent: FakeSent = {
      wamid,
      phone_number_id: phoneNumberId,
      to,
      type,
      text,
      template: hydrated
        ? {
            name: hydrated.template.name,
            language: hydrated.template.language,
            params: hydrated.params,
            category: hydrated.template.category,
            names: hydrated.names,
            header: hydrated.header,
            buttons: hydrated.buttons,
          }
        : null,
      media_id: mediaId,
      at: new Date(this.now()).toISOString(),
      status: 'accepted',
      body,
      message_status: messageStatus,
      callback_data: typeof callback === 'string' ? callback : null,
      window_open: windowOpen,
      pricing: failed ? null : pricing,
      planned: plan.map((p) => p.status),
      statuses: [],
      errors: null,
    };
    this.sent.push(sent);
    return {
      answer: {
        messaging_product: 'whatsapp',
        contacts: [{ input: rawTo, wa_id: to }],
        messages: [{ id: wamid, message_status: messageStatus }],
      },
      sent,
      plan,
    };
  }

  /** The statuses Meta would post after an accepted send (§5, §13.3, §13.5). */
  private planStatuses(input: {
    to: string;
    wabaId: string;
    category: string | null;
    hasMedia: boolean;
    windowClosed: boolean;
    overLimit: boolean;
    pricing: FakePricing;
  }): PlannedStatus[] {
    const s = this.settings;
    const failed = (code: number, details?: string): PlannedStatus => ({
      status: 'failed',
      error: statusError(code, details),
    });
    const sent: PlannedStatus = { status: 'sent', pricing: input.pricing };
    if (input.windowClosed)
      return s.sent_before_failed ? [{ status: 'sent' }, failed(131047)] : [failed(131047)];
    if (input.overLimit) {
      return [
        failed(
          s.messaging_limit_code,
          `Message failed to send because the business reached its messaging limit of ${s.messaging_limit} unique users in 24 hours.`,
        ),
      ];
    }
    const outcome = this.outcomes.get(input.to);
    const marketing = input.category === 'MARKETING';
    if (outcome === 'not_on_whatsapp') return [{ status: 'sent' }, failed(131026)];
    if (marketing && outcome === 'marketing_capped') return [failed(131049)];
    if (
      marketing &&
      (outcome === 'marketing_opt_out' || this.marketingStopped.has(`${input.wabaId}:${input.to}`))
    )
      return [failed(131050)];
    if (marketing && outcome === 'experiment') return [failed(130472)];
    if (input.hasMedia && outcome === 'media_unreachable') return [failed(131053)];
    const delivered: PlannedStatus = { status: 'delivered', pricing: input.pricing };
    if (outcome === 'delivered_only') return [delivered];
    if (outcome === 'no_read') return [sent, delivered];
    return s.skip_delivered ? [sent, { status: 'read' }] : [sent, delivered, { status: 'read' }];
  }

  phoneJson(phone: FakePhone) {
    return {
      id: phone.id,
      display_phone_number: phone.display_phone_number,
      verified_name: phone.verified_name,
      quality_rating: phone.quality_rating,
      messaging_limit_tier: phone.messaging_limit_tier,
      code_verification_status: 'VERIFIED',
      platform_type: phone.registered ? 'CLOUD_API' : 'NOT_APPLICABLE',
    };
  }

  templatesJson(business: FakeBusiness) {
    return {
      data: business.templates.map(templateJson),
      paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
    };
  }

  /** `POST /_fake/templates`: adds a template to a WABA, or replaces the one of that name and language. */
  putTemplate(business: FakeBusiness, template: Omit<FakeTemplate, 'id'>): FakeTemplate {
    const i = business.templates.findIndex(
      (t) => t.name === template.name && t.language === template.language,
    );
    const stored = {
      ...template,
      id: i >= 0 ? (business.templates[i] as FakeTemplate).id : `17${this.next()}`,
    };
    if (i >= 0) business.templates[i] = stored;
    else business.templates.push(stored);
    return stored;
  }

  /**
   * Clears what tests leave behind: sent messages, windows, media, outcomes, marketing stops, rate-limit
   * counters, the clock's moves and the settings (back to the start's); every WABA's templates go back to
   * the seeded ones. Businesses and the 24-hour switch (`/_fake/window`) stay.
   */
  reset() {
    this.sent = [];
    this.lastInbound.clear();
    this.media.clear();
    this.outcomes.clear();
    this.marketingStopped.clear();
    this.throughput.clear();
    this.pairs.clear();
    this.initiated.clear();
    this.clockOffset = 0;
    this.clockFixed = null;
    this.settings = { ...this.initialSettings };
    for (const business of this.businesses.values()) business.templates = this.seed();
  }
}
