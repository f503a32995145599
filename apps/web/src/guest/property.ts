import type { GuestProperty } from '@posada/contracts/properties';
import { guestApi } from './api.ts';
import type { GuestLanguage } from './i18n.ts';

/** POST /api/propiedad, plus what the guest API may add (services, identity verification). */
export type GuestPropertyView = GuestProperty & {
  services?: string[];
  identity_verification?: boolean;
};

const cache = new Map<string, Promise<GuestPropertyView>>();

/** One request per property for the welcome page, the flow and the services list. */
export function loadProperty(propertyId: string): Promise<GuestPropertyView> {
  let pending = cache.get(propertyId);
  if (!pending) {
    pending = guestApi<GuestPropertyView>('POST', '/api/propiedad', { propiedad_id: propertyId });
    pending.catch(() => cache.delete(propertyId));
    cache.set(propertyId, pending);
  }
  return pending;
}

export function localized(
  text: { es: string; en: string; ar: string } | null | undefined,
  lng: GuestLanguage,
): string {
  if (!text) return '';
  return text[lng]?.trim() || text.es?.trim() || text.en?.trim() || '';
}
