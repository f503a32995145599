import type { NotificationItem } from '@posada/contracts/checkins';
import {
  type ListNotificationsBody,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPreferences,
  notificationKindValues,
  type UpdateNotificationPreferencesBody,
} from '@posada/contracts/notifications';
import { featureAvailable, type PlanHolder } from '@posada/domain/feature-gates';
import type { Db } from '../../db/client.ts';
import { type NotificationKind, notificationTypeOf } from '../../db/schema/notifications.ts';
import type { EventBus } from '../../events/bus.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { notificationsErrors } from './notifications.errors.ts';
import { createNotificationsRepo, type NotificationRow } from './notifications.repo.ts';

export interface NewNotification {
  accountId: string;
  propertyId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The booking, check-in, reminder or inbox thread it is about. */
  relationId: string | null;
}

/** Sends a text to the operator's own phone from the platform's shared WhatsApp number. */
export interface OperatorWhatsApp {
  /** Hands the notice to the delivery pipeline; answers whether a provider took it (or is being asked now). */
  send(
    to: string,
    notice: { title: string; body: string },
    context: { accountId: string; propertyId: string | null; name: string },
  ): Promise<boolean>;
}

/** What the plan gate and the WhatsApp delivery need of an operator (accounts' getUser). */
export type OperatorProfile = PlanHolder & { phone: string | null };

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  /** Without it (a module's own fallback in tests) a notification is written with no delivery event. */
  events?: Pick<EventBus, 'record' | 'transaction'>;
  accounts?: { getUser(userId: string): Promise<OperatorProfile> };
  /** Null when the shared number or its notification template is not configured. */
  operatorWhatsApp?: OperatorWhatsApp | null;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
type Emit = Parameters<Parameters<EventBus['transaction']>[1]>[1];
export type WhatsAppBlock = NotificationPreferences['whatsapp']['blocked_by'];

const toItem = (n: NotificationRow): NotificationItem => ({
  id: n.id,
  type: n.type,
  kind: n.kind,
  title: n.title,
  body: n.body,
  created_at: n.createdAt.toISOString(),
  read_at: n.readAt?.toISOString() ?? null,
  relation_id: n.relationId,
});

/** A translator for an operator's stored locale (es when it is not one of ours). */
export function translatorFor(locale: string) {
  const lang: Locale = (locales as readonly string[]).includes(locale) ? (locale as Locale) : 'es';
  return (key: string, params: Record<string, string | number> = {}) => translate(lang, key, params);
}

/** The last four digits visible: the settings page says where the messages go without showing the number. */
export const maskPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
};

/**
 * The bell (spec 3 Notification, spec 4) and the operator's delivery preferences: the only writer of
 * notifications and notification_preferences. Other modules add a notification through `create`, passing
 * their transaction so it commits with their change; each one records `notification.created`, whose
 * handler queues its delivery by e-mail and WhatsApp (notifications.jobs.ts, docs/messaging.md).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const repo = createNotificationsRepo({ db: deps.db });

  const insertOn = async (on: Db, n: NewNotification, record: (id: string) => Promise<unknown>) => {
    const id = await createNotificationsRepo({ db: on }).insert({
      accountId: n.accountId,
      propertyId: n.propertyId,
      type: notificationTypeOf[n.kind],
      kind: n.kind,
      title: n.title,
      body: n.body,
      relationId: n.relationId,
      createdAt: deps.clock.now(),
    });
    await record(id);
    return id;
  };
  const payloadOf = (id: string, n: NewNotification) => ({
    notification_id: id,
    kind: n.kind,
    property_id: n.propertyId,
  });

  /** Why WhatsApp delivery to this operator cannot be used now, or null when it can. */
  async function whatsappBlock(userId: string): Promise<{ block: WhatsAppBlock; phone: string | null }> {
    const user = deps.accounts ? await deps.accounts.getUser(userId) : null;
    const phone = user?.phone?.trim() || null;
    if (!deps.operatorWhatsApp || !user) return { block: 'not_configured', phone };
    if (!featureAvailable(user, 'messaging')) return { block: 'plan', phone };
    if (!phone) return { block: 'no_phone', phone };
    return { block: null, phone };
  }

  async function ownedProperty(tenant: Tenant, propertyId: string) {
    const property = isUuid(propertyId) ? await repo.property(tenant.accountId, propertyId) : null;
    if (!property) throw notificationsErrors.propertyNotFound();
    return property;
  }

  async function preferencesOf(tenant: Tenant, propertyId: string): Promise<NotificationPreferences> {
    const rows = await repo.preferences(tenant.accountId, propertyId);
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    const { block, phone } = await whatsappBlock(tenant.userId);
    return {
      property_id: propertyId,
      preferences: notificationKindValues.map((kind) => {
        const row = byKind.get(kind);
        return { kind, email: row?.email ?? true, whatsapp: row?.whatsapp ?? false };
      }),
      whatsapp: { available: block === null, blocked_by: block, phone: phone ? maskPhone(phone) : null },
    };
  }

  return {
    /**
     * Writes a notification on `on` (a transaction) or the module's database; answers its id. Pass the
     * transaction's `emit` too when there is one: its delivery then starts right after the commit (without
     * it the event sweep delivers it within a minute).
     */
    create(n: NewNotification, on?: Db, emit?: Emit): Promise<string> {
      const events = deps.events;
      if (!events) return insertOn(on ?? deps.db, n, async () => undefined);
      if (on && emit)
        return insertOn(on, n, (id) => emit(n.accountId, 'notification.created', payloadOf(id, n)));
      if (on)
        return insertOn(on, n, (id) =>
          events.record(on, n.accountId, 'notification.created', payloadOf(id, n)),
        );
      return events.transaction(deps.db, (tx, txEmit) =>
        insertOn(tx, n, (id) => txEmit(n.accountId, 'notification.created', payloadOf(id, n))),
      );
    },

    /**
     * POST /api/notificatios/list: the account's notifications, newest first (unread: read_at null).
     * Without a body, the newest 100 (spec 7); with one, its filters and page.
     */
    async list(tenant: Tenant, body?: ListNotificationsBody): Promise<NotificationItem[]> {
      const paged = body?.page !== undefined || body?.page_size !== undefined;
      const size = paged ? (body?.page_size ?? NOTIFICATIONS_PAGE_SIZE) : 100;
      const rows = await repo.list(tenant.accountId, {
        unread: body?.unread,
        kind: body?.kind,
        limit: size,
        offset: ((body?.page ?? 1) - 1) * size,
      });
      return rows.map(toItem);
    },

    unreadCount: async (tenant: Tenant) => ({ unread: await repo.countUnread(tenant.accountId) }),

    async markRead(tenant: Tenant, id: string): Promise<{ id: string; read_at: string }> {
      const row = isUuid(id) ? await repo.find(tenant.accountId, id) : null;
      if (!row) throw notificationsErrors.notFound();
      const readAt = row.readAt ?? deps.clock.now();
      await repo.setRead(tenant.accountId, id, readAt);
      return { id, read_at: readAt.toISOString() };
    },

    /** POST /api/notifications/read-all: every unread notification of the account is read now. */
    async markAllRead(tenant: Tenant): Promise<{ updated: number; read_at: string }> {
      const now = deps.clock.now();
      const updated = await repo.setAllRead(tenant.accountId, now);
      return { updated, read_at: now.toISOString() };
    },

    /** GET /api/properties/{id}/notification-preferences (no row: e-mail on, WhatsApp off). */
    async preferences(tenant: Tenant, propertyId: string): Promise<NotificationPreferences> {
      await ownedProperty(tenant, propertyId);
      return preferencesOf(tenant, propertyId);
    },

    /** PUT: WhatsApp can be turned on only when it can really be sent (configured, plan, phone). */
    async savePreferences(
      tenant: Tenant,
      propertyId: string,
      body: UpdateNotificationPreferencesBody,
    ): Promise<NotificationPreferences> {
      await ownedProperty(tenant, propertyId);
      const kinds = body.preferences.map((p) => p.kind);
      if (new Set(kinds).size !== kinds.length) throw notificationsErrors.duplicateKind();
      if (body.preferences.some((p) => p.whatsapp)) {
        const { block } = await whatsappBlock(tenant.userId);
        if (block === 'not_configured') throw notificationsErrors.whatsappNotConfigured();
        if (block === 'plan') throw notificationsErrors.featureUnavailable();
        if (block === 'no_phone') throw notificationsErrors.noPhone();
      }
      await repo.savePreferences(tenant.accountId, propertyId, body.preferences, deps.clock.now());
      return preferencesOf(tenant, propertyId);
    },

    /** For the delivery jobs and handlers (notifications.jobs.ts). */
    internal: { repo, whatsappBlock },
  };
}
