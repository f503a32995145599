import { randomUUID } from 'node:crypto';
import type {
  AssignLockBody,
  ConnectLockAccountBody,
  LockAccount,
  PropertyLocks,
  RemoteLockItem,
} from '@posada/contracts/smart-locks';
import { featureAvailable } from '@posada/domain/feature-gates';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type {
  LockCredentials,
  LockSession,
  LockVendor,
  LockVendorClient,
} from '../../adapters/locks/types.ts';
import type { Db } from '../../db/client.ts';
import { accessCodes, lockAccounts } from '../../db/schema/smart-locks.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { SealedColumn } from '../../lib/reseal-secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CheckinRecords } from '../checkins/checkin-records.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createAccessCodes } from './access-codes.ts';
import { createCodeRelease, type RegistrationGate } from './code-release.ts';
import { smartLocksErrors as errors } from './smart-locks.errors.ts';
import { kickCodes } from './smart-locks.jobs.ts';
import { createSmartLocksRepo, type LockAccountRow } from './smart-locks.repo.ts';

/** What the secret box seals a vendor account's credentials for (bound to the lock_accounts row id). */
export const LOCK_CREDENTIALS_PURPOSE = 'smart_locks.credentials';
/** What the secret box seals a door code for (bound to the access_codes row id). */
export const ACCESS_CODE_PURPOSE = 'smart_locks.code';

export type LockVendors = Partial<Record<LockVendor, LockVendorClient | null>>;

export interface GuestMessage {
  checkin: {
    id: string;
    accountId: string;
    propertyId: string;
    bookingId: string | null;
    name: string;
    email: string;
    phone: string;
    language: string;
  };
  propertyName: string;
  timeZone: string;
  code: string;
  validFrom: Date | null;
  validUntil: Date | null;
}

export interface SmartLocksDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  vendors: LockVendors;
  accounts: Pick<AccountsService, 'getUser'>;
  notifications: Pick<NotificationsService, 'create'>;
  /** The check-in rows (checkins owns them): keys delivered follows the release. */
  checkinRecords: Pick<CheckinRecords, 'claimKeysDelivered'>;
  /** The police registration of a check-in (authorities). */
  registrationGate: RegistrationGate;
  /** Sends the guest the released code (e-mail, WhatsApp or SMS as the check-in link goes). */
  sendCode: (message: GuestMessage) => Promise<boolean>;
  /** The queue: a booking change queues a run of the door-code job at once. */
  jobs?: Jobs;
}

export type SmartLocksService = ReturnType<typeof createSmartLocksService>;

const toAccount = (row: LockAccountRow): LockAccount => ({
  id: row.id,
  vendor: row.vendor,
  label: row.label,
  status: row.status,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
});

/**
 * Smart locks (issue 14, docs/smart-locks.md): vendor accounts, the lock of each property or hotel room,
 * the door codes of each stay (access-codes.ts) and the rule that releases them to the guest
 * (code-release.ts). Every query is scoped to the caller's account: another account's ids are 404.
 */
export function createSmartLocksService(deps: SmartLocksDeps) {
  const { db, clock, secrets } = deps;
  const repo = createSmartLocksRepo({ db });

  const vendorOf = (vendor: LockVendor): LockVendorClient => {
    const client = deps.vendors[vendor];
    if (!client) throw errors.vendorUnavailable();
    return client;
  };

  /** The session an adapter calls with: the opened credentials, and where refreshed tokens go. */
  function sessionOf(row: LockAccountRow): LockSession {
    return {
      credentials: JSON.parse(secrets.open(row.credentialsSealed, LOCK_CREDENTIALS_PURPOSE, row.id)),
      onCredentialsChanged: async (next: LockCredentials) => {
        await repo.updateAccount(row.id, {
          credentialsSealed: secrets.seal(JSON.stringify(next), LOCK_CREDENTIALS_PURPOSE, row.id),
          updatedAt: clock.now(),
        });
      },
    };
  }

  async function assertFeature(tenant: Tenant): Promise<void> {
    const user = await deps.accounts.getUser(tenant.userId);
    const holder = {
      plan: user.plan,
      status_subscription: user.status_subscription,
      servicios: user.servicios,
    };
    if (!featureAvailable(holder, 'smart_locks')) throw errors.featureUnavailable();
  }

  async function ownedProperty(tenant: Tenant, id: string) {
    const row = isUuid(id) ? await repo.findProperty(tenant.accountId, id) : null;
    if (!row) throw errors.propertyNotFound();
    return row;
  }

  async function ownedAccount(tenant: Tenant, id: string) {
    const row = isUuid(id) ? await repo.findAccount(tenant.accountId, id) : null;
    if (!row) throw errors.notFound();
    return row;
  }

  /** A refused vendor call marks the account in error, so the page says "reconnect". */
  async function vendorCall<T>(row: LockAccountRow, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AdapterError) {
        await repo.updateAccount(row.id, {
          status: err.kind === 'unauthorized' ? 'error' : row.status,
          lastError: err.code,
          updatedAt: clock.now(),
        });
        throw err.kind === 'unauthorized' ? errors.connectRefused() : errors.vendorFailed();
      }
      throw err;
    }
  }

  const codes = createAccessCodes({ ...deps, repo, sessionOf, vendorOf });
  const release = createCodeRelease({ ...deps, repo, codes });

  const kick = async () => {
    if (deps.jobs) await kickCodes(deps.jobs);
  };

  return {
    codes,
    release,

    /** booking.created / changed / cancelled: its codes follow the stay. */
    async bookingChanged(accountId: string, bookingId: string): Promise<void> {
      await codes.syncBooking(accountId, bookingId);
      await kick();
    },

    /** checkin.completed (and the registration changing): the code may be made, and may be released. */
    async checkinChanged(accountId: string, checkinId: string, bookingId: string | null): Promise<void> {
      if (bookingId) {
        await codes.syncBooking(accountId, bookingId);
        await kick();
      }
      await release.evaluate(accountId, checkinId);
    },

    /** The smart-locks.codes job: due vendor work, then the release of codes that just became active. */
    async processDue(): Promise<number> {
      const { activated, replaced } = await codes.processDue();
      for (const a of activated) await release.evaluate(a.accountId, a.checkinId);
      for (const r of replaced) await release.resend(r.accountId, r.checkinId);
      return activated.length + replaced.length;
    },

    /** The settings changed (key type, lock): every upcoming booking of the property follows. */
    async propertyChanged(accountId: string, propertyId: string): Promise<void> {
      for (const id of await repo.upcomingBookings(accountId, propertyId, clock.now())) {
        await codes.syncBooking(accountId, id);
      }
      await kick();
    },

    /** Whether a property has a lock assigned (the settings refuse dynamic keys without one). */
    hasLock: (accountId: string, propertyId: string) => repo.hasAssignment(accountId, propertyId),

    async listAccounts(tenant: Tenant): Promise<LockAccount[]> {
      return (await repo.listAccounts(tenant.accountId)).map(toAccount);
    },

    /** POST /api/smart-locks/accounts: checks the credentials with the vendor, then stores them sealed. */
    async connect(tenant: Tenant, body: ConnectLockAccountBody): Promise<LockAccount> {
      await assertFeature(tenant);
      const client = vendorOf(body.vendor);
      const { vendor, ...input } = body;
      let connected: Awaited<ReturnType<LockVendorClient['connect']>>;
      try {
        connected = await client.connect(input as Record<string, string>);
      } catch (err) {
        if (err instanceof AdapterError)
          throw err.kind === 'unauthorized' || err.kind === 'rejected'
            ? errors.connectRefused()
            : errors.vendorFailed();
        throw err;
      }
      const existing = await repo.findAccountByVendor(tenant.accountId, vendor);
      const id = existing?.id ?? randomUUID();
      const now = clock.now();
      const row = await repo.upsertAccount({
        id,
        accountId: tenant.accountId,
        vendor,
        label: connected.label.slice(0, 200),
        credentialsSealed: secrets.seal(JSON.stringify(connected.credentials), LOCK_CREDENTIALS_PURPOSE, id),
        status: 'connected',
        createdAt: now,
        updatedAt: now,
      });
      return toAccount(row);
    },

    /** DELETE /api/smart-locks/accounts/{id}: its lock assignments go with it (cascade). */
    async disconnect(tenant: Tenant, id: string): Promise<{ id: string }> {
      await ownedAccount(tenant, id);
      await repo.deleteAccount(tenant.accountId, id);
      return { id };
    },

    /** GET /api/smart-locks/accounts/{id}/locks: the vendor account's locks, asked live. */
    async listLocks(tenant: Tenant, id: string): Promise<RemoteLockItem[]> {
      const row = await ownedAccount(tenant, id);
      const locks = await vendorCall(row, () => vendorOf(row.vendor).listLocks(sessionOf(row)));
      if (row.status !== 'connected')
        await repo.updateAccount(row.id, { status: 'connected', lastError: null, updatedAt: clock.now() });
      return locks.map((l) => ({ id: l.id, name: l.name, online: l.online }));
    },

    /** GET /api/properties/{id}/smart-locks. */
    async propertyLocks(tenant: Tenant, propertyId: string): Promise<PropertyLocks> {
      const property = await ownedProperty(tenant, propertyId);
      const rows = await repo.listAssignments(tenant.accountId, property.id);
      return {
        assignments: rows.map((r) => ({
          id: r.assignment.id,
          room_id: r.assignment.roomId,
          room_name: r.roomName,
          lock_account_id: r.assignment.lockAccountId,
          vendor: r.vendor,
          remote_lock_id: r.assignment.remoteLockId,
          lock_name: r.assignment.lockName,
        })),
        rooms: await repo.listRooms(tenant.accountId, property.id),
      };
    },

    /** PUT /api/properties/{id}/smart-locks/assignment: the lock must be one the vendor account reaches. */
    async assign(
      tenant: Tenant,
      propertyId: string,
      body: Required<Omit<AssignLockBody, 'room_id'>> & { room_id: string | null },
    ): Promise<PropertyLocks> {
      const property = await ownedProperty(tenant, propertyId);
      await assertFeature(tenant);
      // An id in the body that is not the caller's is a field error, the same as one that exists nowhere.
      const account = isUuid(body.lock_account_id)
        ? await repo.findAccount(tenant.accountId, body.lock_account_id)
        : null;
      if (!account) throw errors.unknownAccount();
      if (body.room_id) {
        const rooms = await repo.listRooms(tenant.accountId, property.id);
        if (!rooms.some((r) => r.id === body.room_id)) throw errors.roomNotFound();
      }
      const locks = await vendorCall(account, () => vendorOf(account.vendor).listLocks(sessionOf(account)));
      const lock = locks.find((l) => l.id === body.remote_lock_id);
      if (!lock) throw errors.unknownLock();
      await repo.replaceAssignment({
        accountId: tenant.accountId,
        propertyId: property.id,
        roomId: body.room_id,
        lockAccountId: account.id,
        remoteLockId: lock.id,
        lockName: body.lock_name || lock.name,
        createdAt: clock.now(),
      });
      await this.propertyChanged(tenant.accountId, property.id);
      return this.propertyLocks(tenant, property.id);
    },

    /** DELETE /api/properties/{id}/smart-locks/assignment[?room_id=]: nothing assigned is already done. */
    async unassign(tenant: Tenant, propertyId: string, roomId: string | null): Promise<PropertyLocks> {
      const property = await ownedProperty(tenant, propertyId);
      if (await repo.deleteAssignment(tenant.accountId, property.id, roomId))
        await this.propertyChanged(tenant.accountId, property.id);
      return this.propertyLocks(tenant, property.id);
    },
  };
}

/** The lock vendors' credentials and the door codes, sealed, for key rotation (lib/reseal-secrets.ts). */
export const smartLocksSealedColumns: SealedColumn[] = [
  {
    label: 'lock_accounts.credentials_sealed',
    table: lockAccounts,
    key: lockAccounts.id,
    value: lockAccounts.credentialsSealed,
    purpose: LOCK_CREDENTIALS_PURPOSE,
  },
  {
    label: 'access_codes.code_sealed',
    table: accessCodes,
    key: accessCodes.id,
    value: accessCodes.codeSealed,
    purpose: ACCESS_CODE_PURPOSE,
  },
];
