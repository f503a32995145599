import { z } from 'zod';
import { text, uuid } from './primitives.ts';

/**
 * Smart locks (issue 14; spec 3 Smart lock): the operator's vendor accounts, the lock of a property or of
 * each hotel room, and the door code of a check-in. Credentials go in and never come back.
 */
export const lockVendors = ['nuki', 'ttlock', 'igloohome'] as const;
export type LockVendorName = (typeof lockVendors)[number];

const secret = (max = 500) => text({ max, normalize: false }).min(1, 'validation.required');
const field = (max = 200) => text({ max, trim: true }).min(1, 'validation.required');

/** What each vendor asks on the connect form (docs/smart-locks.md). */
export const connectLockAccountBody = z.discriminatedUnion('vendor', [
  /** Nuki Web API token (web.nuki.io → Web API). */
  z.object({ vendor: z.literal('nuki'), token: secret() }),
  /** TTLock: the app account's user and password (not the developer account). */
  z.object({ vendor: z.literal('ttlock'), username: field(), password: secret(200) }),
  /** igloohome: the developer portal's client credentials. */
  z.object({ vendor: z.literal('igloohome'), client_id: field(), client_secret: secret() }),
]);
export type ConnectLockAccountBody = z.input<typeof connectLockAccountBody>;

/** The fields of each vendor's form, in order (the web builds the form from them). */
export const lockVendorFields: Record<LockVendorName, { name: string; secret: boolean }[]> = {
  nuki: [{ name: 'token', secret: true }],
  ttlock: [
    { name: 'username', secret: false },
    { name: 'password', secret: true },
  ],
  igloohome: [
    { name: 'client_id', secret: false },
    { name: 'client_secret', secret: true },
  ],
};

export const lockAccountSchema = z.object({
  id: z.string(),
  vendor: z.enum(lockVendors),
  label: z.string(),
  /** connected | error (the last call was refused: reconnect). */
  status: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type LockAccount = z.infer<typeof lockAccountSchema>;

export const remoteLockSchema = z.object({
  id: z.string(),
  name: z.string(),
  online: z.boolean(),
});
export type RemoteLockItem = z.infer<typeof remoteLockSchema>;

/** PUT /api/properties/{id}/smart-locks/assignment: the property's lock, or one hotel room's (room_id). */
export const assignLockBody = z.object({
  room_id: uuid().nullable().default(null),
  lock_account_id: uuid(),
  remote_lock_id: text({ max: 120, trim: true }).min(1, 'validation.required'),
  lock_name: text({ max: 120, trim: true }).default(''),
});
export type AssignLockBody = z.input<typeof assignLockBody>;

export const unassignLockQuery = z.object({ room_id: uuid().optional() });

export const lockAssignmentSchema = z.object({
  id: z.string(),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  lock_account_id: z.string(),
  vendor: z.enum(lockVendors),
  remote_lock_id: z.string(),
  lock_name: z.string(),
});
export type LockAssignment = z.infer<typeof lockAssignmentSchema>;

/** GET /api/properties/{id}/smart-locks: what the settings page shows beside the section form. */
export const propertyLocksSchema = z.object({
  assignments: z.array(lockAssignmentSchema),
  /** Hotel-like properties: each room can have its own lock. */
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PropertyLocks = z.infer<typeof propertyLocksSchema>;

export const accessCodeStates = [
  'requested',
  'active',
  'update_requested',
  'revoke_requested',
  'revoked',
  'expired',
  'failed',
] as const;

/** Why the guest does not see a code yet. */
export const accessCodeWaiting = ['registration', 'delivery_time', 'not_configured'] as const;
export type AccessCodeWaiting = (typeof accessCodeWaiting)[number];

/** The guest's door code (done step, services page): the code once released, else why not yet. */
export const guestAccessCodeSchema = z.union([
  z.object({ code: z.string(), valid_from: z.string().nullable(), valid_until: z.string().nullable() }),
  z.object({ waiting: z.enum(accessCodeWaiting) }),
]);
export type GuestAccessCode = z.infer<typeof guestAccessCodeSchema>;

export const releaseAccessCodeBody = z.object({
  reason: text({ max: 500, trim: true }).min(3, 'smart_locks.reason_required'),
});
export type ReleaseAccessCodeBody = z.input<typeof releaseAccessCodeBody>;

/** GET /api/checkins/{id}/access-code: the operator's view of a check-in's door code. */
export const checkinAccessCodeSchema = z.object({
  key_type: z.enum(['static', 'dynamic']),
  enabled: z.boolean(),
  released: z.boolean(),
  /** Why the guest does not see it yet (null once released). */
  waiting: z.enum(accessCodeWaiting).nullable(),
  /** The code, masked ("••••42") until released. */
  code: z.string().nullable(),
  state: z.enum(accessCodeStates).nullable(),
  last_error: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  not_before: z.string().nullable(),
  vendor: z.enum(lockVendors).nullable(),
  lock_name: z.string().nullable(),
  registration: z.enum(['accepted', 'pending', 'not_required']),
  requires_registration: z.boolean(),
  releases: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      user_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type CheckinAccessCode = z.infer<typeof checkinAccessCodeSchema>;
