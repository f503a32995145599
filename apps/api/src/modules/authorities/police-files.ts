import type { PoliceFilesList, PoliceFileView } from '@posada/contracts/authorities';
import { todayIn } from '@posada/domain/zoned-time';
import type { PoliceCommunication } from '../../adapters/police/types.ts';
import type { Db } from '../../db/client.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import { translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { authoritiesErrors } from './authorities.errors.ts';
import { createAuthoritiesRepo } from './authorities.repo.ts';
import type { RegistrationContext } from './registration-context.ts';
import type { RegistrationPipeline } from './registration-pipeline.ts';
import { toFileView } from './registration-views.ts';

const DAY = 24 * 3_600_000;

/**
 * Mossos d'Esquadra (issue 14): no web service. The registrations waiting for the upload go into the
 * property's day file (V24, ISO-8859-1, sequence 001–999 per property), the operator downloads it, uploads
 * it at the Mossos portal and marks it uploaded with the portal's receipt number: the registrations are
 * then accepted with that receipt as the proof. Until then a daily reminder.
 */
export function createPoliceFiles(
  deps: {
    db: Db;
    clock: Clock;
    events?: EventProducer;
    notifications: Pick<NotificationsService, 'create'>;
  },
  ctx: RegistrationContext,
  pipeline: RegistrationPipeline,
) {
  const { repo } = ctx;
  const events = deps.events ?? withoutEvents;

  async function ownFile(tenant: Tenant, id: string) {
    const file = await repo.file(tenant.accountId, id);
    if (!file) throw authoritiesErrors.fileNotFound();
    return file;
  }

  return {
    assertFile: async (tenant: Tenant, id: string) => {
      await ownFile(tenant, id);
    },

    async list(tenant: Tenant, opts: { propertyId?: string; pending?: boolean }): Promise<PoliceFilesList> {
      if (opts.propertyId && !(await repo.property(tenant.accountId, opts.propertyId))) {
        throw authoritiesErrors.propertyNotFound();
      }
      const rows = await repo.files(tenant.accountId, opts);
      return { items: rows.map((r) => toFileView(r.file, r.propertyName)) };
    },

    /** Builds the day's file from every registration waiting for the upload; 409 when none waits. */
    async generate(tenant: Tenant, propertyId: string, day?: string): Promise<PoliceFileView> {
      const property = await repo.property(tenant.accountId, propertyId);
      if (!property) throw authoritiesErrors.propertyNotFound();
      const setup = await ctx.setupOf(tenant.accountId, propertyId);
      if (!setup) throw authoritiesErrors.notConfigured();
      if (setup.authority.entity !== 'mossos' || !ctx.mossos) throw authoritiesErrors.notMossos();
      const waiting = await repo.awaitingFile(propertyId);
      if (waiting.length === 0) throw authoritiesErrors.nothingToFile();
      const entries: {
        row: (typeof waiting)[number];
        kind: 'PV' | 'RH';
        communication: PoliceCommunication;
      }[] = [];
      for (const row of waiting) {
        const communication = await ctx.communicationOf(row, setup);
        if (communication) entries.push({ row, kind: row.kind, communication });
      }
      if (entries.length === 0) throw authoritiesErrors.nothingToFile();
      const now = deps.clock.now();
      const last = await repo.lastFile(propertyId);
      const sequence = last ? (last.sequence % 999) + 1 : 1;
      const fileDay = day ?? todayIn(property.timeZone, now);
      const built = ctx.mossos.build(
        ctx.establishmentOf(setup),
        entries.map((e) => ({ kind: e.kind, communication: e.communication })),
        { day: fileDay, sequence, now, timeZone: property.timeZone },
      );
      const content =
        typeof built.content === 'string' ? Buffer.from(built.content, 'latin1') : Buffer.from(built.content);
      const file = await events.transaction(deps.db, async (tx) => {
        const txRepo = createAuthoritiesRepo({ db: tx });
        const inserted = await txRepo.insertFile({
          accountId: tenant.accountId,
          propertyId,
          day: fileDay,
          sequence,
          fileName: built.fileName,
          content,
          registrationCount: entries.length,
          createdAt: now,
        });
        for (const { row } of entries) {
          await txRepo.update(row.id, { policeFileId: inserted.id, updatedAt: now });
          await txRepo.addAttempt({
            registrationId: row.id,
            accountId: row.accountId,
            operation: 'file',
            outcome: 'pending',
            detail: built.fileName,
            createdAt: now,
          });
        }
        return inserted;
      });
      return toFileView(file, property.nombre);
    },

    /** The file's bytes (ISO-8859-1) and its name for Content-Disposition. */
    async download(tenant: Tenant, id: string): Promise<{ fileName: string; content: Buffer }> {
      const file = await ownFile(tenant, id);
      return { fileName: file.fileName, content: Buffer.from(file.content) };
    },

    /** The operator uploaded it at the portal: its registrations are accepted with the receipt as proof. */
    async markUploaded(tenant: Tenant, id: string, receiptNumber: string): Promise<PoliceFileView> {
      const file = await ownFile(tenant, id);
      if (file.uploadedAt) throw authoritiesErrors.alreadyUploaded();
      const now = deps.clock.now();
      const updated = await repo.updateFile(file.id, { uploadedAt: now, receiptNumber });
      for (const row of await repo.ofFile(file.id)) {
        if (row.state !== 'needs_action') continue;
        await pipeline.change(
          row,
          ['needs_action'],
          { state: 'accepted', receiptNumber, errors: [], settledAt: now, sentAt: now, nextAttemptAt: null },
          { operation: 'upload', outcome: 'ok', detail: `${file.fileName} · ${receiptNumber}` },
        );
      }
      const property = await repo.property(tenant.accountId, file.propertyId);
      return toFileView(updated ?? file, property?.nombre ?? '');
    },

    /** Daily reminder for every file not marked uploaded (the sweep). */
    async remind(): Promise<number> {
      const now = deps.clock.now();
      const due = await repo.filesToRemind(new Date(now.getTime() - DAY));
      for (const file of due) {
        const locale = await ctx.localeOf(file.accountId);
        await events.transaction(deps.db, async (tx) => {
          await createAuthoritiesRepo({ db: tx }).updateFile(file.id, { lastReminderAt: now });
          await deps.notifications.create(
            {
              accountId: file.accountId,
              propertyId: file.propertyId,
              kind: 'registration',
              title: translate(locale, 'authorities.notification.upload_reminder'),
              body: file.fileName,
              relationId: null,
            },
            tx,
          );
        });
      }
      return due.length;
    },
  };
}
