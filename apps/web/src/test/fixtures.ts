// Contract-shaped data for the component tests: each fixture parses through its schema.
import { type User, userSchema } from '@posada/contracts/users';

const propertyId = '4a9a4a40-9d7c-4a3c-9a5e-1a0f3c1b2d01';

/** A subscribed apartment operator with one property, as GET /api/user answers it. */
export function anOperator(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: '0f6f3c2e-5b1a-4c55-8d2e-7b1c2d3e4f50',
    name: 'Lucía Prueba',
    email: 'lucia@example.com',
    phone: null,
    type: 'empresa',
    email_verified: true,
    locale: 'es',
    pais: 'ES',
    tipo_hospedaje: 'apartamento',
    plan: 'basic',
    status_subscription: 'subscribed',
    quantity: 1,
    servicios: [],
    suscription_id_stripe: null,
    enable_web_reservations: false,
    direct_booking_payment_type: null,
    properties: [
      {
        id: propertyId,
        nombre: 'Casa del Mar',
        logo: null,
        tipo_propiedad: 'apartamento',
        accommodation_units: [{ id: 'b1c2d3e4-0000-4000-8000-000000000001', web_reservation_active: false }],
        botGPT: false,
        guests: 4,
        currency: 'EUR',
        time_zone: 'Europe/Madrid',
      },
    ],
    active_property_id: propertyId,
    restaday: 0,
    paymentfail: false,
    application: null,
    legacy: false,
    two_factor_enabled: false,
    ...overrides,
  });
}
