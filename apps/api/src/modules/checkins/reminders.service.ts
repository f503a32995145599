import type { Reminder, ReminderBody } from '@posada/contracts/checkins';
import { zonedTime } from '@posada/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { checkinsErrors } from './checkins.errors.ts';
import { createRemindersRepo, type ReminderRow } from './reminders.repo.ts';

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  /** The bell: a reminder that comes due becomes a notification. */
  notifications: NotificationsService;
  /** reminder.rang is recorded with the notification (the app rings the account's sockets). */
  events?: EventProducer;
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

/** spec 3 Reminder (scheduled-checkins/bell); a reminder that comes due rings the bell (modules/notifications). */
export function createRemindersService(deps: RemindersDeps) {
  const { db, clock } = deps;
  const events = deps.events ?? withoutEvents;
  const repo = createRemindersRepo({ db });

  const owned = async (tenant: Tenant, id: string): Promise<ReminderRow> => {
    const row = await repo.byId(tenant.accountId, id);
    if (!row) throw checkinsErrors.reminderNotFound();
    return row;
  };

  /** The property it is about (or of its booking, or the account's first): its time zone places the hour. */
  async function placement(tenant: Tenant, body: ReminderBody) {
    let propertyId = body.property_id ?? null;
    const bookingId = body.booking_id ?? null;
    if (bookingId) {
      const bookingProperty = await repo.bookingPropertyId(tenant.accountId, bookingId);
      if (!bookingProperty) throw checkinsErrors.bookingNotFound();
      propertyId ??= bookingProperty;
    }
    const p = await repo.propertyZone(tenant.accountId, propertyId);
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
      const rows = await repo.list(tenant.accountId);
      return rows.map(toReminder);
    },

    async create(tenant: Tenant, body: ReminderBody): Promise<Reminder> {
      const place = await placement(tenant, body);
      const row = await repo.insert({
        accountId: tenant.accountId,
        propertyId: place.propertyId,
        bookingId: place.bookingId,
        day: body.day,
        hour: body.hour,
        description: body.description,
        dueAt: reminderDueAt(body.day, body.hour, place.timeZone),
        createdAt: clock.now(),
      });
      if (!row) throw new Error('reminders: not created');
      return toReminder(row);
    },

    /** Editing the day or hour makes it ring again at the new time. */
    async update(tenant: Tenant, id: string, body: ReminderBody): Promise<Reminder> {
      const current = await owned(tenant, id);
      const place = await placement(tenant, body);
      const dueAt = reminderDueAt(body.day, body.hour, place.timeZone);
      const row = await repo.update(tenant.accountId, id, {
        propertyId: place.propertyId,
        bookingId: place.bookingId,
        day: body.day,
        hour: body.hour,
        description: body.description,
        dueAt,
        rangAt: dueAt.getTime() === current.dueAt.getTime() ? current.rangAt : null,
      });
      if (!row) throw checkinsErrors.reminderNotFound();
      return toReminder(row);
    },

    async remove(tenant: Tenant, id: string): Promise<{ id: string }> {
      await owned(tenant, id);
      await repo.remove(tenant.accountId, id);
      return { id };
    },

    /** The reminders.ring job: each due reminder gets rang_at, a notification and a socket push. */
    async ringDue(limit = 500): Promise<number> {
      const now = clock.now();
      const due = await repo.due(now, limit);
      let rang = 0;
      for (const r of due) {
        const rang1 = await events.transaction(db, async (tx, emit) => {
          if (!(await createRemindersRepo({ db: tx }).claimRing(r.id, now))) return false;
          // Reminders belong to the check-in bell: notification kind checkin (spec 3 type 4).
          const notificationId = await deps.notifications.create(
            {
              accountId: r.accountId,
              propertyId: r.propertyId,
              kind: 'checkin',
              title: r.description,
              body: `${r.day} ${r.hour}`,
              relationId: r.bookingId ?? r.id,
            },
            tx,
          );
          await emit(r.accountId, 'reminder.rang', {
            reminder_id: r.id,
            notification_id: notificationId,
            description: r.description,
            day: r.day,
            hour: r.hour,
          });
          return true;
        });
        if (rang1) rang++;
      }
      return rang;
    },
  };
}
