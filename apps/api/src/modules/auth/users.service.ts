import type { Locale } from '@posada/contracts/users';
import type { Db } from '../../db/client.ts';
import { createAuthRepo } from './auth.repo.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The user's own settings that the accounts module changes (auth owns users). It needs no other module,
 * so accounts, which auth depends on, can be built first.
 */
export function createUsersService(deps: { db: Db }) {
  const repo = createAuthRepo({ db: deps.db });
  return {
    setActiveProperty: (userId: string, accountId: string, propertyId: string | null): Promise<void> =>
      repo.setActiveProperty(userId, accountId, propertyId),

    /** Sets the active property only when the user has none yet. */
    setActivePropertyIfUnset: (userId: string, accountId: string, propertyId: string): Promise<void> =>
      repo.setActiveProperty(userId, accountId, propertyId, true),

    setLocale: (userId: string, locale: Locale): Promise<void> => repo.updateUser(userId, { locale }),
  };
}
