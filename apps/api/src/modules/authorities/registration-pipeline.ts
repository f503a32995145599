import type { RegistrationKind, RegistrationState } from '../../db/schema/authorities.ts';
import { withoutEvents } from '../../events/bus.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import { createAuthoritiesRepo, type NewRegistration, type RegistrationRow } from './authorities.repo.ts';
import { AWAITING_UPLOAD, type PipelineDeps, pollJob, sendJob, sweepJob } from './pipeline-shared.ts';
import type { AuthoritySetup, RegistrationContext } from './registration-context.ts';
import {
  dueAtOf,
  idempotencyKey,
  nextNightlySlot,
  OVERDUE_WARNING_MS,
  pathOf,
  referenceOf,
} from './registration-rules.ts';
import { createRegistrationSender } from './registration-sender.ts';

export { AWAITING_UPLOAD, type PipelineDeps, pollJob, sendJob, sweepJob };

/** One guarded state change with its attempt row. */
export interface Change {
  row: RegistrationRow;
  from: readonly RegistrationState[];
  patch: Partial<NewRegistration>;
  attempt?: { operation: string; outcome: string; detail?: string | null };
}

/**
 * The submission pipeline (issue 14, docs/police-registration.md "The pipeline"): registrations are created
 * on the domain events, claimed by the send job (a guarded state change, `for update skip locked`), sent in
 * batches per property and kind, polled until settled, cancelled with B, corrected with a new version.
 * Every state change is one transaction with its attempt row, its bell notification and the
 * `registration.changed` event.
 */ export function createRegistrationPipeline(deps: PipelineDeps, ctx: RegistrationContext) {
  const { db, clock, logger } = deps;
  const events = deps.events ?? withoutEvents;
  const repo = ctx.repo;
  /**
   * A one-off run of a job, now or shortly (a poll after its interval). Later runs (retries after their
   * backoff, the nightly batch) are left to the recurring chains, which find every due row.
   */
  async function queue(name: string, at: Date | null, key: string) {
    if (!deps.jobs) return;
    const delay = at ? Math.max(0, at.getTime() - clock.now().getTime()) : 0;
    if (delay > Math.max(deps.pollIntervalMs, 5_000)) return;
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
   * Several state changes in one transaction (a batch's answer): each guarded by its `from`; null for a
   * row another worker moved first. See `change`.
   */
  async function changeAll(items: Change[]): Promise<(RegistrationRow | null)[]> {
    if (items.length === 0) return [];
    return events.transaction(db, async (tx, emit) => {
      const txRepo = createAuthoritiesRepo({ db: tx });
      const now = clock.now();
      const out: (RegistrationRow | null)[] = [];
      for (const { row, from, patch, attempt } of items) {
        const next = await txRepo.transition(row.id, from, { ...patch, updatedAt: now });
        out.push(next);
        if (!next) continue;
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
        if (next.state === row.state) continue;
        const awaitingUpload = next.errors.some((e) => e.code === AWAITING_UPLOAD);
        if ((next.state === 'rejected' || next.state === 'needs_action') && !awaitingUpload) {
          const detail = next.errors[0]?.message ?? next.lastError ?? '';
          // On the transaction: a read on the module's connection would wait on it (PGlite).
          const stored = await txRepo.accountLocale(next.accountId);
          const locale = (locales as readonly string[]).includes(stored) ? (stored as Locale) : 'es';
          await deps.notifications.create(
            {
              accountId: next.accountId,
              propertyId: next.propertyId,
              kind: 'registration',
              title: translate(locale, `authorities.notification.${next.state}`),
              body: `${next.kind} ${next.reference}: ${detail}`.slice(0, 500),
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
      return out;
    });
  }

  /**
   * One state change with its trace: guarded by `from` (null when another worker moved it first), the
   * attempt row, a notification when it needs the operator, registration.changed when the state changed.
   */
  async function change(
    row: RegistrationRow,
    from: readonly RegistrationState[],
    patch: Partial<NewRegistration>,
    attempt?: Change['attempt'],
  ): Promise<RegistrationRow | null> {
    const [next] = await changeAll([{ row, from, patch, ...(attempt ? { attempt } : {}) }]);
    return next ?? null;
  }

  /** A new version of a check-in's PV or a booking's RH; the existing row when that version exists. */ async function create(
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
      /** PV: the travellers the stay expects; fewer registered holds it in waiting_guests. */
      expectedGuests?: number;
    },
  ): Promise<RegistrationRow | null> {
    const now = clock.now();
    const nightly = setup.authority.sendMode === 'nightly';
    const notBefore = nightly ? nextNightlySlot(now, setup.property.timeZone) : null;
    const expectedGuests = at.expectedGuests ?? at.guestCount;
    const waiting = kind === 'PV' && at.guestCount < expectedGuests;
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
        state: waiting ? 'waiting_guests' : 'queued',
        dueAt: dueAtOf(kind, {
          arrivalDate: at.arrivalDate,
          checkinTime: setup.property.checkinTime,
          timeZone: setup.property.timeZone,
          completedAt: at.completedAt,
          bookedAt: at.bookedAt,
        }),
        notBefore,
        nextAttemptAt: waiting ? null : (notBefore ?? now),
        guestCount: at.guestCount,
        expectedGuests,
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
    if (!waiting) await queue(sendJob, notBefore, notBefore ? notBefore.toISOString() : 'now');
    return created;
  }

  /** The check-in's registered travellers and the count its stay expects. */
  async function travellersOf(checkinId: string, expectedGuests: number) {
    const registered = (await repo.guests(checkinId)).length;
    return { registered, expected: Math.max(expectedGuests, 1) };
  }

  /**
   * A held PV goes out (queued) once every expected traveller registered, or when the operator confirmed
   * sending it short (`confirmedShort`, recorded on the row and in its trail). Null when it was not held.
   */
  async function release(row: RegistrationRow, confirmedShort: boolean): Promise<RegistrationRow | null> {
    if (row.state !== 'waiting_guests' || !row.checkinId) return null;
    const checkin = await repo.checkin(row.accountId, row.checkinId);
    if (!checkin) return null;
    const { registered, expected } = await travellersOf(checkin.id, checkin.expectedGuests);
    if (registered < expected && !confirmedShort) {
      if (registered === row.guestCount && expected === row.expectedGuests) return null;
      return change(row, ['waiting_guests'], { guestCount: registered, expectedGuests: expected });
    }
    const setup = await ctx.setupOf(row.accountId, row.propertyId);
    const notBefore =
      setup?.authority.sendMode === 'nightly' && !confirmedShort
        ? nextNightlySlot(clock.now(), setup.property.timeZone)
        : null;
    const short = registered < expected;
    const next = await change(
      row,
      ['waiting_guests'],
      {
        state: 'queued',
        guestCount: registered,
        expectedGuests: expected,
        sentIncomplete: short,
        notBefore,
        nextAttemptAt: notBefore ?? clock.now(),
      },
      short
        ? { operation: 'confirm', outcome: 'ok', detail: `${registered}/${expected}` }
        : { operation: 'travellers', outcome: 'ok', detail: `${registered}/${expected}` },
    );
    if (next) await queue(sendJob, notBefore, notBefore ? notBefore.toISOString() : 'now');
    return next;
  }

  /** checkin.guests_changed: a late traveller registered (or the expected count changed). */
  async function guestsChanged(accountId: string, checkinId: string): Promise<void> {
    const [latest] = await repo.versions(accountId, 'PV', checkinId);
    if (latest) await release(latest, false);
    else await registerCheckin(accountId, checkinId);
  }

  /** The sweep's safety net: held PVs whose travellers are all in now (an event lost, a count lowered). */
  async function releaseComplete(): Promise<number> {
    let released = 0;
    for (const row of await repo.waitingForGuests()) {
      const next = await release(row, false);
      if (next?.state === 'queued') released++;
    }
    return released;
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
    const { registered, expected } = await travellersOf(checkinId, checkin.expectedGuests);
    return create(accountId, 'PV', checkinId, setup, 1, {
      arrivalDate: checkin.startDate,
      completedAt: checkin.completedAt,
      bookedAt: booking?.createdAt ?? checkin.createdAt,
      checkinId,
      bookingId: checkin.bookingId,
      guestCount: registered,
      expectedGuests: expected,
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
      // Out with the authority: it settles first, then the sweep cancels it (cancelLate).
      return;
    }
    if (row.state === 'accepted' && reason !== 'correction') {
      // No cancellation service (Ertzaintza, Mossos): the record stays what the authority holds.
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

  /** The sweep: a booking cancelled while its registration was out is cancelled once that was accepted. */
  async function cancelLate(): Promise<number> {
    const rows = await repo.acceptedOfCancelledBookings();
    for (const { registration } of rows) await withdraw(registration, 'booking cancelled');
    return rows.length;
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
      // No expected count: a correction goes out with the travellers there are (the first version went).
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

  /** A transport failure: transient → back to queued with backoff; bad credentials → needs_action; else rejected. */ const sender =
    createRegistrationSender(deps, ctx, { change, changeAll, queue });
  const { sendDue, pollDue } = sender;

  async function warnOverdue(): Promise<number> {
    const now = clock.now();
    const rows = await repo.overdueToWarn(new Date(now.getTime() + OVERDUE_WARNING_MS));
    for (const row of rows) {
      const locale = await ctx.localeOf(row.accountId);
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
            title: translate(locale, 'authorities.notification.overdue'),
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
    release,
    guestsChanged,
    releaseComplete,
    cancelBooking,
    correct,
    bookingChanged,
    sendDue,
    pollDue,
    warnOverdue,
    cancelLate,
    queue,
  };
}

export type RegistrationPipeline = ReturnType<typeof createRegistrationPipeline>;
