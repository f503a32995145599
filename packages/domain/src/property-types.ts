export type TipoPropiedad = 'apartamento' | 'villa' | 'hotel' | 'camping';

/** spec 6: hotel or camping types are detected by a helper. */
export function isHotelType(tipo: string | null | undefined): boolean {
  return tipo === 'hotel' || tipo === 'camping';
}

/** spec 2.3 / 9: the navigation dropdown cuts the property name at 15 characters. */
export const NAV_NAME_MAX = 15;
export function truncateName(name: string, max = NAV_NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** spec 2.3: the picker shows at most 8 properties, and appears for 2 or more with none selected. */
export const PICKER_MAX = 8;
export function needsPropertyPicker(
  userType: 'admin' | 'empresa',
  propertyCount: number,
  activeId: string | null,
): boolean {
  return userType !== 'admin' && propertyCount >= 2 && !activeId;
}
