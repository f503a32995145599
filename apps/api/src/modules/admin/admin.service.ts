import type {
  AdminSummary,
  AdminUserRow,
  AdminUsersQuery,
  Advisor,
  CreateAdvisorBody,
} from '@posada/contracts/admin';
import type { StatusSubscription, TipoHospedaje } from '@posada/contracts/users';
import { effectiveSubscriptionStatus } from '@posada/domain/subscription';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { adminErrors } from './admin.errors.ts';
import { type AdvisorRow, createAdminRepo } from './admin.repo.ts';
import { createAuditRepo } from './admin-audit.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminService = ReturnType<typeof createAdminService>;

function toAdvisor(advisor: AdvisorRow, accountsCount: number): Advisor {
  return {
    id: advisor.id,
    name: advisor.name,
    email: advisor.email,
    code: advisor.code,
    active: advisor.active,
    created_at: advisor.createdAt.toISOString(),
    accounts_count: Number(accountsCount),
  };
}

/** The admin back office (spec 2.2 /manager/*): summary, users and the advisors behind registration codes. */
export function createAdminService(deps: { db: Db; clock: Clock }) {
  const repo = createAdminRepo({ db: deps.db });
  const audit = createAuditRepo({ db: deps.db });
  /** Runs `work` and its audit entry in one transaction. */
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    deps.db.transaction((tx) => work(tx as unknown as Db));

  return {
    async summary(): Promise<AdminSummary> {
      const now = deps.clock.now();
      const c = await repo.summary(now, new Date(now.getTime() - 30 * DAY_MS));
      return {
        users_total: c.total,
        users_demo: c.demo,
        users_subscribed: c.subscribed,
        users_demo_expired: c.expired,
        users_unverified: c.unverified,
        properties_total: c.propertiesTotal,
        advisors_active: c.advisorsActive,
        registrations_last_30_days: c.recent,
      };
    },

    async listUsers(query: AdminUsersQuery) {
      const now = deps.clock.now();
      const { rows, total } = await repo.listUsers({
        search: query.search || undefined,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      const items: AdminUserRow[] = rows.map(({ user, account, advisorCode, propertiesCount }) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        email_verified: user.emailVerifiedAt !== null,
        tipo_hospedaje: (account?.tipoHospedaje ?? null) as TipoHospedaje | null,
        plan: account?.plan ?? null,
        status_subscription: account
          ? effectiveSubscriptionStatus(
              account.statusSubscription as StatusSubscription,
              account.trialEndsAt,
              now,
            )
          : null,
        properties_count: Number(propertiesCount),
        advisor_code: advisorCode,
        created_at: user.createdAt.toISOString(),
      }));
      return { items, total, page: query.page, page_size: query.page_size };
    },

    async listAdvisors(): Promise<Advisor[]> {
      const rows = await repo.listAdvisors();
      return rows.map((r) => toAdvisor(r.advisor, r.accountsCount));
    },

    async createAdvisor(body: CreateAdvisorBody, adminUserId: string): Promise<Advisor> {
      const code = body.code.trim().toUpperCase();
      if (await repo.findAdvisorByCode(code)) throw adminErrors.advisorCodeTaken();
      try {
        const at = deps.clock.now();
        const row = await inTransaction(async (tx) => {
          const inserted = await createAdminRepo({ db: tx }).insertAdvisor({
            name: body.name,
            email: body.email ? body.email.toLowerCase() : null,
            code,
            active: true,
            createdAt: at,
          });
          await audit.record(tx, {
            adminUserId,
            action: 'advisor.create',
            after: { id: inserted.id, name: inserted.name, email: inserted.email, code, active: true },
            at,
          });
          return inserted;
        });
        return toAdvisor(row, 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw adminErrors.advisorCodeTaken();
        throw error;
      }
    },

    async setAdvisorActive(id: string, active: boolean, adminUserId: string): Promise<Advisor> {
      const current = await repo.findAdvisor(id);
      if (!current) throw adminErrors.advisorNotFound();
      await inTransaction(async (tx) => {
        if (!(await createAdminRepo({ db: tx }).setAdvisorActive(id, active)))
          throw adminErrors.advisorNotFound();
        await audit.record(tx, {
          adminUserId,
          action: active ? 'advisor.activate' : 'advisor.deactivate',
          before: { id, code: current.advisor.code, active: current.advisor.active },
          after: { id, code: current.advisor.code, active },
          at: deps.clock.now(),
        });
      });
      const row = await repo.findAdvisor(id);
      if (!row) throw adminErrors.advisorNotFound();
      return toAdvisor(row.advisor, row.accountsCount);
    },

    /** Registration's check (spec 5): the code of an active advisor, any letter case. */
    async findActiveAdvisorId(code: string): Promise<string | null> {
      const advisor = await repo.findAdvisorByCode(code);
      return advisor?.active ? advisor.id : null;
    },
  };
}
