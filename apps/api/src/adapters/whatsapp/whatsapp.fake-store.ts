import { createHash, randomInt } from 'node:crypto';

/** The state of the fake Cloud API (whatsapp.fake.ts): businesses, numbers, tokens, media, what was sent. */

export interface FakePhone {
  id: string;
  wabaId: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  messaging_limit_tier: string;
  registered: boolean;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  body: string;
}

export interface FakeBusiness {
  wabaId: string;
  token: string;
  phone: FakePhone;
  templates: FakeTemplate[];
  subscribed: boolean;
}

export interface FakeSent {
  wamid: string;
  phone_number_id: string;
  to: string;
  type: string;
  /** Text body, or the caption of a media message. */
  text: string | null;
  template: { name: string; language: string; params: string[] } | null;
  media_id: string | null;
  at: string;
  /** accepted, then whatever /_fake/status set (delivered, read, failed). */
  status: string;
  /** The request body as the app sent it. */
  body: unknown;
}

export interface FakeMedia {
  id: string;
  bytes: Buffer;
  mime: string;
  name: string;
}

export class FakeGraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        message: this.message,
        type: 'OAuthException',
        code: this.code,
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: 'AFakeTrace',
      },
    };
  }
}

export const badToken = () =>
  new FakeGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
const noObject = (id: string) =>
  new FakeGraphError(
    400,
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );

/** The two approved templates every WABA starts with (docs/messaging.md). */
export const seededTemplates = (): Omit<FakeTemplate, 'id'>[] => [
  {
    name: 'checkin_reminder',
    language: 'es',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Hola {{1}}, te esperamos el {{2}}. Completa tu check-in online antes de llegar.',
  },
  {
    name: 'stay_followup',
    language: 'es',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export class FakeWhatsAppStore {
  readonly businesses = new Map<string, FakeBusiness>();
  readonly phones = new Map<string, FakePhone>();
  readonly tokens = new Map<string, string>();
  readonly codes = new Map<string, string>();
  readonly media = new Map<string, FakeMedia>();
  /** `${phone_number_id}:${wa_id}` → ms of the guest's last message through /_fake/inbound. */
  readonly lastInbound = new Map<string, number>();
  sent: FakeSent[] = [];
  enforceWindow: boolean;
  private seq = 0;
  /** A random prefix per fake, so ids do not repeat across test files that share a database. */
  private readonly prefix = String(randomInt(100_000, 999_999));

  constructor(
    readonly appId: string,
    readonly appSecret: string,
    readonly configId: string,
    readonly now: () => number,
    shared: { phoneNumberId: string; token: string; wabaId: string },
    enforceWindow: boolean,
  ) {
    this.enforceWindow = enforceWindow;
    this.addBusiness({
      wabaId: shared.wabaId,
      token: shared.token,
      phoneId: shared.phoneNumberId,
      display: '+34 910 000 000',
      verifiedName: 'Posada',
    });
  }

  next(): string {
    this.seq += 1;
    return `${this.prefix}${String(this.seq).padStart(4, '0')}`;
  }

  addBusiness(input: {
    wabaId?: string;
    token?: string;
    phoneId?: string;
    display?: string;
    verifiedName?: string;
    quality?: string;
    tier?: string;
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
      registered: false,
    };
    const business: FakeBusiness = {
      wabaId,
      token: input.token ?? `EAAfake${n}${randomInt(1e6, 9e6)}`,
      phone,
      templates: seededTemplates().map((t) => ({ ...t, id: `tpl_${this.next()}` })),
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

  addMedia(bytes: Buffer, mime: string, name: string): FakeMedia {
    const media = { id: `${this.next()}${randomInt(100, 999)}`, bytes, mime, name };
    this.media.set(media.id, media);
    return media;
  }

  wamid(): string {
    const raw = createHash('sha256')
      .update(`${this.prefix}:${this.next()}:${this.now()}`)
      .digest('base64url');
    return `wamid.HBgL${raw.slice(0, 40)}`;
  }

  /** Answers POST /{phone_number_id}/messages, as Meta checks it. */
  sendMessage(token: string, phoneNumberId: string, body: Record<string, unknown> | null): unknown {
    const business = this.ownPhone(token, phoneNumberId);
    const to = typeof body?.to === 'string' ? body.to.replace(/\D/g, '') : '';
    const type = typeof body?.type === 'string' ? body.type : 'text';
    if (body?.messaging_product !== 'whatsapp' || !to) {
      throw new FakeGraphError(400, 100, '(#100) Invalid parameter', 'Invalid parameter');
    }
    let text: string | null = null;
    let template: FakeSent['template'] = null;
    let mediaId: string | null = null;
    if (type === 'template') {
      const t = body.template as {
        name?: string;
        language?: { code?: string };
        components?: { type: string; parameters?: { text?: string }[] }[];
      };
      const found = business.templates.find(
        (x) => x.name === t?.name && x.language === t?.language?.code && x.status === 'APPROVED',
      );
      if (!found) {
        throw new FakeGraphError(
          404,
          132001,
          '(#132001) Template name does not exist in the translation',
          `template name (${t?.name}) does not exist in ${t?.language?.code}`,
        );
      }
      const params = (t.components?.find((c) => c.type === 'body')?.parameters ?? []).map(
        (p) => p.text ?? '',
      );
      const expected = new Set(found.body.match(/\{\{\d+\}\}/g) ?? []).size;
      if (params.length !== expected) {
        throw new FakeGraphError(
          400,
          132000,
          '(#132000) Number of parameters does not match the expected number of params',
          `body: number of localizable_params (${params.length}) does not match the expected number of params (${expected})`,
        );
      }
      template = { name: found.name, language: found.language, params };
      text = found.body.replace(/\{\{(\d+)\}\}/g, (_m, i: string) => params[Number(i) - 1] ?? '');
    } else {
      if (this.enforceWindow && !this.windowOpen(phoneNumberId, to)) {
        throw new FakeGraphError(
          400,
          131047,
          '(#131047) Re-engagement message',
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
      if (type === 'text') {
        text = String((body.text as { body?: unknown } | undefined)?.body ?? '');
        if (!text) throw new FakeGraphError(400, 100, '(#100) Param text[body] is required');
      } else if (['image', 'document', 'audio', 'video'].includes(type)) {
        const media = body[type] as { id?: string; link?: string; caption?: string } | undefined;
        if (!media?.id && !media?.link)
          throw new FakeGraphError(400, 100, `(#100) Param ${type}[id] is required`);
        if (media.id && !this.media.has(media.id)) {
          throw new FakeGraphError(400, 131053, '(#131053) Media upload error', 'Unknown media id');
        }
        mediaId = media.id ?? null;
        text = media.caption ?? null;
      } else {
        throw new FakeGraphError(400, 100, `(#100) Unsupported message type ${type}`);
      }
    }
    const wamid = this.wamid();
    this.sent.push({
      wamid,
      phone_number_id: phoneNumberId,
      to,
      type,
      text,
      template,
      media_id: mediaId,
      at: new Date(this.now()).toISOString(),
      status: 'accepted',
      body,
    });
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id: wamid }],
    };
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
      data: business.templates.map((t) => ({
        id: t.id,
        name: t.name,
        language: t.language,
        status: t.status,
        category: t.category,
        components: [{ type: 'BODY', text: t.body }],
      })),
      paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
    };
  }

  /** Clears what tests leave behind: sent messages, windows and media (businesses stay). */
  reset() {
    this.sent = [];
    this.lastInbound.clear();
    this.media.clear();
  }
}
