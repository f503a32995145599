import type {
  AdminAccount,
  AdminAccountChangeBody,
  AdminAccountsQuery,
  AdminCheckinsPage,
  AdminCheckinsQuery,
  AdminUserInformation,
  AuditEntry,
  AuditPage,
  AuditQuery,
} from '@posada/contracts/admin-billing';
import type { AddonCode, PlanCode, SubscriptionState } from '@posada/domain/pricing';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, commonErrors } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { adminErrors } from './admin.errors.ts';
import { type AccountWithSubscription, createAdminAccountsRepo } from './admin-accounts.repo.ts';
import { type AuditRepo, createAuditRepo } from './admin-audit.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an admin may change on an account's subscription (user_management). */
export interface AdminSubscriptionChange {
  plan?: PlanCode;
  units?: number;
  addons?: AddonCode[];
  trialEndsAt?: Date;
  state?: SubscriptionState;
}

/**
 * The subscriptions module's admin entry (it owns subscriptions and the account's plan projection).
 * `options.inTransaction`, when the implementation supports it, runs inside its transaction so the audit
 * entry commits with the change; otherwise the entry is written right after.
 */
export interface SubscriptionsAdminPort {
  applyAdminChange(
    accountId: string,
    change: AdminSubscriptionChange,
    adminUserId: string,
    options?: { inTransaction?: (tx: Db, result: { before: unknown; after: unknown }) => Promise<void> },
  ): Promise<{ before: unknown; after: unknown }>;
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;

function toAccount(
  row: AccountWithSubscription,
  owner?: { name: string; email: string } | null,
): AdminAccount {
  const { account, subscription } = row;
  return {
    id: account.id,
    name: account.name,
    owner_name: owner?.name ?? null,
    owner_email: owner?.email ?? null,
    owner_user_id: row.ownerId,
    status_subscription: account.statusSubscription,
    plan: (subscription?.plan ??
      (account.plan === 'standard' || account.plan === 'smart' ? account.plan : null)) as PlanCode | null,
    units: subscription?.units ?? account.quantity,
    addons: subscription?.addons ?? [],
    state: subscription?.state ?? null,
    trial_ends_at: (subscription?.trialEndsAt ?? account.trialEndsAt)?.toISOString() ?? null,
    current_period_end: subscription?.currentPeriodEnd?.toISOString() ?? null,
    amount: subscription?.amount ?? null,
    currency: subscription?.currency ?? null,
    properties_count: Number(row.propertiesCount),
  };
}

/** A bare date ends at the end of that day (UTC); anything unreadable is refused on its field. */
function trialEndOf(value: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS - 1)
    : new Date(value);
  if (Number.isNaN(at.getTime())) throw commonErrors.invalid({ trial_ends_at: ['validation.invalid_date'] });
  return at;
}

/**
 * user_management, the audit trail and the user's information page. The admin reads any account here by
 * design (admin access only); subscription changes go through the subscriptions module.
 */
export function createAdminAccountsService(deps: {
  db: Db;
  clock: Clock;
  audit?: AuditRepo;
  subscriptions: () => SubscriptionsAdminPort | null;
}) {
  const repo = createAdminAccountsRepo({ db: deps.db });
  const audit = deps.audit ?? createAuditRepo({ db: deps.db });

  async function withOwners(rows: AccountWithSubscription[]): Promise<AdminAccount[]> {
    const owners = await repo.ownersOf(rows.map((r) => r.ownerId));
    return rows.map((r) => toAccount(r, r.ownerId ? owners.get(r.ownerId) : null));
  }

  async function account(id: string): Promise<AdminAccount> {
    const row = isUuid(id) ? await repo.findAccount(id) : null;
    if (!row) throw adminErrors.accountNotFound();
    const [view] = await withOwners([row]);
    if (!view) throw adminErrors.accountNotFound();
    return view;
  }

  async function userAccountId(
    userId: string,
  ): Promise<{ user: NonNullable<Awaited<ReturnType<typeof repo.findEmpresaUser>>>; accountId: string }> {
    const user = await repo.findEmpresaUser(userId);
    if (!user?.accountId) throw adminErrors.userNotFound();
    return { user, accountId: user.accountId };
  }

  return {
    async audit(query: AuditQuery): Promise<AuditPage> {
      const { items, total } = await audit.list({
        accountId: query.account_id,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items, total, page: query.page, page_size: query.page_size };
    },

    async listAccounts(query: AdminAccountsQuery) {
      const { rows, total } = await repo.listAccounts({
        search: query.search || undefined,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items: await withOwners(rows), total, page: query.page, page_size: query.page_size };
    },

    account,

    /** Changes an account's subscription with a reason; the audit log keeps before and after. */
    async changeAccount(
      accountId: string,
      body: AdminAccountChangeBody,
      adminUserId: string,
    ): Promise<{ account: AdminAccount; audit: AuditEntry }> {
      await account(accountId);
      const reason = body.reason.trim();
      if (!reason) throw commonErrors.invalid({ reason: ['admin.reason_required'] });
      const change: AdminSubscriptionChange = {};
      if (body.plan !== undefined) change.plan = body.plan;
      if (body.units !== undefined) change.units = body.units;
      if (body.addons !== undefined) change.addons = [...new Set(body.addons)];
      if (body.trial_ends_at !== undefined) change.trialEndsAt = trialEndOf(body.trial_ends_at);
      if (body.state !== undefined) change.state = body.state;
      if (Object.keys(change).length === 0) throw adminErrors.nothingToChange();
      const subscriptions = deps.subscriptions();
      if (!subscriptions) throw new AppError('admin.subscriptions_unavailable', 503);

      const at = deps.clock.now();
      const entry = (result: { before: unknown; after: unknown }) => ({
        adminUserId,
        action: 'account.subscription_change',
        targetAccountId: accountId,
        reason,
        before: result.before,
        after: result.after,
        at,
      });
      let auditId: string | null = null;
      const result = await subscriptions.applyAdminChange(accountId, change, adminUserId, {
        inTransaction: async (tx, r) => {
          auditId = await audit.record(tx, entry(r));
        },
      });
      if (!auditId) auditId = await audit.record(deps.db, entry(result));
      const [logged] = (await audit.list({ id: auditId, limit: 1, offset: 0 })).items;
      if (!logged) throw new Error('audit entry vanished');
      return { account: await account(accountId), audit: logged };
    },

    async information(userId: string): Promise<AdminUserInformation> {
      const { user, accountId } = await userAccountId(userId);
      const [view, props] = await Promise.all([account(accountId), repo.propertiesWithCheckins(accountId)]);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          email_verified: user.emailVerifiedAt !== null,
          created_at: user.createdAt.toISOString(),
        },
        account: view,
        properties: props.map((p) => ({
          id: p.id,
          name: p.name,
          tipo_hospedaje: p.tipo,
          city: p.city,
          checkins_completed: Number(p.completed),
          checkins_pending: Number(p.pending),
        })),
      };
    },

    async checkins(
      userId: string,
      query: AdminCheckinsQuery,
      completed: boolean,
    ): Promise<AdminCheckinsPage> {
      const { accountId } = await userAccountId(userId);
      const { rows, total } = await repo.listCheckins({
        accountId,
        propertyId: query.accommodation_id,
        completed,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        items: rows.map(({ checkin, propertyName }) => ({
          id: checkin.id,
          property_id: checkin.propertyId,
          property_name: propertyName,
          name: checkin.name,
          start_date: checkin.startDate,
          end_date: checkin.endDate,
          expected_guests: checkin.expectedGuests,
          status: checkin.status,
          completed_at: checkin.completedAt?.toISOString() ?? null,
          created_at: checkin.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}
