import type {
  NotificationItem,
  Reminder,
  ReminderBody,
  ReminderRangPayload,
} from '@posada/contracts/checkins';
import { zonedTime } from '@posada/domain/checkin-rules';
import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, notifications, notificationTypeOf } from '../../db/schema/bookings.ts';
import { reminders } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { checkinsErrors } from './checkins.errors.ts';

type ReminderRow = typeof reminders.$inferSelect;

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  /** Told when a reminder rang (the app pushes it to the account's sockets). */
  onRing?: (accountId: string, payload: ReminderRangPayload) => void;
}

export type RemindersService = ReturnType<typeof createRemindersService>;

const toReminder = (r: ReminderRow): Reminder => ({
  id: r.id,
  day: r.day,
  hour: r.hour,
  description: r.description,
  property_id: r.propertyId,
  booking_id: r.bookingId,
  due_at: r.dueAt.toISOString(),
  due: r.rangAt !== null,
  rang_at: r.rangAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

/** The UTC instant of `day` `hour` (HH:MM) in `timeZone`. */
export function reminderDueAt(day: string, hour: string, timeZone: string): Date {
  const [h = 0, m = 0] = hour.split(':').map(Number);
  return new Date(zonedTime(day, h, timeZone).getTime() + m * 60_000);
}

/** spec 3 Reminder (scheduled-checkins/bell) and spec 3 Notification (notificatios/list). */
export function createRemindersService(deps: RemindersDeps) {
  const { db, clock } = deps;

  const owned = async (tenant: Tenant, id: string): Promise<ReminderRow> => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(reminders)
          .where(and(eq(reminders.id, id), eq(reminders.accountId, tenant.accountId)))
          .limit(1)
      : [];
    if (!row) throw checkinsErrors.reminderNotFound();
    return row;
  };

  /** The property it is about (or of its booking, or the account's first): its time zone places the hour. */
  async function placement(tenant: Tenant, body: ReminderBody) {
    let propertyId = body.property_id ?? null;
    const bookingId = body.booking_id ?? null;
    if (bookingId) {
      const [b] = await db
        .select({ propertyId: bookings.propertyId })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, tenant.accountId)))
        .limit(1);
      if (!b) throw checkinsErrors.bookingNotFound();
      propertyId ??= b.propertyId;
    }
    const [p] = await db
      .select({ id: properties.id, timeZone: properties.timeZone })
      .from(properties)
      .where(
        propertyId
          ? and(eq(properties.id, propertyId), eq(properties.accountId, tenant.accountId))
          : eq(properties.accountId, tenant.accountId),
      )
      .orderBy(asc(properties.createdAt))
      .limit(1);
    if (propertyId && !p) throw checkinsErrors.propertyNotFound();
    return {
      propertyId: body.property_id ? propertyId : null,
      bookingId,
      timeZone: p?.timeZone ?? 'Europe/Madrid',
    };
  }

  return {
    assertReminder: async (tenant: Tenant, id: string) => {
      await owned(tenant, id);
    },

    async list(tenant: Tenant): Promise<Reminder[]> {
      const rows = await db
        .select()
        .from(reminders)
        .where(eq(reminders.accountId, tenant.accountId))
        .orderBy(asc(reminders.dueAt));
      return rows.map(toReminder);
    },

    async create(tenant: Tenant, body: ReminderBody): Promise<Reminder> {
      const place = await placement(tenant, body);
      const [row] = await db
        .insert(reminders)
        .values({
          accountId: tenant.accountId,
          propertyId: place.propertyId,
          bookingId: place.bookingId,
          day: body.day,
          hour: body.hour,
          description: body.description,
          dueAt: reminderDueAt(body.day, body.hour, place.timeZone),
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('reminders: not created');
      return toReminder(row);
    },

    /** Editing the day or hour makes it ring again at the new time. */
    async update(tenant: Tenant, id: string, body: ReminderBody): Promise<Reminder> {
      const current = await owned(tenant, id);
      const place = await placement(tenant, body);
      const dueAt = reminderDueAt(body.day, body.hour, place.timeZone);
      const [row] = await db
        .update(reminders)
        .set({
          propertyId: place.propertyId,
          bookingId: place.bookingId,
          day: body.day,
          hour: body.hour,
          description: body.description,
          dueAt,
          rangAt: dueAt.getTime() === current.dueAt.getTime() ? current.rangAt : null,
        })
        .where(and(eq(reminders.id, id), eq(reminders.accountId, tenant.accountId)))
        .returning();
      if (!row) throw checkinsErrors.reminderNotFound();
      return toReminder(row);
    },

    async remove(tenant: Tenant, id: string): Promise<{ id: string }> {
      await owned(tenant, id);
      await db.delete(reminders).where(and(eq(reminders.id, id), eq(reminders.accountId, tenant.accountId)));
      return { id };
    },

    /** The reminders.ring job: each due reminder gets rang_at, a notification and a socket push. */
    async ringDue(limit = 500): Promise<number> {
      const now = clock.now();
      const due = await db
        .select()
        .from(reminders)
        .where(and(lte(reminders.dueAt, now), isNull(reminders.rangAt)))
        .orderBy(asc(reminders.dueAt))
        .limit(limit);
      let rang = 0;
      for (const r of due) {
        const pushed = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(reminders)
            .set({ rangAt: now })
            .where(and(eq(reminders.id, r.id), isNull(reminders.rangAt)))
            .returning({ id: reminders.id });
          if (!claimed) return null;
          // Reminders belong to the check-in bell: notification kind checkin (spec 3 type 4).
          const [n] = await tx
            .insert(notifications)
            .values({
              accountId: r.accountId,
              propertyId: r.propertyId,
              type: notificationTypeOf.checkin,
              kind: 'checkin',
              title: r.description,
              body: `${r.day} ${r.hour}`,
              relationId: r.bookingId ?? r.id,
              createdAt: now,
            })
            .returning({ id: notifications.id });
          return n ?? null;
        });
        if (!pushed) continue;
        rang++;
        deps.onRing?.(r.accountId, {
          reminder_id: r.id,
          notification_id: pushed.id,
          description: r.description,
          day: r.day,
          hour: r.hour,
        });
      }
      return rang;
    },

    /** POST /api/notificatios/list: the account's newest notifications first (unread: read_at null). */
    async notifications(tenant: Tenant, limit = 100): Promise<NotificationItem[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, tenant.accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
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
      const [row] = isUuid(id)
        ? await db
            .select({ readAt: notifications.readAt })
            .from(notifications)
            .where(and(eq(notifications.id, id), eq(notifications.accountId, tenant.accountId)))
            .limit(1)
        : [];
      if (!row) throw checkinsErrors.notificationNotFound();
      const readAt = row.readAt ?? clock.now();
      await db
        .update(notifications)
        .set({ readAt })
        .where(and(eq(notifications.id, id), eq(notifications.accountId, tenant.accountId)));
      return { id, read_at: readAt.toISOString() };
    },
  };
}
