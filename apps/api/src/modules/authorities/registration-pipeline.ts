import type { FastifyBaseLogger } from 'fastify';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { CommunicationResult, PoliceCommunication, PoliceService } from '../../adapters/police/types.ts';
import type { Db } from '../../db/client.ts';
import type { RegistrationError, RegistrationKind, RegistrationState } from '../../db/schema/authorities.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import { translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createAuthoritiesRepo, type NewRegistration, type RegistrationRow } from './authorities.repo.ts';
import type { AuthoritySetup, RegistrationContext } from './registration-context.ts';
import {
  asErrors,
  backoffMs,
  dueAtOf,
  idempotencyKey,
  isTransient,
  isUnauthorized,
  nextNightlySlot,
  OVERDUE_WARNING_MS,
  pathOf,
  referenceOf,
} from './registration-rules.ts';

export const sendJob = 'authorities.send';
export const pollJob = 'authorities.poll';
export const sweepJob = 'authorities.sweep';

/** The error the operator sees for the awaited Mossos upload (a needs_action that is not a fault). */
export const AWAITING_UPLOAD = 'authorities.awaiting_upload';

export interface PipelineDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  events?: EventProducer;
  jobs?: Jobs;
  notifications: Pick<NotificationsService, 'create'>;
  /** How long after a batch went out it is queried (SES_POLL_INTERVAL_SECONDS). */
  pollIntervalMs: number;
}

const errorOf = (
  code: string,
  message?: string,
  extra: Partial<RegistrationError> = {},
): RegistrationError => ({
  code,
  message: message ?? translate('es', code),
  ...extra,
});

/**
 * The submission pipeline (issue 14, docs/police-registration.md "The pipeline"): registrations are created
 * on the domain events, claimed by the send job (a guarded state change, `for update skip locked`), sent in
 * batches per property and kind, polled until settled, cancelled with B, corrected with a new version.
 * Every state change is one transaction with its attempt row, its bell notification and the
 * `registration.changed` event.
 */
export function createRegistrationPipeline(deps: PipelineDeps, ctx: RegistrationContext) {
  const { db, clock, logger } = deps;
  const events = deps.events ?? withoutEvents;
  const repo = ctx.repo;

  async function queue(name: string, at: Date | null, key: string) {
    if (!deps.jobs) return;
    const delay = at ? Math.max(0, at.getTime() - clock.now().getTime()) : 0;
    try {
      await deps.jobs.send(
        name,
        {},
        { singletonKey: `${name}:${key}`, startAfter: new Date(Date.now() + delay), retryLimit: 1 },
      );
    } catch (err) {
      // The recurring sweep picks due rows up anyway.
      logger.warn({ err, job: name }, 'authorities: a job was not queued');
    }
  }

  /**
   * One state change with its trace: guarded by `from` (null when another worker moved it first), the
   * attempt row, a notification when it needs the operator, registration.changed when the state changed.
   */
  async function change(
    row: RegistrationRow,
    from: readonly RegistrationState[],
    patch: Partial<NewRegistration>,
    attempt?: { operation: string; outcome: string; detail?: string | null },
  ): Promise<RegistrationRow | null> {
    return events.transaction(db, async (tx, emit) => {
      const txRepo = createAuthoritiesRepo({ db: tx });
      const now = clock.now();
      const next = await txRepo.transition(row.id, from, { ...patch, updatedAt: now });
      if (!next) return null;
      if (attempt) {
        await txRepo.addAttempt({
          registrationId: row.id,
          accountId: row.accountId,
          operation: attempt.operation,
          outcome: attempt.outcome,
          detail: attempt.detail?.slice(0, 2000) ?? null,
          createdAt: now,
        });
      }
      if (next.state !== row.state) {
        const awaitingUpload = next.errors.some((e) => e.code === AWAITING_UPLOAD);
        if ((next.state === 'rejected' || next.state === 'needs_action') && !awaitingUpload) {
          await deps.notifications.create(
            {
              accountId: next.accountId,
              propertyId: next.propertyId,
              kind: 'registration',
              title: translate('es', `authorities.notification.${next.state}`),
              body: `${next.kind} ${next.reference}: ${next.errors[0]?.message ?? next.lastError ?? ''}`.slice(
                0,
                500,
              ),
              relationId: next.checkinId ?? next.bookingId,
            },
            tx,
          );
        }
        await emit(next.accountId, 'registration.changed', {
          registration_id: next.id,
          checkin_id: next.checkinId,
          booking_id: next.bookingId,
          property_id: next.propertyId,
          state: next.state,
        });
      }
      return next;
    });
  }

  /** A new version of a check-in's PV or a booking's RH; the existing row when that version exists. */
  async function create(
    accountId: string,
    kind: RegistrationKind,
    subjectId: string,
    setup: AuthoritySetup,
    version: number,
    at: {
      arrivalDate: string;
      completedAt: Date | null;
      bookedAt: Date;
      checkinId: string | null;
      bookingId: string | null;
      guestCount: number;
    },
  ): Promise<RegistrationRow | null> {
    const now = clock.now();
    const nightly = setup.authority.sendMode === 'nightly';
    const notBefore = nightly ? nextNightlySlot(now, setup.property.timeZone) : null;
    const key = idempotencyKey(kind, subjectId, version);
    const created = await events.transaction(db, async (tx, emit) => {
      const row = await createAuthoritiesRepo({ db: tx }).insert({
        accountId,
        propertyId: setup.property.id,
        checkinId: at.checkinId,
        bookingId: at.bookingId,
        kind,
        entity: setup.authority.entity,
        reference: referenceOf(kind, subjectId, version),
        version,
        idempotencyKey: key,
        state: 'queued',
        dueAt: dueAtOf(kind, {
          arrivalDate: at.arrivalDate,
          checkinTime: setup.property.checkinTime,
          timeZone: setup.property.timeZone,
          completedAt: at.completedAt,
          bookedAt: at.bookedAt,
        }),
        notBefore,
        nextAttemptAt: notBefore ?? now,
        guestCount: at.guestCount,
        // RD 933/2021: kept three years.
        purgeAfter: `${now.getUTCFullYear() + 3}${now.toISOString().slice(4, 10)}`,
        createdAt: now,
        updatedAt: now,
      });
      if (row) {
        await emit(accountId, 'registration.changed', {
          registration_id: row.id,
          checkin_id: row.checkinId,
          booking_id: row.bookingId,
          property_id: row.propertyId,
          state: row.state,
        });
      }
      return row;
    });
    if (!created)
      return (await repo.versions(accountId, kind, subjectId)).find((r) => r.version === version) ?? null;
    await queue(sendJob, notBefore, notBefore ? notBefore.toISOString() : 'now');
    return created;
  }

  /** checkin.completed: the PV of the check-in (once; nothing when the property has no authority settings). */
  async function registerCheckin(accountId: string, checkinId: string): Promise<RegistrationRow | null> {
    const checkin = await repo.checkin(accountId, checkinId);
    if (checkin?.status !== 'complete') return null;
    const setup = await ctx.setupOf(accountId, checkin.propertyId);
    if (!setup || !(await ctx.gated(accountId))) return null;
    const [latest] = await repo.versions(accountId, 'PV', checkinId);
    if (latest) return latest;
    const booking = checkin.bookingId ? await repo.booking(accountId, checkin.bookingId) : null;
    const guests = await repo.guests(checkinId);
    return create(accountId, 'PV', checkinId, setup, 1, {
      arrivalDate: checkin.startDate,
      completedAt: checkin.completedAt,
      bookedAt: booking?.createdAt ?? checkin.createdAt,
      checkinId,
      bookingId: checkin.bookingId,
      guestCount: guests.length,
    });
  }

  /** booking.created: the RH of the booking (once). */
  async function registerBooking(accountId: string, bookingId: string): Promise<RegistrationRow | null> {
    const booking = await repo.booking(accountId, bookingId);
    if (!booking || booking.status === 'cancelled') return null;
    const setup = await ctx.setupOf(accountId, booking.propertyId);
    if (!setup || !(await ctx.gated(accountId))) return null;
    const [latest] = await repo.versions(accountId, 'RH', bookingId);
    if (latest) return latest;
    return create(accountId, 'RH', bookingId, setup, 1, {
      arrivalDate: booking.startDate,
      completedAt: null,
      bookedAt: booking.createdAt,
      checkinId: null,
      bookingId,
      guestCount: 1,
    });
  }

  /**
   * Withdraws a registration: not sent yet → cancelled at once; accepted with proof codes at an authority
   * that cancels (SES `B`) → cancelling, the send job sends the B. `supersede` ends it as superseded.
   */
  async function withdraw(row: RegistrationRow, reason: string): Promise<void> {
    if (['cancelled', 'superseded', 'cancelling'].includes(row.state)) return;
    const now = clock.now();
    const cancellable =
      row.state === 'accepted' && row.communicationCodes.length > 0 && pathOf(row.entity) === 'ses';
    if (cancellable) {
      await change(
        row,
        ['accepted'],
        { state: 'cancelling', nextAttemptAt: now },
        { operation: 'cancel', outcome: 'pending', detail: reason },
      );
      await queue(sendJob, null, 'now');
      return;
    }
    if (row.state === 'sending' || row.state === 'sent') {
      // Out with the authority: it settles first, then a correction or cancellation can follow.
      return;
    }
    const final: RegistrationState = reason === 'correction' ? 'superseded' : 'cancelled';
    await change(
      row,
      [row.state],
      { state: final, cancelledAt: now, nextAttemptAt: null },
      { operation: 'cancel', outcome: 'ok', detail: reason },
    );
  }

  /** booking.cancelled: cancel every live registration of the booking (SES receives B for the accepted ones). */
  async function cancelBooking(accountId: string, bookingId: string): Promise<void> {
    for (const row of await repo.ofBooking(accountId, bookingId)) await withdraw(row, 'booking cancelled');
  }

  /** A correction: the accepted (or refused) version is withdrawn and version+1 is queued. */
  async function correct(
    accountId: string,
    kind: RegistrationKind,
    subjectId: string,
  ): Promise<RegistrationRow | null> {
    const [latest] = await repo.versions(accountId, kind, subjectId);
    if (!latest)
      return kind === 'PV' ? registerCheckin(accountId, subjectId) : registerBooking(accountId, subjectId);
    if (latest.state === 'queued' || latest.state === 'sending' || latest.state === 'sent') return latest;
    const setup = await ctx.setupOf(accountId, latest.propertyId);
    if (!setup) return null;
    await withdraw(latest, 'correction');
    const checkin = kind === 'PV' ? await repo.checkin(accountId, subjectId) : null;
    const booking = await repo.booking(accountId, (kind === 'RH' ? subjectId : checkin?.bookingId) ?? '');
    if (kind === 'PV' && !checkin) return null;
    if (kind === 'RH' && !booking) return null;
    return create(accountId, kind, subjectId, setup, latest.version + 1, {
      arrivalDate: checkin?.startDate ?? booking?.startDate ?? '',
      completedAt: checkin?.completedAt ?? null,
      bookedAt: booking?.createdAt ?? checkin?.createdAt ?? clock.now(),
      checkinId: checkin?.id ?? null,
      bookingId: booking?.id ?? checkin?.bookingId ?? null,
      guestCount: checkin ? (await repo.guests(checkin.id)).length : 1,
    });
  }

  /** booking.changed (stay): the booking's accepted RH and its check-ins' accepted PV are corrected. */
  async function bookingChanged(accountId: string, bookingId: string): Promise<void> {
    const [rh] = await repo.versions(accountId, 'RH', bookingId);
    if (rh && rh.state === 'accepted') await correct(accountId, 'RH', bookingId);
    for (const c of await repo.checkinsOfBooking(accountId, bookingId)) {
      const [pv] = await repo.versions(accountId, 'PV', c.id);
      if (pv && pv.state === 'accepted') await correct(accountId, 'PV', c.id);
    }
  }

  /** A transport failure: transient → back to queued with backoff; bad credentials → needs_action; else rejected. */
  async function failed(rows: RegistrationRow[], from: RegistrationState, err: unknown, operation: string) {
    const now = clock.now();
    const code = err instanceof AdapterError ? err.code : 'authorities.internal';
    const detail = err instanceof Error ? err.message : String(err);
    for (const row of rows) {
      if (isTransient(code)) {
        const attempts = row.attempts + 1;
        const nextAttemptAt = new Date(now.getTime() + backoffMs(attempts));
        await change(
          row,
          [from],
          {
            state: from === 'cancelling' ? 'cancelling' : 'queued',
            attempts,
            nextAttemptAt,
            lastError: code,
          },
          { operation, outcome: 'failed', detail },
        );
        await queue(sendJob, nextAttemptAt, nextAttemptAt.toISOString());
      } else if (isUnauthorized(code)) {
        await change(
          row,
          [from],
          {
            state: from === 'cancelling' ? 'cancelling' : 'needs_action',
            attempts: row.attempts + 1,
            // A cancellation waits for new credentials without hammering the authority.
            nextAttemptAt: from === 'cancelling' ? new Date(now.getTime() + 24 * 3_600_000) : null,
            lastError: code,
            errors: [errorOf('authorities.unauthorized')],
          },
          { operation, outcome: 'failed', detail },
        );
      } else {
        logger.warn({ err, registration: row.id }, 'authorities: the authority refused the request');
        await change(
          row,
          [from],
          {
            state: from === 'cancelling' ? 'cancelling' : 'needs_action',
            attempts: row.attempts + 1,
            nextAttemptAt: from === 'cancelling' ? new Date(now.getTime() + 24 * 3_600_000) : null,
            lastError: code,
            errors: [errorOf('authorities.request_refused', detail)],
          },
          { operation, outcome: 'failed', detail },
        );
      }
    }
  }

  /** Applies per-communication results (same order as sent): accepted with the proof, or rejected. */
  async function settle(
    rows: RegistrationRow[],
    from: RegistrationState,
    results: CommunicationResult[],
    batch: string | null,
    operation: string,
    detail: string,
  ) {
    const now = clock.now();
    for (const [i, row] of rows.entries()) {
      const result = results[i];
      if (result && (result.errors.length === 0 || result.duplicate)) {
        await change(
          row,
          [from],
          {
            state: 'accepted',
            batchCode: batch ?? row.batchCode,
            communicationCodes: result.communicationCode
              ? [result.communicationCode]
              : row.communicationCodes,
            errors: [],
            settledAt: now,
            nextAttemptAt: null,
          },
          {
            operation,
            outcome: 'ok',
            detail: `${detail}${result.communicationCode ? ` · ${result.communicationCode}` : ''}`,
          },
        );
      } else {
        const errors = asErrors(
          result?.errors ?? [
            { code: 'authorities.no_result', message: translate('es', 'authorities.no_result') },
          ],
        );
        await change(
          row,
          [from],
          {
            state: 'rejected',
            batchCode: batch ?? row.batchCode,
            errors,
            settledAt: now,
            nextAttemptAt: null,
          },
          { operation, outcome: 'rejected', detail: errors.map((e) => e.message).join(' · ') },
        );
      }
    }
  }

  /** Sends one claimed group (state sending) of one property and kind. */
  async function sendClaimed(rows: RegistrationRow[], setup: AuthoritySetup): Promise<void> {
    const establishment = ctx.establishmentOf(setup);
    const path = pathOf(setup.authority.entity);
    const ready: { row: RegistrationRow; communication: PoliceCommunication }[] = [];
    let service: PoliceService | null = null;
    try {
      if (path !== 'mossos') service = ctx.serviceOf(setup);
    } catch (err) {
      await failed(rows, 'sending', err, 'send');
      return;
    }
    for (const row of rows) {
      const communication = await ctx.communicationOf(row, setup);
      if (!communication) {
        await change(
          row,
          ['sending'],
          { state: 'cancelled', cancelledAt: clock.now(), errors: [errorOf('authorities.subject_gone')] },
          { operation: 'send', outcome: 'failed', detail: 'the check-in or booking no longer exists' },
        );
        continue;
      }
      const problems =
        path === 'mossos'
          ? (ctx.mossos?.check(row.kind, establishment, communication) ?? [])
          : (service as PoliceService).check(row.kind, establishment, communication);
      if (problems.length > 0) {
        await change(
          row,
          ['sending'],
          { state: 'needs_action', errors: asErrors(problems), nextAttemptAt: null },
          { operation: 'check', outcome: 'rejected', detail: problems.map((p) => p.message).join(' · ') },
        );
        continue;
      }
      ready.push({ row, communication });
    }
    if (ready.length === 0) return;
    if (path === 'mossos') {
      // No web service: the registration waits in the day's file for the operator's upload.
      for (const { row } of ready) {
        await change(
          row,
          ['sending'],
          { state: 'needs_action', errors: [errorOf(AWAITING_UPLOAD)], nextAttemptAt: null },
          { operation: 'file', outcome: 'pending', detail: 'awaiting the upload at the Mossos portal' },
        );
      }
      return;
    }
    const claimed = ready.map((r) => r.row);
    const kind = claimed[0]?.kind ?? 'PV';
    let answer: Awaited<ReturnType<PoliceService['submit']>>;
    try {
      answer = await (service as PoliceService).submit(
        ctx.credentialsOf(setup.authority),
        establishment,
        kind,
        ready.map((r) => r.communication),
      );
    } catch (err) {
      await failed(claimed, 'sending', err, 'send');
      return;
    }
    const now = clock.now();
    if (answer.status === 'queued') {
      const nextAttemptAt = new Date(now.getTime() + deps.pollIntervalMs);
      for (const row of claimed) {
        await change(
          row,
          ['sending'],
          {
            state: 'sent',
            batchCode: answer.batch,
            sentAt: now,
            attempts: row.attempts + 1,
            nextAttemptAt,
            lastError: null,
            errors: [],
          },
          { operation: 'send', outcome: 'pending', detail: `lote ${answer.batch}` },
        );
      }
      await queue(pollJob, nextAttemptAt, answer.batch);
    } else if (answer.status === 'settled') {
      for (const row of claimed) await repo.update(row.id, { sentAt: now, attempts: row.attempts + 1 });
      await settle(
        claimed,
        'sending',
        answer.results,
        answer.batch,
        'send',
        answer.batch ? `petición ${answer.batch}` : 'settled',
      );
    } else {
      const errors = asErrors(answer.errors);
      for (const row of claimed) {
        await change(
          row,
          ['sending'],
          {
            state: 'rejected',
            errors,
            sentAt: now,
            settledAt: now,
            attempts: row.attempts + 1,
            nextAttemptAt: null,
          },
          { operation: 'send', outcome: 'rejected', detail: errors.map((e) => e.message).join(' · ') },
        );
      }
    }
  }

  /** Sends the B of claimed cancellations (SES) and ends them cancelled or superseded. */
  async function cancelClaimed(rows: RegistrationRow[], setup: AuthoritySetup): Promise<void> {
    let service: PoliceService;
    try {
      service = ctx.serviceOf(setup);
      if (service.cancel) {
        await service.cancel(
          ctx.credentialsOf(setup.authority),
          ctx.establishmentOf(setup),
          rows.flatMap((r) => r.communicationCodes),
        );
      }
    } catch (err) {
      await failed(rows, 'cancelling', err, 'cancel');
      return;
    }
    const now = clock.now();
    for (const row of rows) {
      const subject = row.kind === 'PV' ? row.checkinId : row.bookingId;
      const versions = subject ? await repo.versions(row.accountId, row.kind, subject) : [];
      const superseded = versions.some((v) => v.version > row.version);
      await change(
        row,
        ['cancelling'],
        { state: superseded ? 'superseded' : 'cancelled', cancelledAt: now, nextAttemptAt: null },
        { operation: 'cancel', outcome: 'ok', detail: `B ${row.communicationCodes.join(', ')}` },
      );
    }
  }

  /** The send job: every due group (queued → sending, cancelling), batch by batch. Answers how many moved. */
  async function sendDue(opts: { ids?: string[] } = {}): Promise<number> {
    let moved = 0;
    const now = clock.now();
    const groups = await repo.dueGroups(now, ['queued', 'cancelling']);
    const seen = new Set<string>();
    for (const g of groups) {
      const key = `${g.propertyId}:${g.kind}:${g.state}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const setup = await ctx.setupOf(g.accountId, g.propertyId);
      const max = setup && pathOf(setup.authority.entity) !== 'mossos' ? safeMax(setup) : 500;
      for (;;) {
        const state = g.state as 'queued' | 'cancelling';
        const rows = await repo.claim({
          propertyId: g.propertyId,
          kind: g.kind,
          from: state,
          to: state === 'queued' ? 'sending' : 'cancelling',
          now,
          limit: max,
          ...(opts.ids ? { ids: opts.ids } : {}),
          // A claimed cancellation is not due again while its B is out.
          nextAttemptAt: state === 'cancelling' ? new Date(now.getTime() + 10 * 60_000) : null,
        });
        if (rows.length === 0) break;
        moved += rows.length;
        if (!setup) {
          for (const row of rows) {
            await change(
              row,
              [row.state],
              { state: 'needs_action', errors: [errorOf('authorities.not_configured')], nextAttemptAt: null },
              { operation: 'send', outcome: 'failed', detail: 'no authority settings' },
            );
          }
          continue;
        }
        if (state === 'queued') await sendClaimed(rows, setup);
        else await cancelClaimed(rows, setup);
      }
    }
    return moved;
  }

  function safeMax(setup: AuthoritySetup): number {
    try {
      return ctx.serviceOf(setup).maxPerRequest;
    } catch {
      return 100;
    }
  }

  /** The poll job: every sent batch whose query is due (SES consultaLote). */
  async function pollDue(): Promise<number> {
    let polled = 0;
    const now = clock.now();
    const groups = await repo.dueGroups(now, ['sent']);
    const batches = new Map<string, (typeof groups)[number]>();
    for (const g of groups) if (g.batchCode) batches.set(g.batchCode, g);
    for (const [batch, g] of batches) {
      const setup = await ctx.setupOf(g.accountId, g.propertyId);
      if (!setup) continue;
      const claimed = await repo.claim({
        propertyId: g.propertyId,
        kind: g.kind,
        from: 'sent',
        to: 'sent',
        now,
        limit: 1000,
        batchCode: batch,
        nextAttemptAt: new Date(now.getTime() + deps.pollIntervalMs),
      });
      if (claimed.length === 0) continue;
      polled += claimed.length;
      // The whole batch in the order it went out (results come in that order).
      const rows = await repo.batch(batch);
      const service = ctx.serviceOf(setup);
      if (!service.poll) continue;
      let answer: Awaited<ReturnType<NonNullable<PoliceService['poll']>>>;
      try {
        answer = await service.poll(ctx.credentialsOf(setup.authority), ctx.establishmentOf(setup), batch);
      } catch (err) {
        const code = err instanceof AdapterError ? err.code : 'authorities.internal';
        for (const row of claimed) {
          await repo.addAttempt({
            registrationId: row.id,
            accountId: row.accountId,
            operation: 'poll',
            outcome: 'failed',
            detail: err instanceof Error ? err.message : code,
            createdAt: now,
          });
          if (isUnauthorized(code)) {
            await change(row, ['sent'], {
              state: 'needs_action',
              errors: [errorOf('authorities.unauthorized')],
              lastError: code,
              nextAttemptAt: null,
            });
          } else {
            await repo.update(row.id, {
              lastError: code,
              nextAttemptAt: new Date(now.getTime() + backoffMs(2)),
            });
          }
        }
        continue;
      }
      const live = rows.filter((r) => r.state === 'sent');
      if (answer.status === 'pending') {
        for (const row of live) {
          await repo.addAttempt({
            registrationId: row.id,
            accountId: row.accountId,
            operation: 'poll',
            outcome: 'pending',
            detail: `${answer.state} ${answer.description}`,
            createdAt: now,
          });
        }
        await queue(pollJob, new Date(now.getTime() + deps.pollIntervalMs), `${batch}:${now.getTime()}`);
      } else if (answer.status === 'settled') {
        const indexed = rows
          .map((r, i) => ({ r, result: answer.results[i] }))
          .filter((x) => x.r.state === 'sent');
        for (const { r, result } of indexed) {
          await settle(
            [r],
            'sent',
            result ? [result] : [],
            batch,
            'poll',
            `${answer.state} ${answer.description}`,
          );
        }
      } else {
        const errors = asErrors(answer.errors);
        const state: RegistrationState = answer.state === 3 ? 'needs_action' : 'rejected';
        for (const row of live) {
          await change(
            row,
            ['sent'],
            { state, errors, settledAt: now, nextAttemptAt: null },
            { operation: 'poll', outcome: 'rejected', detail: `${answer.state} ${answer.description}` },
          );
        }
      }
    }
    return polled;
  }

  /** The sweep: a notification for each registration 12 hours before its deadline (once). */
  async function warnOverdue(): Promise<number> {
    const now = clock.now();
    const rows = await repo.overdueToWarn(new Date(now.getTime() + OVERDUE_WARNING_MS));
    for (const row of rows) {
      await events.transaction(db, async (tx) => {
        const claimed = await createAuthoritiesRepo({ db: tx }).transition(row.id, [row.state], {
          overdueNotifiedAt: now,
        });
        if (!claimed || row.overdueNotifiedAt) return;
        await deps.notifications.create(
          {
            accountId: row.accountId,
            propertyId: row.propertyId,
            kind: 'registration',
            title: translate('es', 'authorities.notification.overdue'),
            body: `${row.kind} ${row.reference} · ${row.dueAt.toISOString()}`,
            relationId: row.checkinId ?? row.bookingId,
          },
          tx,
        );
      });
    }
    return rows.length;
  }

  return {
    change,
    create,
    registerCheckin,
    registerBooking,
    cancelBooking,
    correct,
    bookingChanged,
    sendDue,
    pollDue,
    warnOverdue,
    queue,
  };
}

export type RegistrationPipeline = ReturnType<typeof createRegistrationPipeline>;
