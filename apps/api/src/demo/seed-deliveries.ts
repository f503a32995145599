import { createHash } from 'node:crypto';
import type { DeliveryKind } from '@posada/contracts/deliveries';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/accounts.ts';
import { checkins } from '../db/schema/checkins.ts';
import {
  type DeliveryChannel,
  type DeliveryContent,
  type DeliveryStatus,
  messageDeliveries,
} from '../db/schema/deliveries.ts';
import { properties } from '../db/schema/properties.ts';
import type { Clock } from '../lib/clock.ts';

const MINUTE = 60_000;

interface Attempt {
  channel: DeliveryChannel;
  status: DeliveryStatus;
  code?: string;
  detail?: string;
  template?: string;
}

/**
 * The story each of the subscribed demo account's newest stays tells on its reservation panel (issue 26):
 * a template read, a guest not on WhatsApp reached by SMS, a paused template and an e-mail, a door code read,
 * Meta's 131047 after a free text and the template that followed, and one that reached nobody.
 */
const stories: { kind: DeliveryKind; attempts: Attempt[] }[] = [
  { kind: 'checkin_link', attempts: [{ channel: 'whatsapp', status: 'read', template: 'checkin_link' }] },
  {
    kind: 'checkin_link',
    attempts: [
      {
        channel: 'whatsapp',
        status: 'failed',
        code: '131026',
        detail: 'Message Undeliverable.',
        template: 'checkin_link',
      },
      { channel: 'sms', status: 'delivered' },
    ],
  },
  {
    kind: 'checkin_link',
    attempts: [
      { channel: 'whatsapp', status: 'skipped', code: 'no_template' },
      { channel: 'email', status: 'accepted' },
    ],
  },
  { kind: 'door_code', attempts: [{ channel: 'whatsapp', status: 'read', template: 'door_code' }] },
  {
    kind: 'checkin_reminder',
    attempts: [
      {
        channel: 'whatsapp',
        status: 'failed',
        code: '131047',
        detail:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      },
      { channel: 'whatsapp', status: 'delivered', template: 'checkin_reminder' },
    ],
  },
  {
    kind: 'checkin_link',
    attempts: [
      {
        channel: 'whatsapp',
        status: 'failed',
        code: '131026',
        detail: 'Message Undeliverable.',
        template: 'checkin_link',
      },
      { channel: 'sms', status: 'failed', code: '30005', detail: 'Twilio undelivered 30005' },
    ],
  },
];

const providerId = (channel: DeliveryChannel, seed: string) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  if (channel === 'sms') return `SM${hex.slice(0, 32)}`;
  if (channel === 'email') return `<${hex.slice(0, 24)}@posada.local>`;
  return `wamid.HBgLdemo${hex.slice(0, 36)}`;
};

/** Delivery records for the demo's newest check-ins (idempotent: an account that has any keeps them). */
export async function seedDemoDeliveries(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  email: string,
): Promise<void> {
  const now = clock.now().getTime();
  const [owner] = await db
    .select({ accountId: accounts.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  if (!owner) return;
  const [has] = await db
    .select({ n: count() })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.accountId, owner.accountId));
  const fresh = Number(has?.n ?? 0) === 0;
  note(fresh, `delivery records of ${email}'s newest stays`);
  if (!fresh) return;
  const stays = await db
    .select({ checkin: checkins, propertyName: properties.nombre })
    .from(checkins)
    .innerJoin(properties, eq(properties.id, checkins.propertyId))
    .where(and(eq(checkins.accountId, owner.accountId), isNotNull(checkins.bookingId)))
    .orderBy(desc(checkins.startDate))
    .limit(stories.length);
  const rows: (typeof messageDeliveries.$inferInsert)[] = [];
  for (const [i, { checkin: c, propertyName }] of stays.entries()) {
    const story = stories[i];
    if (!story) break;
    // Sent when the check-in's link went, and never in the future (the demo's stays run a year around today).
    const planned = (c.sentAt ?? new Date(`${c.startDate}T08:00:00Z`)).getTime();
    const start = new Date(Math.min(planned, now - (stories.length - i) * 3 * 3_600_000));
    const text = `Hola ${c.name}: completa tu check-in online para ${propertyName}.`;
    const request: DeliveryContent['request'] = {
      text,
      phone: c.phone.replace(/\D/g, '') || null,
      email: c.email || null,
    };
    const messageId = crypto.randomUUID();
    let previousId: string | null = null;
    const ids = story.attempts.map((_, k) => (k === 0 ? messageId : crypto.randomUUID()));
    for (const [k, a] of story.attempts.entries()) {
      const at = new Date(start.getTime() + k * 2 * MINUTE);
      const reached = ['accepted', 'sent', 'delivered', 'read'].includes(a.status);
      const id = ids[k] as string;
      rows.push({
        id,
        accountId: owner.accountId,
        messageId,
        previousId,
        fallbackId: ids[k + 1] ?? null,
        propertyId: c.propertyId,
        bookingId: c.bookingId,
        checkinId: c.id,
        kind: story.kind,
        audience: 'guest',
        channel: a.channel,
        recipient: a.channel === 'email' ? c.email : `+${request.phone ?? ''}`,
        recipientName: c.name,
        language: c.language,
        content: {
          text,
          ...(a.template
            ? {
                template: {
                  name: a.template,
                  language: 'es',
                  category: 'UTILITY',
                  bodyParams: [c.name, propertyName],
                },
              }
            : {}),
          request,
        },
        status: a.status,
        providerId: a.status === 'skipped' ? null : providerId(a.channel, `${c.id}:${k}`),
        errorCode: a.code ?? null,
        errorDetail: a.detail ?? null,
        attempts: a.status === 'skipped' ? 0 : 1,
        createdAt: at,
        updatedAt: new Date(at.getTime() + 3 * MINUTE),
        acceptedAt: reached || (a.status === 'failed' && a.channel !== 'whatsapp') ? at : null,
        deliveredAt: a.status === 'delivered' || a.status === 'read' ? new Date(at.getTime() + MINUTE) : null,
        readAt: a.status === 'read' ? new Date(at.getTime() + 3 * MINUTE) : null,
        failedAt: a.status === 'failed' ? new Date(at.getTime() + MINUTE) : null,
      });
      previousId = id;
    }
  }
  if (rows.length) await db.insert(messageDeliveries).values(rows);
}
