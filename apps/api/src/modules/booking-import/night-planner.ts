import { eachNight } from '@posada/domain/booking-rules';

/**
 * Places the rows of an import on the nights they need, in file order, with the rules of a manual booking
 * (bookings.service create): stop-sell on any night refuses the stay, the arrival night's minimum stay must
 * be met, an apartment or villa is one unit, a hotel booking takes `quantity` free rooms of its type that
 * are not in maintenance (by name, like allocateRooms). Nights already sold or closed come from the
 * database; nights taken by an earlier row of the same file are reported as an overlap with that row.
 * Pure: the service loads the inputs, and runs it again inside the import's transaction.
 */

export interface PlanUnit {
  /** The property (apartment, villa) or the room (hotel, camping). */
  id: string;
  roomTypeId: string | null;
  name: string;
  /** False for a room in maintenance (spec 4: it cannot be sold). */
  sellable: boolean;
}

export interface NightRule {
  minStay: number;
  stopSell: boolean;
}

export interface PlanRequest {
  row: number;
  propertyId: string;
  hotel: boolean;
  roomTypeId: string | null;
  quantity: number;
  start: string;
  end: string;
}

export type PlanOutcome =
  | { ok: true; unitIds: string[] }
  | { ok: false; code: 'booking.dates_taken'; field: 'arrival' }
  | { ok: false; code: 'booking.min_stay'; field: 'departure' }
  | { ok: false; code: 'booking_import.overlaps_row'; field: 'arrival'; params: { row: number } };

export interface PlannerInput {
  /** Per property: its units (the property itself, or its rooms). */
  units: Map<string, PlanUnit[]>;
  /** Per unit: nights already sold or closed. */
  taken: Map<string, Set<string>>;
  /** Per price key (the property, or the hotel's room type): nights with a minimum stay or a stop-sell. */
  rules: Map<string, Map<string, NightRule>>;
}

const naturalOrder = (a: PlanUnit, b: PlanUnit) =>
  a.name.localeCompare(b.name, 'es', { numeric: true, sensitivity: 'base' }) || a.id.localeCompare(b.id);

export function createNightPlanner(input: PlannerInput) {
  /** unit → night → the row (sheet row number) that took it. */
  const claimed = new Map<string, Map<string, number>>();
  const sorted = new Map<string, PlanUnit[]>();
  const unitsOf = (propertyId: string) => {
    let list = sorted.get(propertyId);
    if (!list) {
      list = [...(input.units.get(propertyId) ?? [])].sort(naturalOrder);
      sorted.set(propertyId, list);
    }
    return list;
  };

  return {
    place(req: PlanRequest): PlanOutcome {
      const nights = eachNight(req.start, req.end);
      const rules = input.rules.get(req.hotel ? (req.roomTypeId ?? '') : req.propertyId);
      if (rules) {
        if (nights.some((night) => rules.get(night)?.stopSell)) {
          return { ok: false, code: 'booking.dates_taken', field: 'arrival' };
        }
        const minStay = rules.get(req.start)?.minStay ?? 1;
        if (minStay > nights.length) return { ok: false, code: 'booking.min_stay', field: 'departure' };
      }
      const candidates = unitsOf(req.propertyId).filter(
        (u) => u.sellable && (!req.hotel || u.roomTypeId === req.roomTypeId),
      );
      const free: PlanUnit[] = [];
      let freeInDatabase = 0;
      let overlapRow = Number.POSITIVE_INFINITY;
      for (const unit of candidates) {
        const taken = input.taken.get(unit.id);
        if (taken && nights.some((night) => taken.has(night))) continue;
        freeInDatabase += 1;
        const mine = claimed.get(unit.id);
        const clash = mine ? nights.find((night) => mine.has(night)) : undefined;
        if (clash === undefined) free.push(unit);
        else overlapRow = Math.min(overlapRow, mine?.get(clash) ?? overlapRow);
      }
      const quantity = req.hotel ? req.quantity : 1;
      if (free.length >= quantity) {
        const chosen = free.slice(0, quantity);
        for (const unit of chosen) {
          let mine = claimed.get(unit.id);
          if (!mine) {
            mine = new Map();
            claimed.set(unit.id, mine);
          }
          for (const night of nights) mine.set(night, req.row);
        }
        return { ok: true, unitIds: chosen.map((u) => u.id) };
      }
      if (freeInDatabase >= quantity && Number.isFinite(overlapRow)) {
        return {
          ok: false,
          code: 'booking_import.overlaps_row',
          field: 'arrival',
          params: { row: overlapRow },
        };
      }
      return { ok: false, code: 'booking.dates_taken', field: 'arrival' };
    },
  };
}
