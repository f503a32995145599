import type { Currency } from '@posada/contracts/properties';
import type { Rate, RateInput } from '@posada/contracts/property-rooms';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { findOwnedProperty } from './property-access.ts';
import { createRatesRepo, type RateRow } from './rates.repo.ts';
import { roomsErrors } from './rooms.errors.ts';
import { createRoomsRepo } from './rooms.repo.ts';

export type RatesService = ReturnType<typeof createRatesService>;

export const toRate = (r: RateRow): Rate => ({
  id: r.id,
  name: r.name,
  occupancy: r.occupancy,
  price: r.price,
  currency: r.currency as Currency,
  room_type_id: r.roomTypeId,
});

/** Rates of a property (spec 3 Rate: name, occupancy, price with taxes included, in minor units). */
export function createRatesService(deps: { db: Db; clock: Clock }) {
  const repo = createRatesRepo({ db: deps.db });
  const rooms = createRoomsRepo({ db: deps.db });
  const owned = (tenant: Tenant, propertyId: string) => findOwnedProperty(deps.db, tenant, propertyId);

  const columns = async (tenant: Tenant, propertyId: string, body: RateInput) => {
    const roomTypeId = body.room_type_id ?? null;
    if (roomTypeId && !(await rooms.findType(tenant.accountId, propertyId, roomTypeId))) {
      throw roomsErrors.rateRoomTypeInvalid();
    }
    return {
      name: body.name,
      occupancy: body.occupancy,
      price: body.price,
      currency: body.currency,
      roomTypeId,
    };
  };
  const find = async (tenant: Tenant, propertyId: string, rateId: string) => {
    const row = isUuid(rateId) ? await repo.find(tenant.accountId, propertyId, rateId) : null;
    if (!row) throw roomsErrors.rateNotFound();
    return row;
  };

  return {
    assertProperty: async (tenant: Tenant, propertyId: string) => {
      await owned(tenant, propertyId);
    },

    async list(tenant: Tenant, propertyId: string): Promise<Rate[]> {
      await owned(tenant, propertyId);
      return (await repo.list(tenant.accountId, propertyId)).map(toRate);
    },

    async create(tenant: Tenant, propertyId: string, body: RateInput): Promise<Rate> {
      await owned(tenant, propertyId);
      const row = await repo.insert({
        accountId: tenant.accountId,
        propertyId,
        ...(await columns(tenant, propertyId, body)),
        createdAt: deps.clock.now(),
      });
      return toRate(row);
    },

    async update(tenant: Tenant, propertyId: string, rateId: string, body: RateInput): Promise<Rate> {
      await owned(tenant, propertyId);
      await find(tenant, propertyId, rateId);
      const row = await repo.update(
        tenant.accountId,
        propertyId,
        rateId,
        await columns(tenant, propertyId, body),
      );
      if (!row) throw roomsErrors.rateNotFound();
      return toRate(row);
    },

    async remove(tenant: Tenant, propertyId: string, rateId: string): Promise<void> {
      await owned(tenant, propertyId);
      if (!isUuid(rateId) || !(await repo.remove(tenant.accountId, propertyId, rateId))) {
        throw roomsErrors.rateNotFound();
      }
    },
  };
}
