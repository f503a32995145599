import type { DirectBookingSettings, WebUnit } from '@posada/contracts/direct-booking';

export interface PropertyUnits {
  property_id: string;
  property_name: string;
  units: WebUnit[];
}

const byName = (a: string, b: string) =>
  a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The units under their property (a hotel lists its room types together), by name: a row never moves
 * under the operator's finger when the list is fetched again after a switch.
 */
export function groupUnitsByProperty(units: readonly WebUnit[]): PropertyUnits[] {
  const groups = new Map<string, PropertyUnits>();
  for (const unit of units) {
    let group = groups.get(unit.property_id);
    if (!group) {
      group = { property_id: unit.property_id, property_name: unit.property_name, units: [] };
      groups.set(unit.property_id, group);
    }
    group.units.push(unit);
  }
  for (const group of groups.values()) {
    group.units.sort((a, b) => (a.kind === b.kind ? byName(a.name, b.name) : a.kind === 'property' ? -1 : 1));
  }
  return [...groups.values()].sort((a, b) => byName(a.property_name, b.property_name));
}

/** The settings with one unit switched (the optimistic answer before the API's). */
export function withUnitActive(
  settings: DirectBookingSettings,
  unitId: string,
  active: boolean,
): DirectBookingSettings {
  return {
    ...settings,
    units: settings.units.map((u) => (u.id === unitId ? { ...u, web_reservation_active: active } : u)),
  };
}

/**
 * Whether guests can book on the website at all: a plan, the switch for all and at least one unit on
 * (otherwise the public site answers 404, docs/channels.md).
 */
export function websiteState(
  settings: Pick<DirectBookingSettings, 'plan_active' | 'enable_web_reservations' | 'units'>,
): 'no_plan' | 'off' | 'no_units' | 'on' {
  if (!settings.plan_active) return 'no_plan';
  if (!settings.enable_web_reservations) return 'off';
  if (!settings.units.some((u) => u.web_reservation_active)) return 'no_units';
  return 'on';
}
