/**
 * Meta's webhook envelope (whatsapp-cloud-api.md §1): `{object, entry: [{id: WABA, changes: [{field, value}]}]}`.
 * Pure: turns one delivery into the items Posada applies, in order. A message of a type we do not render
 * is kept as 'unsupported' with its raw object; nothing is dropped but what is not a WhatsApp change.
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
  /** wa_id: E.164 digits without '+'. */
  from: string;
  /** The WhatsApp profile name, when the change lists the contact. */
  profileName: string;
  wamid: string;
  /** text, image, document, audio, video, sticker, location, contacts, interactive, button, reaction, unsupported */
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

/** A unix-seconds string (Meta's `timestamp`) as a date; `fallback` when it is missing or absurd. */
export function dateOfTimestamp(value: unknown, fallback: Date): Date {
  const seconds = Number(str(value));
  return Number.isFinite(seconds) && seconds > 1_000_000_000 && seconds < 10_000_000_000
    ? new Date(seconds * 1000)
    : fallback;
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
  if (type === 'interactive') {
    const reply = isObj(part.button_reply)
      ? part.button_reply
      : isObj(part.list_reply)
        ? part.list_reply
        : {};
    const title = str((reply as Obj).title);
    const description = str((reply as Obj).description);
    return { type, body: description ? `${title} — ${description}` : title, media: null };
  }
  if (type === 'button') return { type, body: str(part.text) || str(part.payload), media: null };
  if (type === 'reaction') return { type, body: str(part.emoji), media: null };
  // unsupported, order, system, request_welcome, a type Meta adds tomorrow…: kept, shown as such.
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
      const phoneNumberId = str(metadata.phone_number_id);
      if (!phoneNumberId) continue;
      const contacts = list(value.contacts).filter(isObj);
      const nameOf = (waId: string) => {
        const contact = contacts.find((c) => str(c.wa_id) === waId) ?? contacts[0];
        return contact && isObj(contact.profile) ? str(contact.profile.name) : '';
      };
      for (const message of list(value.messages).filter(isObj)) {
        const wamid = str(message.id);
        const from = str(message.from);
        if (!wamid || !from) continue;
        items.push({
          kind: 'message',
          wabaId,
          phoneNumberId,
          from,
          profileName: nameOf(from),
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
