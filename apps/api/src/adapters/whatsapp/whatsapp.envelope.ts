import { createHash } from 'node:crypto';

/**
 * Meta's webhook envelope (whatsapp-cloud-api.md §1): `{object, entry: [{id: WABA, changes: [{field, value}]}]}`.
 * Pure: turns one delivery into the items Posada applies, in order. Every message is an item, whatever its
 * type and even without `from` or `id`; nothing is dropped but what is not a WhatsApp change.
 */

export interface InboundMedia {
  id: string;
  mime: string;
  /** Documents carry their file name. */
  fileName: string | null;
}

export interface MessageItem {
  kind: 'message';
  wabaId: string | null;
  phoneNumberId: string;
  /** The receiving number as people write it (`metadata.display_phone_number`), when Meta gives it. */
  displayPhoneNumber: string;
  /**
   * wa_id: E.164 digits without '+'; '' when WhatsApp withholds the phone (a user with a username, since
   * 2026: only `from_user_id` and `contacts[].user_id` are given, whatsapp-cloud-api.md §1.1).
   */
  from: string;
  /** The business-scoped user id (BSUID, `from_user_id`), when given. */
  userId: string | null;
  /** The WhatsApp profile name (or the username), when the change lists the contact. */
  profileName: string;
  /** Meta's wamid; for a message without one, `nowamid:` + the SHA-256 of the message object (stable on replays). */
  wamid: string;
  /**
   * Every type of §1.2 under its own name: text, image, document, audio, video, sticker, location, contacts,
   * interactive (button, list, Flow and call-permission replies), button, reaction, order, system,
   * request_welcome, unsupported; any other type is stored as 'unsupported' with its raw object.
   */
  type: string;
  body: string;
  media: InboundMedia | null;
  sentAt: Date;
  raw: Record<string, unknown>;
}

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusItem {
  kind: 'status';
  phoneNumberId: string;
  wamid: string;
  status: StatusName;
  at: Date;
  error: { code: string; text: string } | null;
  /** `biz_opaque_callback_data`: what we gave Meta when sending (the delivery record's id), echoed back. */
  callbackData: string | null;
  /** `pricing.category` (utility, marketing, service…), when the status carries it. */
  pricing: string | null;
}

/** account_update, message_template_status_update, phone_number_quality_update… for the whatsapp module. */
export interface FieldItem {
  kind: 'field';
  field: string;
  wabaId: string | null;
  value: unknown;
}

export type EnvelopeItem = MessageItem | StatusItem | FieldItem;

const knownMedia = new Set(['image', 'document', 'audio', 'video', 'sticker']);
const statuses = new Set<string>(['sent', 'delivered', 'read', 'failed']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A contact's profile name, else its username (a username user may have no profile name). */
const contactName = (contact: Obj): string =>
  (isObj(contact.profile) ? str(contact.profile.name) : '') || str(contact.username);

/** A unix-seconds string (Meta's `timestamp`) as a date; `fallback` when it is missing or absurd. */
export function dateOfTimestamp(value: unknown, fallback: Date): Date {
  const seconds = Number(str(value));
  return Number.isFinite(seconds) && seconds > 1_000_000_000 && seconds < 10_000_000_000
    ? new Date(seconds * 1000)
    : fallback;
}

/** The title (and description) of a button or list reply; a Flow's body or its answers; a call permission. */
function interactiveBody(part: Obj): string {
  const reply = isObj(part.button_reply)
    ? part.button_reply
    : isObj(part.list_reply)
      ? part.list_reply
      : null;
  if (reply) {
    const title = str(reply.title);
    const description = str(reply.description);
    return description ? `${title} — ${description}` : title;
  }
  if (isObj(part.nfm_reply)) {
    // A WhatsApp Flow's answer: `response_json` is a JSON string of the fields the guest filled in.
    const flow = part.nfm_reply;
    let answers = '';
    try {
      const parsed: unknown = JSON.parse(str(flow.response_json) || 'null');
      if (isObj(parsed))
        answers = Object.entries(parsed)
          .filter(([key, value]) => key !== 'flow_token' && (typeof value !== 'object' || value === null))
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join('\n');
    } catch {
      // Not JSON: the raw object keeps it.
    }
    return [str(flow.body) || str(flow.name), answers].filter(Boolean).join('\n');
  }
  if (isObj(part.call_permission_reply)) return str(part.call_permission_reply.response);
  return '';
}

/** The words a message shows in the inbox and the media it carries. */
export function contentOf(message: Obj): { type: string; body: string; media: InboundMedia | null } {
  const type = str(message.type);
  const part = isObj(message[type]) ? (message[type] as Obj) : {};
  if (type === 'text') return { type, body: str(part.body), media: null };
  if (knownMedia.has(type)) {
    const id = str(part.id);
    const fileName = type === 'document' ? str(part.filename) || null : null;
    return {
      type,
      body: str(part.caption) || (fileName ?? ''),
      media: id ? { id, mime: str(part.mime_type) || 'application/octet-stream', fileName } : null,
    };
  }
  if (type === 'location') {
    const where = [str(part.name), str(part.address)].filter(Boolean).join(', ');
    const at = `${str(part.latitude)}, ${str(part.longitude)}`;
    return { type, body: where ? `${where} (${at})` : at, media: null };
  }
  if (type === 'contacts') {
    const cards = list(message.contacts).filter(isObj);
    const body = cards
      .map((card) => {
        const name = isObj(card.name) ? str(card.name.formatted_name) : '';
        const phones = list(card.phones)
          .filter(isObj)
          .map((p) => str(p.phone))
          .filter(Boolean);
        return [name, ...phones].filter(Boolean).join(' ');
      })
      .join('\n');
    return { type, body, media: null };
  }
  if (type === 'interactive') return { type, body: interactiveBody(part), media: null };
  if (type === 'button') return { type, body: str(part.text) || str(part.payload), media: null };
  // No emoji: the guest removed their reaction.
  if (type === 'reaction') return { type, body: str(part.emoji), media: null };
  if (type === 'order') {
    const items = list(part.product_items)
      .filter(isObj)
      .map((item) => `${str(item.product_retailer_id)} × ${str(item.quantity) || '1'}`);
    return { type, body: [str(part.text), ...items].filter(Boolean).join('\n'), media: null };
  }
  // customer_changed_number, customer_identity_changed, user_changed_user_id: Meta's own sentence.
  if (type === 'system') return { type, body: str(part.body), media: null };
  // The guest opened the chat for the first time; Meta's "unsupported" (polls, view-once media…).
  if (type === 'request_welcome' || type === 'unsupported') return { type, body: '', media: null };
  // A type Meta adds tomorrow: kept, shown as such (the raw object holds it).
  return { type: 'unsupported', body: '', media: null };
}

/** Every message, status and other field of a delivery, in the order Meta listed them. */
export function parseEnvelope(payload: unknown, now: Date): EnvelopeItem[] {
  if (!isObj(payload) || payload.object !== 'whatsapp_business_account') return [];
  const items: EnvelopeItem[] = [];
  for (const entry of list(payload.entry).filter(isObj)) {
    const wabaId = str(entry.id) || null;
    for (const change of list(entry.changes).filter(isObj)) {
      const field = str(change.field);
      const value = isObj(change.value) ? change.value : {};
      if (field !== 'messages') {
        items.push({ kind: 'field', field, wabaId, value: change.value ?? null });
        continue;
      }
      const metadata = isObj(value.metadata) ? value.metadata : {};
      // Without it no account owns the message: it is kept unrouted (an admin assigns it), never dropped.
      const phoneNumberId = str(metadata.phone_number_id);
      const contacts = list(value.contacts).filter(isObj);
      const nameOf = (waId: string) => {
        const contact = (waId ? contacts.find((c) => str(c.wa_id) === waId) : undefined) ?? contacts[0];
        return contact ? contactName(contact) : '';
      };
      for (const message of list(value.messages).filter(isObj)) {
        const userId = str(message.from_user_id) || null;
        // A username user: no `from`; their contact card may still carry the phone (wa_id) Meta mapped.
        const card = userId ? contacts.find((c) => str(c.user_id) === userId) : undefined;
        const from = str(message.from) || (card ? str(card.wa_id) : '');
        const wamid =
          str(message.id) || `nowamid:${createHash('sha256').update(JSON.stringify(message)).digest('hex')}`;
        items.push({
          kind: 'message',
          wabaId,
          phoneNumberId,
          displayPhoneNumber: str(metadata.display_phone_number),
          from,
          userId,
          profileName: from ? nameOf(from) : card ? contactName(card) : nameOf(''),
          wamid,
          ...contentOf(message),
          sentAt: dateOfTimestamp(message.timestamp, now),
          raw: message,
        });
      }
      for (const status of list(value.statuses).filter(isObj)) {
        const name = str(status.status);
        const wamid = str(status.id);
        if (!wamid || !statuses.has(name)) continue;
        const [error] = list(status.errors).filter(isObj);
        const details = error && isObj(error.error_data) ? str(error.error_data.details) : '';
        items.push({
          kind: 'status',
          phoneNumberId,
          wamid,
          status: name as StatusName,
          at: dateOfTimestamp(status.timestamp, now),
          callbackData: str(status.biz_opaque_callback_data) || null,
          pricing: isObj(status.pricing) ? str(status.pricing.category) || null : null,
          error: error
            ? {
                code: str(error.code) || 'failed',
                text: [str(error.title) || str(error.message), details].filter(Boolean).join(': '),
              }
            : null,
        });
      }
    }
  }
  return items;
}
