import { eachNight } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { createAvailabilityService } from './availability.service.ts';
import type { BookingsDeps } from './bookings.service.ts';
import { MAX_RANGE_NIGHTS, type StayPlanning } from './stay-planning.ts';
import { createWebBookingsRepo } from './web-bookings.repo.ts';

/** One night of the direct-booking calendar. */
export interface WebNight {
  date: string;
  available: boolean;
  /** Minor units of the property's currency; null when no price is set. */
  price: number | null;
  min_stay: number;
}

/**
 * The direct-booking website's calendar (issue 15): each night of a range with whether a unit is free
 * (an apartment or villa, or a room of the hotel's room type), its price and its minimum stay, with the
 * same night prices, base prices and stop-sell as the operator's quotes. Web bookings themselves are
 * `create` with the channel 'web' (bookings.service.ts).
 */
export function createWebBookingsService(
  deps: Pick<BookingsDeps, 'db' | 'rates'> & { clock: Clock },
  planning: StayPlanning,
) {
  const { repo, ownedProperty, checkRange, salePlan } = planning;
  const webRepo = createWebBookingsRepo({ db: deps.db });
  const quotes = createAvailabilityService(deps, planning);

  return {
    async nightCalendar(
      tenant: Tenant,
      query: { property_id: string; room_type_id?: string | null; from: string; to: string },
    ): Promise<{ currency: string; nights: WebNight[] }> {
      const property = await ownedProperty(tenant, query.property_id);
      checkRange(query.from, query.to, MAX_RANGE_NIGHTS);
      const plan = await salePlan(tenant, property, query.room_type_id, 1);
      const units = plan.hotel
        ? (await repo.listRooms(tenant.accountId, property.id, plan.roomTypeId))
            .filter((r) => r.status !== 'maintenance')
            .map((r) => r.id)
        : [property.id];
      const [priced, settings, taken] = await Promise.all([
        quotes.calculatePrice(tenant, {
          property_id: property.id,
          room_type_id: plan.roomTypeId,
          start_date: query.from,
          end_date: query.to,
          quantity: 1,
        }),
        repo.nightSettings(plan.unitKey, query.from, query.to),
        webRepo.takenUnitsPerNight(tenant.accountId, units, query.from, query.to),
      ]);
      const price = new Map(priced.nights.map((n) => [n.date, n.price]));
      const setting = new Map(settings.map((s) => [s.night, s]));
      const today = todayIn(property.timeZone, deps.clock.now());
      return {
        currency: property.currency,
        nights: eachNight(query.from, query.to).map((date) => {
          const own = setting.get(date);
          const free = units.length - (taken.get(date) ?? 0);
          const nightPrice = price.get(date) ?? 0;
          return {
            date,
            available: date >= today && !own?.stopSell && free > 0,
            price: nightPrice > 0 ? nightPrice : null,
            min_stay: own?.minStay ?? 1,
          };
        }),
      };
    },
  };
}
