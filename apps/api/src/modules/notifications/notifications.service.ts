import type { NotificationItem } from '@posada/contracts/checkins';
import type { Db } from '../../db/client.ts';
import { type NotificationKind, notificationTypeOf } from '../../db/schema/notifications.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { notificationsErrors } from './notifications.errors.ts';
import { createNotificationsRepo } from './notifications.repo.ts';

export interface NewNotification {
  accountId: string;
  propertyId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The booking, check-in or reminder it is about. */
  relationId: string | null;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The bell (spec 3 Notification, spec 4): the only writer of the notifications table. Other modules add
 * a notification through `create`, passing their transaction so it commits with their change.
 */
export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const repo = createNotificationsRepo({ db: deps.db });
  return {
    /** Writes a notification on `on` (a transaction) or the module's database; answers its id. */
    create: (n: NewNotification, on?: Db): Promise<string> =>
      (on ? createNotificationsRepo({ db: on }) : repo).insert({
        accountId: n.accountId,
        propertyId: n.propertyId,
        type: notificationTypeOf[n.kind],
        kind: n.kind,
        title: n.title,
        body: n.body,
        relationId: n.relationId,
        createdAt: deps.clock.now(),
      }),

    /** POST /api/notificatios/list: the account's newest notifications first (unread: read_at null). */
    async list(tenant: Tenant, limit = 100): Promise<NotificationItem[]> {
      const rows = await repo.list(tenant.accountId, limit);
      return rows.map((n) => ({
        id: n.id,
        type: n.type,
        kind: n.kind,
        title: n.title,
        body: n.body,
        created_at: n.createdAt.toISOString(),
        read_at: n.readAt?.toISOString() ?? null,
        relation_id: n.relationId,
      }));
    },

    async markRead(tenant: Tenant, id: string): Promise<{ id: string; read_at: string }> {
      const row = isUuid(id) ? await repo.find(tenant.accountId, id) : null;
      if (!row) throw notificationsErrors.notFound();
      const readAt = row.readAt ?? deps.clock.now();
      await repo.setRead(tenant.accountId, id, readAt);
      return { id, read_at: readAt.toISOString() };
    },
  };
}
