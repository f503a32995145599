import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  serviceFunnelEvents,
  serviceProviders,
  serviceRequests,
  services,
} from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';

/** The rows of the store's reports (read only): requests, funnel events and the account's currency. */
export function createReportsRepo({ db }: { db: Db }) {
  return {
    /** Requests created between two instants (the caller keeps those of the period in property time). */
    async requests(accountId: string, since: Date, before: Date, propertyId?: string) {
      const where: SQL[] = [
        eq(serviceRequests.accountId, accountId),
        gte(serviceRequests.createdAt, since),
        lt(serviceRequests.createdAt, before),
      ];
      if (propertyId) where.push(eq(serviceRequests.propertyId, propertyId));
      return db
        .select({
          id: serviceRequests.id,
          propertyId: serviceRequests.propertyId,
          propertyName: properties.nombre,
          timeZone: properties.timeZone,
          serviceId: serviceRequests.serviceId,
          serviceName: serviceRequests.serviceName,
          providerId: serviceRequests.providerId,
          providerName: serviceProviders.name,
          checkinId: serviceRequests.checkinId,
          status: serviceRequests.status,
          total: serviceRequests.total,
          currency: serviceRequests.currency,
          createdAt: serviceRequests.createdAt,
        })
        .from(serviceRequests)
        .innerJoin(properties, eq(properties.id, serviceRequests.propertyId))
        .leftJoin(serviceProviders, eq(serviceProviders.id, serviceRequests.providerId))
        .where(and(...where));
    },

    /** Offered and viewed events between two instants (one per kind, service and check-in). */
    async funnel(accountId: string, since: Date, before: Date, propertyId?: string) {
      const where: SQL[] = [
        eq(serviceFunnelEvents.accountId, accountId),
        gte(serviceFunnelEvents.at, since),
        lt(serviceFunnelEvents.at, before),
      ];
      if (propertyId) where.push(eq(serviceFunnelEvents.propertyId, propertyId));
      return db
        .select({ kind: serviceFunnelEvents.kind, at: serviceFunnelEvents.at, timeZone: properties.timeZone })
        .from(serviceFunnelEvents)
        .innerJoin(properties, eq(properties.id, serviceFunnelEvents.propertyId))
        .where(and(...where));
    },

    /** The account's main currency: the most common one of its services (EUR when it has none). */
    async mainCurrency(accountId: string): Promise<string> {
      const [row] = await db
        .select({ currency: services.currency, n: count() })
        .from(services)
        .where(eq(services.accountId, accountId))
        .groupBy(services.currency)
        .orderBy(desc(count()), services.currency)
        .limit(1);
      return row?.currency ?? 'EUR';
    },
  };
}
