import { featureAvailable } from '@posada/domain/feature-gates';
import { hasPremiumAccess, type StatusSubscription } from '@posada/domain/subscription';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { experiencesErrors } from './experiences.errors.ts';

export type StoreAccess = ReturnType<typeof createStoreAccess>;

/**
 * spec 6: the experiences menu (services, providers, requests, reports, upselling) only with premium access
 * (plan smart, subscribed); the guest store is cross-selling, subscription-gated. Both read the account now.
 */
export function createStoreAccess(db: Db) {
  async function holder(accountId: string) {
    const [row] = await db
      .select({ plan: accounts.plan, status: accounts.statusSubscription, servicios: accounts.servicios })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (!row) return null;
    return {
      plan: row.plan,
      status_subscription: row.status as StatusSubscription,
      servicios: row.servicios,
    };
  }
  return {
    /** The operator's store screens and routes. */
    async premium(accountId: string): Promise<boolean> {
      const h = await holder(accountId);
      return !!h && hasPremiumAccess(h);
    },
    /** 403 settings.feature_unavailable ('Service not available in your current subscription') otherwise. */
    async requirePremium(accountId: string): Promise<void> {
      const h = await holder(accountId);
      if (!h || !hasPremiumAccess(h)) throw experiencesErrors.featureUnavailable();
    },
    /** The guest store and the upselling offers: the cross-selling gate (and the property's store switch, read by the caller). */
    async crossSelling(accountId: string): Promise<boolean> {
      const h = await holder(accountId);
      return !!h && featureAvailable(h, 'cross_selling');
    },
  };
}
