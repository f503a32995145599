// STUB — replaced by the admin helper.
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

export type AdminService = ReturnType<typeof createAdminService>;
export function createAdminService(_deps: { db: Db; clock: Clock }) {
  return {};
}
