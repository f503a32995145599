import type { AccessCodeWaiting, CheckinAccessCode, GuestAccessCode } from '@posada/contracts/smart-locks';
import { maskCode } from '@posada/domain/door-codes';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccessCodes } from './access-codes.ts';
import { smartLocksErrors as errors } from './smart-locks.errors.ts';
import type { AccessCodeRow, SmartLocksRepo, StayCheckinRow } from './smart-locks.repo.ts';
import type { SmartLocksDeps } from './smart-locks.service.ts';

/** The police registration of a check-in, as the authorities module answers it. */
export type RegistrationGate = (checkinId: string) => Promise<'accepted' | 'pending' | 'not_required'>;

interface CodeState {
  released: boolean;
  waiting: AccessCodeWaiting | null;
  code: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  row: AccessCodeRow | null;
  registration: Awaited<ReturnType<RegistrationGate>>;
  keyType: 'static' | 'dynamic';
  enabled: boolean;
  requiresRegistration: boolean;
  propertyName: string;
  timeZone: string;
}

type Deps = Pick<SmartLocksDeps, 'clock' | 'registrationGate' | 'checkinRecords' | 'sendCode'> & {
  repo: SmartLocksRepo;
  codes: AccessCodes;
};

export type CodeRelease = ReturnType<typeof createCodeRelease>;

/**
 * Releasing the door code (issue 14 item 5): the guest sees it only when the check-in is complete and,
 * where the property asks for it (the default), the police registration is accepted (or no authority
 * applies). The operator can always release it by hand with a reason, which is logged. The first time a
 * code is released the check-in's keys read delivered and the guest gets it in a message.
 */
export function createCodeRelease(deps: Deps) {
  const { repo, codes } = deps;

  async function stateOf(checkin: StayCheckinRow): Promise<CodeState> {
    const property = await repo.findProperty(checkin.accountId, checkin.propertyId);
    const registration = await deps.registrationGate(checkin.id);
    const manual = (await repo.releasesOf(checkin.accountId, checkin.id)).length > 0;
    const base = {
      registration,
      keyType: property?.smartLockKeyType ?? 'static',
      enabled: Boolean(property?.smartLock),
      requiresRegistration: property?.smartLockRequiresRegistration ?? true,
      propertyName: property?.nombre ?? '',
      timeZone: property?.timeZone ?? 'Europe/Madrid',
    } as const;
    const none = { code: null, validFrom: null, validUntil: null, row: null };
    if (!property?.smartLock) return { ...base, ...none, released: false, waiting: 'not_configured' };

    let code: Omit<CodeState, keyof typeof base | 'released' | 'waiting'> = none;
    let missing: AccessCodeWaiting | null = null;
    if (property.smartLockKeyType === 'static') {
      if (property.smartLockMasterCode) code = { ...none, code: property.smartLockMasterCode };
      else missing = 'not_configured';
    } else {
      const rows = await repo.codesOfCheckin(checkin.accountId, checkin.id, checkin.bookingId);
      const live = rows.find((r) => r.state === 'active' || r.state === 'update_requested');
      const pending = rows.find((r) => r.state === 'requested' || r.state === 'failed');
      const row = live ?? pending ?? rows.at(-1) ?? null;
      if (live) {
        code = {
          code: codes.openCode(live),
          validFrom: live.validFrom,
          validUntil: live.validUntil,
          row: live,
        };
      } else {
        code = { ...none, row };
        missing =
          row || (await repo.hasAssignment(checkin.accountId, property.id))
            ? 'delivery_time'
            : 'not_configured';
      }
    }
    const gateOpen = manual || !property.smartLockRequiresRegistration || registration !== 'pending';
    const complete = checkin.status === 'complete';
    const released = (manual || (complete && gateOpen)) && code.code !== null;
    const waiting = released ? null : !gateOpen ? 'registration' : (missing ?? 'delivery_time');
    return { ...base, ...code, released, waiting };
  }

  /**
   * Looks at a check-in again (completion, registration change, a code made, a manual release): once
   * released, keys read delivered and the guest gets the code, once (the keys flag is the claim).
   */
  async function evaluate(accountId: string, checkinId: string): Promise<void> {
    const checkin = await repo.findCheckin(accountId, checkinId);
    if (!checkin) return;
    const state = await stateOf(checkin);
    if (!state.released || !state.code) return;
    if (!(await deps.checkinRecords.claimKeysDelivered(checkin.id))) return;
    await deps.sendCode({
      checkin,
      propertyName: state.propertyName,
      timeZone: state.timeZone,
      code: state.code,
      validFrom: state.validFrom,
      validUntil: state.validUntil,
    });
  }

  /** The vendor replaced a code the guest already has (the stay moved): the guest gets the new one. */
  async function resend(accountId: string, checkinId: string): Promise<void> {
    const checkin = await repo.findCheckin(accountId, checkinId);
    if (!checkin?.keysDelivered) return;
    const state = await stateOf(checkin);
    if (!state.released || !state.code) return;
    await deps.sendCode({
      checkin,
      propertyName: state.propertyName,
      timeZone: state.timeZone,
      code: state.code,
      validFrom: state.validFrom,
      validUntil: state.validUntil,
    });
  }

  async function ownedCheckin(tenant: Tenant, id: string): Promise<StayCheckinRow> {
    const row = isUuid(id) ? await repo.findCheckin(tenant.accountId, id) : null;
    if (!row) throw errors.checkinNotFound();
    return row;
  }

  async function operatorView(tenant: Tenant, checkinId: string): Promise<CheckinAccessCode> {
    const checkin = await ownedCheckin(tenant, checkinId);
    const s = await stateOf(checkin);
    const assignment = s.row?.lockAssignmentId
      ? (await repo.listAssignments(tenant.accountId, checkin.propertyId)).find(
          (a) => a.assignment.id === s.row?.lockAssignmentId,
        )
      : undefined;
    return {
      key_type: s.keyType,
      enabled: s.enabled,
      released: s.released,
      waiting: s.waiting,
      code: s.code === null ? null : s.released ? s.code : maskCode(s.code),
      state: s.row?.state ?? null,
      last_error: s.row?.lastError ?? null,
      valid_from: (s.validFrom ?? s.row?.validFrom)?.toISOString() ?? null,
      valid_until: (s.validUntil ?? s.row?.validUntil)?.toISOString() ?? null,
      not_before: s.row?.notBefore?.toISOString() ?? null,
      vendor: s.row?.vendor ?? null,
      lock_name: assignment?.assignment.lockName ?? null,
      registration: s.registration,
      requires_registration: s.requiresRegistration,
      releases: (await repo.releasesOf(tenant.accountId, checkin.id)).map((r) => ({
        id: r.id,
        reason: r.reason,
        user_name: r.userName,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    evaluate,
    resend,
    operatorView,

    /** The guest's view (done step, services page): the code once released, else why not yet. */
    async guestView(accountId: string, checkinId: string): Promise<GuestAccessCode> {
      const checkin = await repo.findCheckin(accountId, checkinId);
      if (!checkin) return { waiting: 'not_configured' };
      const s = await stateOf(checkin);
      if (s.released && s.code)
        return {
          code: s.code,
          valid_from: s.validFrom?.toISOString() ?? null,
          valid_until: s.validUntil?.toISOString() ?? null,
        };
      return { waiting: s.waiting ?? 'delivery_time' };
    },

    /** POST /api/checkins/{id}/access-code/release: by hand, with a reason that is logged. */
    async releaseByHand(tenant: Tenant, checkinId: string, reason: string): Promise<CheckinAccessCode> {
      const checkin = await ownedCheckin(tenant, checkinId);
      await repo.insertRelease({
        accountId: tenant.accountId,
        checkinId: checkin.id,
        userId: tenant.userId,
        reason,
        createdAt: deps.clock.now(),
      });
      await evaluate(tenant.accountId, checkin.id);
      return operatorView(tenant, checkin.id);
    },
  };
}
