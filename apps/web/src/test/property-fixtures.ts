// Contract-shaped property data for the component tests, each checked by its schema: the list GET
// /api/properties answers and the settings GET /api/properties/{id}/settings answers (features as the API
// computes them from the account: packages/domain feature-gates).
import { propertyListData } from '@posada/contracts/properties';
import {
  type PropertySettings,
  propertySettings,
  propertySettingsPaths,
} from '@posada/contracts/property-settings';
import type { User } from '@posada/contracts/users';
import { featureAvailable, gatedFeatures } from '@posada/domain/feature-gates';
import { http } from 'msw';
import { anOperator } from './fixtures.ts';
import { answer } from './server.ts';

/** GET /api/properties for `user`: its properties, its quantity. */
export function propertyListOf(user: User) {
  return http.get('/api/properties', () =>
    answer(propertyListData, {
      items: user.properties.map((p) => ({
        id: p.id,
        nombre: p.nombre,
        internal_name: null,
        tipo_propiedad: p.tipo_propiedad,
        logo: p.logo,
        city: 'Madrid',
        pais: 'ES',
        active: true,
        checkin_url: `http://localhost:3000/checkin/customers/previe/${p.id}/`,
        created_at: '2026-11-01T10:00:00.000Z',
      })),
      quantity: user.quantity,
      count: user.properties.length,
    }),
  );
}

/** Which gated features the API says `user`'s subscription includes (property-settings.service featureMap). */
export function featuresOf(user: User): Record<string, boolean> {
  return Object.fromEntries(gatedFeatures.map((f) => [f, featureAvailable(user, f)]));
}

/** A property's settings as GET /api/properties/{id}/settings answers them (the demo hotel's values). */
export function settingsOf(user: User, overrides: Partial<PropertySettings> = {}): PropertySettings {
  const property = user.properties[0];
  return propertySettings.parse({
    id: property?.id,
    tipo_propiedad: property?.tipo_propiedad ?? 'hotel',
    nombre: property?.nombre ?? 'Hotel Alameda Centro',
    internal_name: 'Alameda',
    logo: null,
    pais: 'ES',
    address: 'Calle de Alcalá 85, 28009 Madrid',
    city: 'Madrid',
    zip_code: '28009',
    services: ['wifi', 'heating'],
    guests: 60,
    bedrooms: 12,
    bathrooms: 12,
    price_night: 12000,
    currency: 'EUR',
    description: { es: 'Hotel boutique frente al parque del Retiro.', en: '', ar: '' },
    policies: { es: 'Bienvenido a {alojamiento}.', en: '', ar: '' },
    checkin_time: '14:00',
    checkout_time: '12:00',
    welcome: { es: 'Bienvenido a Hotel Alameda Centro.', en: '', ar: '' },
    region: 'ES',
    security_code: '1185',
    notifications: { whatsapp: true, email: true, sms: false },
    active: true,
    reviews: { enabled: false, review_url: '' },
    identity_verification: false,
    bot_enabled: false,
    store: { enabled: false, type: 'internal', external_message: '', external_url: '' },
    authorities: {
      entity: null,
      user: '',
      establishment_code: '',
      landlord_code: '',
      password_set: false,
    },
    smart_locks: {
      enabled: false,
      delivery_time: 'arrival_day',
      key_type: 'static',
      master_code: '',
      requires_registration: true,
    },
    checkin_schedule: '24h',
    features: featuresOf(user),
    ...overrides,
  });
}

/** The demo hotel (Hotel Alameda Centro) on its free trial: every gated settings page open (spec 6). */
export function aHotelOnTrial(overrides: Partial<User> = {}): User {
  const base = anOperator();
  const property = base.properties[0];
  if (!property) throw new Error('anOperator has a property');
  return anOperator({
    plan: null,
    status_subscription: 'demo',
    tipo_hospedaje: 'hotel',
    properties: [{ ...property, nombre: 'Hotel Alameda Centro', tipo_propiedad: 'hotel' }],
    ...overrides,
  });
}

/** GET /api/properties/{id}/settings answering `settings`. */
export function settingsHandler(settings: PropertySettings) {
  return http.get(propertySettingsPaths.settings(settings.id), () => answer(propertySettings, settings));
}

/**
 * PUT /api/properties/{id}/settings/{section} as the API answers a save: the settings with the section's
 * body applied (`apply`); every body received is kept in `bodies`, in order.
 */
export function sectionSaves(settings: PropertySettings, apply: (body: never) => Partial<PropertySettings>) {
  const bodies: { section: string; body: unknown }[] = [];
  const handler = http.put(
    `/api/properties/${settings.id}/settings/:section`,
    async ({ request, params }) => {
      const body = await request.json();
      bodies.push({ section: String(params.section), body });
      return answer(propertySettings, { ...settings, ...apply(body as never) });
    },
  );
  return { handler, bodies };
}
