import { codeWindow, deliveryNotBefore, MAX_CODE_ATTEMPTS, retryDelayMs } from '@posada/domain/door-codes';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { CodeWindow, LockSession, LockVendor, LockVendorClient } from '../../adapters/locks/types.ts';
import type { AccessCodeState } from '../../db/schema/smart-locks.ts';
import { translate } from '../../i18n/messages.ts';
import type { AccessCodeRow, LockAccountRow, SmartLocksRepo } from './smart-locks.repo.ts';
import { ACCESS_CODE_PURPOSE, type SmartLocksDeps } from './smart-locks.service.ts';

/** States where the code is (or is about to be) on the lock. */
const LIVE: AccessCodeState[] = ['requested', 'active', 'update_requested'];
/** Bookings in these states have no stay to open the door for. */
const DEAD_BOOKING = new Set(['cancelled', 'blocked']);
/** How long one run holds a code (a crash mid-call frees it after this). */
const LEASE_MS = 5 * 60_000;
/** Nuki creates asynchronously: look again after this, at most CONFIRM_POLLS times. */
const CONFIRM_DELAY_MS = 15_000;
const CONFIRM_POLLS = 20;

type Deps = Pick<SmartLocksDeps, 'clock' | 'secrets' | 'notifications'> & {
  repo: SmartLocksRepo;
  sessionOf: (row: LockAccountRow) => LockSession;
  vendorOf: (vendor: LockVendor) => LockVendorClient;
};

export type AccessCodes = ReturnType<typeof createAccessCodes>;
type StayRef = { accountId: string; checkinId: string };

/**
 * The dynamic door codes of each stay (docs/smart-locks.md): a row per stay and lock, created at the
 * delivery time, moved when the stay moves, removed after departure or on cancellation. The vendor work
 * runs in `processDue` (the smart-locks.codes job), with retries and backoff; a code given up shows
 * failed with its last error and rings the operator's bell. Ownership is the row's own ids, never names.
 */
export function createAccessCodes(deps: Deps) {
  const { repo, clock, secrets } = deps;

  const openCode = (row: AccessCodeRow): string | null =>
    row.codeSealed ? secrets.open(row.codeSealed, ACCESS_CODE_PURPOSE, row.id) : null;

  const sameWindow = (row: AccessCodeRow, w: { from: Date; until: Date }) =>
    row.validFrom.getTime() === w.from.getTime() && row.validUntil.getTime() === w.until.getTime();

  /** Stops a code: one never sent to the lock is simply revoked; one on the lock is removed by the job. */
  async function revoke(row: AccessCodeRow): Promise<void> {
    const onLock = row.remoteCodeId !== null || row.codeSealed !== null;
    await repo.updateCode(row.id, {
      state: onLock ? 'revoke_requested' : 'revoked',
      attempts: 0,
      nextAttemptAt: null,
      notBefore: null,
      lastError: null,
      updatedAt: clock.now(),
    });
  }

  /**
   * Brings a booking's codes in line with the booking as it is now (idempotent: the booking events, the
   * check-in completion and the settings all call it).
   */
  async function syncBooking(accountId: string, bookingId: string): Promise<void> {
    const booking = await repo.findBooking(accountId, bookingId);
    const existing = (await repo.codesOfBooking(accountId, bookingId)).filter((c) => LIVE.includes(c.state));
    const property = booking ? await repo.findProperty(accountId, booking.propertyId) : null;
    const dynamic =
      booking &&
      property &&
      !DEAD_BOOKING.has(booking.status) &&
      property.smartLock &&
      property.smartLockKeyType === 'dynamic';
    if (!dynamic || !booking || !property) {
      for (const row of existing) await revoke(row);
      return;
    }
    const assignments = (await repo.listAssignments(accountId, property.id)).map((a) => a.assignment);
    const roomLocks = assignments.filter((a) => a.roomId && booking.roomIds.includes(a.roomId));
    const targets = roomLocks.length > 0 ? roomLocks : assignments.filter((a) => a.roomId === null);
    const window = codeWindow({
      startDate: booking.startDate,
      endDate: booking.endDate,
      checkinTime: property.checkinTime,
      checkoutTime: property.checkoutTime,
      timeZone: property.timeZone,
    });
    const checkin = await repo.checkinOfBooking(accountId, bookingId);
    // checkin_completed: the code is made when the guest finishes, not before.
    const waitForCheckin =
      property.smartLockDeliveryTime === 'checkin_completed' && checkin?.status !== 'complete';
    const notBefore = deliveryNotBefore(property.smartLockDeliveryTime, booking.startDate, property.timeZone);
    const now = clock.now();

    for (const row of existing) {
      const target = targets.find(
        (t) => t.id === row.lockAssignmentId && t.remoteLockId === row.remoteLockId,
      );
      if (!target) {
        await revoke(row);
        continue;
      }
      // Sent but not yet confirmed (Nuki): the vendor holds its first window; re-synced once confirmed.
      if (row.codeSealed !== null && row.remoteCodeId === null) continue;
      if (sameWindow(row, window) && row.checkinId === (checkin?.id ?? row.checkinId)) continue;
      const onLock = row.remoteCodeId !== null;
      await repo.updateCode(row.id, {
        validFrom: window.from,
        validUntil: window.until,
        checkinId: checkin?.id ?? row.checkinId,
        notBefore: row.state === 'active' ? null : notBefore,
        ...(sameWindow(row, window)
          ? {}
          : { state: onLock ? 'update_requested' : 'requested', attempts: 0, nextAttemptAt: null }),
        updatedAt: now,
      });
    }
    if (waitForCheckin || window.until <= now) return;
    for (const target of targets) {
      if (existing.some((r) => r.lockAssignmentId === target.id && r.remoteLockId === target.remoteLockId))
        continue;
      const account = await repo.findAccountById(target.lockAccountId);
      if (!account) continue;
      await repo.insertCode({
        accountId,
        propertyId: property.id,
        bookingId: booking.id,
        checkinId: checkin?.id ?? null,
        lockAssignmentId: target.id,
        vendor: account.vendor,
        remoteLockId: target.remoteLockId,
        validFrom: window.from,
        validUntil: window.until,
        state: 'requested',
        notBefore,
        createdAt: now,
        updatedAt: now,
      });
    }
  }

  /** One vendor call for one code; answers the patch to store. */
  async function step(row: AccessCodeRow, account: LockAccountRow): Promise<Partial<AccessCodeRow>> {
    const client = deps.vendorOf(account.vendor);
    const session = deps.sessionOf(account);
    const property = await repo.findProperty(row.accountId, row.propertyId);
    const booking = row.bookingId ? await repo.findBooking(row.accountId, row.bookingId) : null;
    const window: CodeWindow = {
      name: `Posada ${booking?.code ?? row.id.slice(0, 8)}`,
      from: row.validFrom,
      until: row.validUntil,
      timeZone: property?.timeZone ?? 'Europe/Madrid',
    };
    const code = openCode(row);
    const now = clock.now();

    if (row.state === 'revoke_requested') {
      let remoteId = row.remoteCodeId;
      // Sent but never confirmed (Nuki): find it on the lock first, so no orphan code stays there.
      if (!remoteId && code) {
        const created = { remoteId: null, code, from: row.validFrom, until: row.validUntil };
        remoteId = await client.confirmCode(session, row.remoteLockId, created, window);
        if (!remoteId && row.attempts + 1 < CONFIRM_POLLS)
          return { attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + CONFIRM_DELAY_MS) };
      }
      if (!remoteId) return { state: 'revoked', lastError: null };
      const gone = await client.deleteCode(session, row.remoteLockId, remoteId, code ?? undefined);
      return {
        state: gone === 'deleted' ? 'revoked' : 'expired',
        remoteCodeId: remoteId,
        lastError: null,
        reconciledAt: now,
      };
    }
    if (row.state === 'update_requested' && row.remoteCodeId && code) {
      const moved = await client.updateCode(session, row.remoteLockId, row.remoteCodeId, code, window);
      return {
        // igloohome and TTLock without a gateway answer a new code for the new window.
        ...(moved.code !== code ? { codeSealed: secrets.seal(moved.code, ACCESS_CODE_PURPOSE, row.id) } : {}),
        state: 'active',
        remoteCodeId: moved.remoteId ?? row.remoteCodeId,
        validFrom: moved.from,
        validUntil: moved.until,
        lastError: null,
        reconciledAt: now,
      };
    }
    if (row.validUntil <= now) return { state: 'expired', lastError: null };
    // Created but not yet confirmed (Nuki): look for it on the lock.
    if (code && !row.remoteCodeId) {
      const created = { remoteId: null, code, from: row.validFrom, until: row.validUntil };
      const remoteId = await client.confirmCode(session, row.remoteLockId, created, window);
      if (remoteId) return { state: 'active', remoteCodeId: remoteId, lastError: null, reconciledAt: now };
      if (row.attempts + 1 >= CONFIRM_POLLS) throw new Error(`${account.vendor}.not_confirmed`);
      return { attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + CONFIRM_DELAY_MS) };
    }
    const inUse = (await repo.liveCodesOnLock(row.accountId, row.remoteLockId))
      .filter((c) => c.id !== row.id && c.codeSealed)
      .map((c) => secrets.open(c.codeSealed as string, ACCESS_CODE_PURPOSE, c.id));
    const created = await client.createCode(session, row.remoteLockId, { ...window, inUse });
    return {
      codeSealed: secrets.seal(created.code, ACCESS_CODE_PURPOSE, row.id),
      remoteCodeId: created.remoteId,
      validFrom: created.from,
      validUntil: created.until,
      state: created.remoteId ? 'active' : 'requested',
      attempts: 0,
      nextAttemptAt: created.remoteId ? null : new Date(now.getTime() + CONFIRM_DELAY_MS),
      lastError: null,
      reconciledAt: created.remoteId ? now : null,
    };
  }

  /** A failed call: retried with backoff, then given up (failed) with the operator told on the bell. */
  async function failed(row: AccessCodeRow, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const message = err instanceof AdapterError ? err.message : String((err as Error)?.message ?? err);
    const now = clock.now();
    if (attempts < MAX_CODE_ATTEMPTS) {
      await repo.updateCode(row.id, {
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        updatedAt: now,
      });
      return;
    }
    await repo.updateCode(row.id, {
      state: 'failed',
      attempts,
      lastError: message.slice(0, 500),
      nextAttemptAt: null,
      updatedAt: now,
    });
    const booking = row.bookingId ? await repo.findBooking(row.accountId, row.bookingId) : null;
    await deps.notifications.create({
      accountId: row.accountId,
      propertyId: row.propertyId,
      kind: 'checkin',
      title: translate('es', 'smart_locks.notice.failed_title', { booking: booking?.code ?? '' }),
      body: message.slice(0, 200),
      relationId: row.checkinId ?? row.bookingId,
    });
  }

  return {
    syncBooking,
    openCode,

    /**
     * The smart-locks.codes job: stays that ended lose their code, due vendor work runs. Answers the
     * check-ins whose code just became active (the release rule looks at them again), and those whose code
     * the vendor replaced when the stay moved (a guest who already has it gets the new one).
     */
    async processDue(): Promise<{ activated: StayRef[]; replaced: StayRef[] }> {
      const now = clock.now();
      for (const row of await repo.pastCodes(now)) await revoke(row);
      const activated: StayRef[] = [];
      const replaced: StayRef[] = [];
      for (const due of await repo.dueCodes(now)) {
        const row = await repo.claimCode(due.id, now, new Date(now.getTime() + LEASE_MS));
        if (!row) continue;
        const account = await repo.findAccountByVendor(row.accountId, row.vendor);
        if (!account) {
          await failed(
            { ...row, attempts: MAX_CODE_ATTEMPTS },
            new Error('smart_locks.account_disconnected'),
          );
          continue;
        }
        try {
          const patch = await step(row, account);
          await repo.updateCode(row.id, {
            nextAttemptAt: null,
            ...(patch.state && patch.state !== row.state ? { attempts: 0 } : {}),
            ...patch,
            updatedAt: clock.now(),
          });
          if (patch.state === 'active' && row.state !== 'active') {
            // The stay may have moved while the vendor was confirming: bring the code in line now.
            if (row.bookingId) await syncBooking(row.accountId, row.bookingId);
            if (row.checkinId) activated.push({ accountId: row.accountId, checkinId: row.checkinId });
          }
          if (row.state === 'update_requested' && patch.codeSealed && row.checkinId)
            replaced.push({ accountId: row.accountId, checkinId: row.checkinId });
        } catch (err) {
          await failed(row, err);
        }
      }
      return { activated, replaced };
    },
  };
}
