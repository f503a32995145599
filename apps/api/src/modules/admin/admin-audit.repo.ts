import type { AuditEntry } from '@posada/contracts/admin-billing';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/billing.ts';

/** One admin action as recorded: who, what, on which account, why, before and after. */
export interface AuditRecord {
  adminUserId: string;
  action: string;
  targetAccountId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

const adminUser = alias(users, 'audit_admin');

/**
 * admin_audit_log (append-only). `record` takes the caller's transaction so the entry commits (or rolls
 * back) with the change it describes.
 */
export function createAuditRepo({ db }: { db: Db }) {
  return {
    async record(tx: Db, entry: AuditRecord): Promise<string> {
      const [row] = await tx
        .insert(adminAuditLog)
        .values({
          adminUserId: entry.adminUserId,
          action: entry.action,
          targetAccountId: entry.targetAccountId ?? null,
          reason: entry.reason ?? null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          createdAt: entry.at,
        })
        .returning({ id: adminAuditLog.id });
      if (!row) throw new Error('audit insert returned nothing');
      return row.id;
    },

    async list(opts: { accountId?: string; id?: string; limit: number; offset: number }) {
      const where = opts.id
        ? eq(adminAuditLog.id, opts.id)
        : opts.accountId
          ? eq(adminAuditLog.targetAccountId, opts.accountId)
          : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ log: adminAuditLog, adminName: adminUser.name, accountName: accounts.name })
          .from(adminAuditLog)
          .leftJoin(adminUser, eq(adminUser.id, adminAuditLog.adminUserId))
          .leftJoin(accounts, eq(accounts.id, adminAuditLog.targetAccountId))
          .where(where)
          .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(adminAuditLog).where(where),
      ]);
      const items: AuditEntry[] = rows.map(({ log, adminName, accountName }) => ({
        id: log.id,
        action: log.action,
        admin_user_id: log.adminUserId,
        admin_name: adminName,
        target_account_id: log.targetAccountId,
        target_account_name: accountName,
        reason: log.reason,
        before: log.before ?? null,
        after: log.after ?? null,
        created_at: log.createdAt.toISOString(),
      }));
      return { items, total: total?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
