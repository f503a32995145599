import { chatMessageEvent } from '@posada/contracts/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { MailService } from '../mail/mail.service.ts';
import { type NotificationsService, type OperatorWhatsApp, translatorFor } from './notifications.service.ts';

/** Jobs of a notification's delivery to the operator (docs/messaging.md, Notifications). */
export const notificationEmailJob = 'notifications.email';
export const notificationWhatsAppJob = 'notifications.whatsapp';

/** The socket event that tells the account's bells to reload (a notification was written). */
export const notificationCreatedEvent = 'notification-created';

/** A chat's new messages collapse into its unread notification for this long. */
const COLLAPSE_MS = 24 * 3_600_000;

export interface Realtime {
  emitToUser(userId: string, event: string, payload: unknown): void;
  emitToAccount(accountId: string, event: string, payload: unknown): void;
}

export interface NotificationDeliveryDeps {
  service: NotificationsService;
  jobs: Jobs;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  operatorWhatsApp: OperatorWhatsApp | null;
  logger: FastifyBaseLogger;
  appUrl: string;
  realtime: () => Realtime;
}

interface JobData {
  notification_id: string;
}

/** The preference of a notification's property for its kind (no row, or no property: e-mail on, WhatsApp off). */
async function preferenceOf(
  deps: NotificationDeliveryDeps,
  n: { accountId: string; propertyId: string | null; kind: string },
) {
  if (!n.propertyId) return { email: true, whatsapp: false };
  const rows = await deps.service.internal.repo.preferences(n.accountId, n.propertyId);
  const row = rows.find((r) => r.kind === n.kind);
  return { email: row?.email ?? true, whatsapp: row?.whatsapp ?? false };
}

/** E-mail: one message to each operator of the account, through the mail module's outbox. */
export async function deliverByEmail(
  deps: NotificationDeliveryDeps,
  notificationId: string,
): Promise<number> {
  const { repo } = deps.service.internal;
  const n = await repo.byId(notificationId);
  if (!n || !(await preferenceOf(deps, n)).email) return 0;
  const link = `${deps.appUrl.replace(/\/+$/, '')}/business/notificaciones`;
  const operators = await repo.operators(n.accountId);
  for (const op of operators) {
    const t = translatorFor(op.locale);
    await deps.mail.send({
      to: op.email,
      subject: n.title,
      text: [n.title, n.body, t('notifications.email.footer', { link })].filter(Boolean).join('\n\n'),
    });
  }
  return operators.length;
}

/**
 * WhatsApp: to each operator's own phone from the platform's shared number, only when it is configured,
 * the plan has messaging and the operator has a phone; otherwise nothing is sent (and nothing claims it was).
 * Each notice is a delivery record (kind operator_notice): the pipeline retries what the provider refused
 * for a while and records what it refused for good; the job does not send it again.
 */
export async function deliverByWhatsApp(
  deps: NotificationDeliveryDeps,
  notificationId: string,
  done = new Set<string>(),
) {
  const { repo, whatsappBlock } = deps.service.internal;
  const n = await repo.byId(notificationId);
  if (!n || !deps.operatorWhatsApp || !(await preferenceOf(deps, n)).whatsapp) return 0;
  let sent = 0;
  for (const op of await repo.operators(n.accountId)) {
    if (done.has(op.id)) continue;
    const { block, phone } = await whatsappBlock(op.id);
    if (block || !phone) {
      deps.logger.info({ notification: n.id, user: op.id, block }, 'notifications: WhatsApp not sent');
      continue;
    }
    const underway = await deps.operatorWhatsApp.send(
      phone,
      { title: n.title, body: n.body },
      { accountId: n.accountId, propertyId: n.propertyId, name: op.name ?? '' },
    );
    done.add(op.id);
    if (underway) sent++;
  }
  return sent;
}

/**
 * inbox.message_received → a 'message' notification ("Nuevo mensaje de {guest}") and the spec 7 toast
 * chat-message-{userId} to every operator. Further messages of the same chat while its notification is
 * unread (and under a day old) update that notification instead of adding one, so a conversation rings
 * the bell, e-mails and WhatsApps the operator once.
 */
export async function notifyInboundMessage(
  deps: NotificationDeliveryDeps,
  accountId: string,
  payload: { thread_id: string; message_id: string },
) {
  const { repo } = deps.service.internal;
  const operators = await repo.operators(accountId);
  const thread = await repo.thread(accountId, payload.thread_id);
  const t = translatorFor(operators[0]?.locale ?? 'es');
  const guestOf = (tr: typeof t) =>
    thread?.guestName?.trim() ||
    (thread?.phone ? `+${thread.phone}` : null) ||
    thread?.email ||
    tr('notifications.message.guest');
  const title = t('notifications.message.title', { guest: guestOf(t) });
  const body = thread?.preview ?? '';
  const now = deps.clock.now();
  const open = await repo.unreadMessageOf(
    accountId,
    payload.thread_id,
    new Date(now.getTime() - COLLAPSE_MS),
  );
  if (open) {
    await repo.touchMessage(open.id, { title, body, createdAt: now });
    deps.realtime().emitToAccount(accountId, notificationCreatedEvent, { notification_id: open.id });
  } else {
    await deps.service.create({
      accountId,
      propertyId: thread?.propertyId ?? null,
      kind: 'message',
      title,
      body,
      relationId: thread ? payload.thread_id : null,
    });
  }
  for (const op of operators) {
    const ot = translatorFor(op.locale);
    deps.realtime().emitToUser(op.id, chatMessageEvent(op.id), {
      title: ot('notifications.message.title', { guest: guestOf(ot) }),
      mensaje: body,
    });
  }
}

export function registerNotificationHandlers(deps: NotificationDeliveryDeps, bus: EventBus) {
  bus.on('notification.created', 'notifications.deliver', async (event) => {
    const data: JobData = { notification_id: event.payload.notification_id };
    const key = event.payload.notification_id;
    await deps.jobs.send(notificationEmailJob, data, { singletonKey: key, retryLimit: 3, retryDelay: 30 });
    if (deps.operatorWhatsApp)
      await deps.jobs.send(notificationWhatsAppJob, data, {
        singletonKey: key,
        retryLimit: 4,
        retryDelay: 30,
        retryBackoff: true,
      });
  });
  bus.on('notification.created', 'realtime.notifications', (event) =>
    deps.realtime().emitToAccount(event.accountId, notificationCreatedEvent, {
      notification_id: event.payload.notification_id,
      kind: event.payload.kind,
    }),
  );
  bus.on('inbox.message_received', 'notifications.message', (event) =>
    notifyInboundMessage(deps, event.accountId, event.payload),
  );
}

export async function registerNotificationJobs(deps: NotificationDeliveryDeps) {
  await deps.jobs.work<JobData>(notificationEmailJob, async (data) => {
    await deliverByEmail(deps, data.notification_id);
  });
  // The operators a retried job already reached (per process; a restart may send one again: at least once).
  const reached = new Map<string, Set<string>>();
  await deps.jobs.work<JobData>(notificationWhatsAppJob, async (data, job) => {
    const done = reached.get(data.notification_id) ?? new Set<string>();
    reached.set(data.notification_id, done);
    try {
      await deliverByWhatsApp(deps, data.notification_id, done);
      reached.delete(data.notification_id);
    } catch (err) {
      deps.logger.warn(
        { err, notification: data.notification_id, attempt: job.attempt },
        'notifications: WhatsApp failed',
      );
      if (job.isLastAttempt) reached.delete(data.notification_id);
      throw err;
    }
  });
}
