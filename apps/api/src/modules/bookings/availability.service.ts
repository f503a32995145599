import type { Availability, CalculatedPrice } from '@posada/contracts/availability';
import type { Currency } from '@posada/contracts/properties';
import type { Rate } from '@posada/contracts/property-rooms';
import { eachNight } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type { Tenant } from '../../lib/tenant.ts';

import { MAX_RANGE_NIGHTS, MAX_STAY_NIGHTS, type SalePlan, type StayPlanning } from './stay-planning.ts';

/** Availability and quotes (spec 5 Reservation modal, spec 7 calculate-apartment-price). */
export function createAvailabilityService(
  deps: { rates: { list(tenant: Tenant, propertyId: string): Promise<Rate[]> } },
  planning: StayPlanning,
) {
  const { repo, ownedProperty, ownedBooking, checkRange, salePlan, availabilityOf } = planning;
  return {
    /**
     * Whether a range can be booked (spec 5: on create, and on update when dates or property changed). Hotels:
     * free rooms of the type for the whole range (available_instances), 0 on a stop-sell night.
     */
    async availability(
      tenant: Tenant,
      body: {
        property_id: string;
        start_date: string;
        end_date: string;
        room_type_id?: string | null;
        exclude_booking_id?: string;
      },
    ): Promise<Availability> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_STAY_NIGHTS);
      let exclude: string | null = null;
      if (body.exclude_booking_id) exclude = (await ownedBooking(tenant, body.exclude_booking_id)).id;
      return availabilityOf(tenant, property, body.start_date, body.end_date, body.room_type_id, exclude);
    },

    /**
     * POST /api/calculate-apartment-price: each night's own price (night_prices), else the base price: the
     * property's price_night (apartments, villas; else its cheapest property-wide rate) or, for a room type,
     * its cheapest rate; times the rooms. A hotel without a room type: its cheapest rate, one room.
     */
    async calculatePrice(
      tenant: Tenant,
      body: {
        property_id: string;
        start_date: string;
        end_date: string;
        room_type_id?: string | null;
        quantity: number;
      },
    ): Promise<CalculatedPrice> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      const hotel = isHotelType(property.tipoPropiedad);
      const rates = await deps.rates.list(tenant, property.id);
      const cheapest = (list: Rate[]) => (list.length > 0 ? Math.min(...list.map((r) => r.price)) : null);
      const propertyWide = cheapest(rates.filter((r) => r.room_type_id === null));
      let base: number;
      let plan: Pick<SalePlan, 'unitKey' | 'quantity'>;
      if (hotel && body.room_type_id) {
        plan = await salePlan(tenant, property, body.room_type_id, body.quantity);
        const typeRates = rates.filter((r) => r.room_type_id === body.room_type_id);
        base = cheapest(typeRates) ?? propertyWide ?? property.priceNight ?? 0;
      } else if (hotel) {
        // The spec 7 payload names no room type: the hotel's "from" price, one room.
        plan = { unitKey: property.id, quantity: 1 };
        base = propertyWide ?? cheapest(rates) ?? property.priceNight ?? 0;
      } else {
        plan = { unitKey: property.id, quantity: 1 };
        base = property.priceNight ?? propertyWide ?? 0;
      }
      const own = new Map(
        (await repo.nightSettings(plan.unitKey, body.start_date, body.end_date)).map((s) => [
          s.night,
          s.price,
        ]),
      );
      const nights = eachNight(body.start_date, body.end_date).map((date) => ({
        date,
        price: (own.get(date) ?? base) * plan.quantity,
      }));
      const total = nights.reduce((acc, n) => acc + n.price, 0);
      return {
        total_price: total,
        price_per_night: nights.length > 0 ? Math.round(total / nights.length) : 0,
        currency: property.currency as Currency,
        nights,
      };
    },
  };
}
