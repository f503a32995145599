import { AdapterError } from '../../adapters/adapter-error.ts';
import type { CommunicationResult, PoliceCommunication, PoliceService } from '../../adapters/police/types.ts';
import type { RegistrationState } from '../../db/schema/authorities.ts';
import { translate } from '../../i18n/messages.ts';
import type { NewRegistration, RegistrationRow } from './authorities.repo.ts';
import {
  AWAITING_UPLOAD,
  errorOf,
  isDemoAuthority,
  type PipelineDeps,
  pollJob,
  sendJob,
} from './pipeline-shared.ts';
import type { AuthoritySetup, RegistrationContext } from './registration-context.ts';
import type { Change } from './registration-pipeline.ts';
import { asErrors, backoffMs, isTransient, isUnauthorized, pathOf } from './registration-rules.ts';

/** The state changes the sender makes through the pipeline (one transaction each, with their trace). */
export interface StateChanges {
  change: (
    row: RegistrationRow,
    from: readonly RegistrationState[],
    patch: Partial<NewRegistration>,
    attempt?: { operation: string; outcome: string; detail?: string | null },
  ) => Promise<RegistrationRow | null>;
  changeAll: (items: Change[]) => Promise<(RegistrationRow | null)[]>;
  queue: (name: string, at: Date | null, key: string) => Promise<void>;
}

/**
 * The talking half of the pipeline: the send job claims due registrations per property and kind, checks
 * and sends them in batches (Mossos: into the day file), settles synchronous answers, and the poll job
 * queries sent SES batches until they settle; cancellations send B. Transport failures retry with
 * backoff (transient), wait for new credentials (unauthorized) or for the operator (anything else).
 */
export function createRegistrationSender(deps: PipelineDeps, ctx: RegistrationContext, state: StateChanges) {
  const { clock, logger } = deps;
  const { repo } = ctx;
  const { change, changeAll, queue } = state;

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
      } else {
        // Refused, or our credentials were: the operator acts (a cancellation stays one).
        const unauthorized = isUnauthorized(code);
        if (!unauthorized) {
          logger.warn({ err, registration: row.id }, 'authorities: the authority refused the request');
        }
        await change(
          row,
          [from],
          {
            state: from === 'cancelling' ? 'cancelling' : 'needs_action',
            attempts: row.attempts + 1,
            // A cancellation waits a day (for new credentials, say) without hammering the authority.
            nextAttemptAt: from === 'cancelling' ? new Date(now.getTime() + 24 * 3_600_000) : null,
            lastError: code,
            errors: [
              unauthorized
                ? errorOf('authorities.unauthorized')
                : errorOf('authorities.request_refused', detail),
            ],
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
    results: (CommunicationResult | undefined)[],
    batch: string | null,
    operation: string,
    detail: string,
  ) {
    const now = clock.now();
    const batchChanges: Change[] = [];
    const add = (
      row: RegistrationRow,
      from: readonly RegistrationState[],
      patch: Change['patch'],
      attempt: Change['attempt'],
    ) => batchChanges.push({ row, from, patch, attempt });
    for (const [i, row] of rows.entries()) {
      const result = results[i];
      if (result && (result.errors.length === 0 || result.duplicate)) {
        add(
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
        add(
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
    await changeAll(batchChanges);
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
      await changeAll(
        claimed.map((row) => ({
          row,
          from: ['sending'] as const,
          patch: {
            state: 'sent' as const,
            batchCode: answer.batch,
            sentAt: now,
            attempts: row.attempts + 1,
            nextAttemptAt,
            lastError: null,
            errors: [],
          },
          attempt: { operation: 'send', outcome: 'pending', detail: `lote ${answer.batch}` },
        })),
      );
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
        if (!setup || isDemoAuthority(setup.authority)) {
          const code = setup ? 'authorities.demo_credentials' : 'authorities.not_configured';
          for (const row of rows) {
            await change(
              row,
              [row.state],
              { state: 'needs_action', errors: [errorOf(code)], nextAttemptAt: null },
              {
                operation: 'send',
                outcome: 'failed',
                detail: setup ? 'demo login: not sent' : 'no authority settings',
              },
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
      if (!setup || isDemoAuthority(setup.authority)) continue;
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
        await settle(
          indexed.map((x) => x.r),
          'sent',
          indexed.map((x) => x.result),
          batch,
          'poll',
          `${answer.state} ${answer.description}`,
        );
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
  return { sendDue, pollDue };
}
