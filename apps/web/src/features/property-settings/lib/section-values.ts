import type {
  PropertySettings,
  SettingsSection,
  settingsSectionBodies,
} from '@posada/contracts/property-settings';
import type { z } from 'zod';

/** A section's values as the form holds them (the schema's output: defaults applied, all fields present). */
export type SectionValues<S extends SettingsSection> = z.output<(typeof settingsSectionBodies)[S]>;
type Values = { [S in SettingsSection]: SectionValues<S> };

/** What each settings form starts with: the section's fields, read from GET settings. */
export function sectionValues<S extends SettingsSection>(section: S, s: PropertySettings): Values[S] {
  const all: { [K in SettingsSection]: () => Values[K] } = {
    // The logo travels with the name: null removes it, a new upload's URL replaces it.
    'name-property': () => ({ nombre: s.nombre, internal_name: s.internal_name, logo: s.logo }),
    'location-property': () => ({ pais: s.pais, address: s.address, city: s.city, zip_code: s.zip_code }),
    'services-property': () => ({ services: [...s.services] }),
    'capacity-property': () => ({ guests: s.guests, bedrooms: s.bedrooms, bathrooms: s.bathrooms }),
    // An unset price stays empty in the form (0 is refused as "required").
    'price-property': () => ({ price_night: s.price_night ?? 0, currency: s.currency }),
    'description-property': () => ({ description: { ...s.description } }),
    'accommodation-policies': () => ({
      policies: { ...s.policies },
      checkin_time: s.checkin_time,
      checkout_time: s.checkout_time,
    }),
    'welcome-accommodation': () => ({ welcome: { ...s.welcome } }),
    'region-accommodation': () => ({ region: s.region as 'ES' }),
    'seguridad-property': () => ({ security_code: s.security_code }),
    notifications: () => ({ ...s.notifications }),
    'data-basic-accommodation': () => ({ active: s.active }),
    'guest-reviews': () => ({ enabled: s.reviews.enabled, review_url: s.reviews.review_url }),
    'identity-verification': () => ({ enabled: s.identity_verification }),
    'page-chat-bot-ia': () => ({ enabled: s.bot_enabled }),
    'cross-selling-property': () => ({ ...s.store }),
    // No entity chosen yet stays empty (the select asks for one). The password is never read back:
    // the field starts empty, and a blank one keeps the stored password.
    authorities: () => ({
      entity: s.authorities.entity as Values['authorities']['entity'],
      user: s.authorities.user,
      password: '',
      establishment_code: s.authorities.establishment_code,
      landlord_code: s.authorities.landlord_code,
      send_mode: s.authorities.send_mode ?? 'immediate',
      // The certificate is write-only like the password: absent keeps the stored one.
      certificate: '',
      certificate_password: '',
    }),
    'smart-locks': () => ({ ...s.smart_locks }),
    'checkin-programming': () => ({ schedule: s.checkin_schedule }),
  };
  return all[section]() as Values[S];
}

/** The settings after a section was saved with `body` (to update the cached GET without a refetch). */
export function applySection<S extends SettingsSection>(
  section: S,
  s: PropertySettings,
  body: SectionValues<S>,
): PropertySettings {
  const b = body as Record<string, unknown>;
  switch (section) {
    case 'guest-reviews':
      return { ...s, reviews: { enabled: Boolean(b.enabled), review_url: String(b.review_url ?? '') } };
    case 'identity-verification':
      return { ...s, identity_verification: Boolean(b.enabled) };
    case 'page-chat-bot-ia':
      return { ...s, bot_enabled: Boolean(b.enabled) };
    case 'notifications':
      return { ...s, notifications: body as PropertySettings['notifications'] };
    case 'name-property':
      return {
        ...s,
        nombre: String(b.nombre),
        internal_name: String(b.internal_name ?? ''),
        logo: b.logo === undefined ? s.logo : (b.logo as string | null),
      };
    case 'cross-selling-property':
      return { ...s, store: body as PropertySettings['store'] };
    case 'authorities': {
      const {
        password,
        certificate: _c,
        certificate_password: _p,
        ...rest
      } = body as SectionValues<'authorities'>;
      return {
        ...s,
        authorities: {
          ...s.authorities,
          ...rest,
          password_set: s.authorities.password_set || password !== '',
        },
      };
    }
    case 'smart-locks':
      return { ...s, smart_locks: body as PropertySettings['smart_locks'] };
    case 'checkin-programming':
      return { ...s, checkin_schedule: (body as SectionValues<'checkin-programming'>).schedule };
    default:
      return { ...s, ...(b as Partial<PropertySettings>) };
  }
}
