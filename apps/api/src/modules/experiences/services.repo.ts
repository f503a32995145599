import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ServicePhoto, serviceProviders, services } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';
import { containsPattern } from '../../lib/sql.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;

/** A service with what its list shows beside it: property and provider names, request counts. */
export type ServiceListRow = ServiceRow & {
  propertyName: string | null;
  providerName: string | null;
  requests: number;
  pendingRequests: number;
};

export interface ServiceFilters {
  search?: string;
  /** The property's own services and those of every property. */
  propertyId?: string;
  category?: string;
  active?: boolean;
}

const listColumns = {
  service: services,
  propertyName: properties.nombre,
  providerName: serviceProviders.name,
  requests: sql<number>`(SELECT count(*) FROM service_requests r WHERE r.service_id = services.id)::int`,
  pendingRequests: sql<number>`(SELECT count(*) FROM service_requests r
    WHERE r.service_id = services.id AND r.status = 'pending')::int`,
};

/** Queries of services (spec 3 Service / experience); every one filters by the account. */
export function createServicesRepo({ db }: { db: Db }) {
  const select = (where: ReturnType<typeof and>) =>
    db
      .select(listColumns)
      .from(services)
      .leftJoin(properties, eq(properties.id, services.propertyId))
      .leftJoin(serviceProviders, eq(serviceProviders.id, services.providerId))
      .where(where)
      .orderBy(desc(services.createdAt), desc(services.id));
  const flat = (r: Awaited<ReturnType<typeof select>>[number]): ServiceListRow => ({
    ...r.service,
    propertyName: r.propertyName,
    providerName: r.providerName,
    requests: Number(r.requests),
    pendingRequests: Number(r.pendingRequests),
  });

  return {
    async list(accountId: string, f: ServiceFilters): Promise<ServiceListRow[]> {
      const pattern = f.search ? containsPattern(f.search) : null;
      const rows = await select(
        and(
          eq(services.accountId, accountId),
          f.propertyId ? or(eq(services.propertyId, f.propertyId), isNull(services.propertyId)) : undefined,
          f.category ? eq(services.category, f.category as ServiceRow['category']) : undefined,
          f.active === undefined ? undefined : eq(services.active, f.active),
          pattern
            ? or(
                ilike(services.name, pattern),
                sql`${services.title}->>'es' ILIKE ${pattern}`,
                sql`${services.title}->>'en' ILIKE ${pattern}`,
                sql`${services.title}->>'ar' ILIKE ${pattern}`,
              )
            : undefined,
        ),
      );
      return rows.map(flat);
    },

    async find(accountId: string, id: string): Promise<ServiceListRow | null> {
      const [row] = await select(and(eq(services.accountId, accountId), eq(services.id, id)));
      return row ? flat(row) : null;
    },

    /** The row itself, locked until the transaction ends (photo changes). */
    async lock(accountId: string, id: string): Promise<ServiceRow | null> {
      const [row] = await db
        .select()
        .from(services)
        .where(and(eq(services.accountId, accountId), eq(services.id, id)))
        .for('update');
      return row ?? null;
    },

    async insert(row: NewServiceRow): Promise<string> {
      const [created] = await db.insert(services).values(row).returning({ id: services.id });
      if (!created) throw new Error('service not inserted');
      return created.id;
    },

    async update(accountId: string, id: string, values: Partial<NewServiceRow>): Promise<boolean> {
      const rows = await db
        .update(services)
        .set(values)
        .where(and(eq(services.accountId, accountId), eq(services.id, id)))
        .returning({ id: services.id });
      return rows.length > 0;
    },

    async setPhotos(accountId: string, id: string, photos: ServicePhoto[], at: Date): Promise<void> {
      await db
        .update(services)
        .set({ photos, updatedAt: at })
        .where(and(eq(services.accountId, accountId), eq(services.id, id)));
    },

    /** Deletes the service; answers its photos (to remove their files) or null when it was not there. */
    async remove(accountId: string, id: string): Promise<ServicePhoto[] | null> {
      const [row] = await db
        .delete(services)
        .where(and(eq(services.accountId, accountId), eq(services.id, id)))
        .returning({ photos: services.photos });
      return row ? row.photos : null;
    },

    async hasProperty(accountId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)));
      return !!row;
    },

    async hasProvider(accountId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.accountId, accountId), eq(serviceProviders.id, id)));
      return !!row;
    },
  };
}
