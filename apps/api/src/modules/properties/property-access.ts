import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { propertiesErrors } from './properties.errors.ts';
import { createPropertiesRepo, type PropertyRow } from './properties.repo.ts';

/** The tenant's property, or 404 properties.not_found (another account's, unknown, not a uuid). */
export async function findOwnedProperty(db: Db, tenant: Tenant, id: string): Promise<PropertyRow> {
  const row = isUuid(id) ? await createPropertiesRepo({ db }).find(tenant.accountId, id) : null;
  if (!row) throw propertiesErrors.notFound();
  return row;
}

/** Runs `work` in a transaction, handing it the transaction as a Db for the repos. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
