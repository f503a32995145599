// The homes the guards send users to, answered quietly (the operator's dashboard, the admin's
// HomeManager), and the users who live there: tests of the guards, the shell and the language.
import { adminSummary } from '@posada/contracts/admin';
import { registrationAlerts } from '@posada/contracts/authorities';
import { channelAlertsSchema } from '@posada/contracts/channels';
import { dashboardData } from '@posada/contracts/dashboard';
import { depositListSchema } from '@posada/contracts/deposits';
import { type User, userSchema } from '@posada/contracts/users';
import { http } from 'msw';
import { anOperator } from './fixtures.ts';
import { answer } from './server.ts';

/** An admin as GET /api/user answers one: the application tag, no account data, two-factor on. */
export function anAdmin(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    ...anOperator(),
    id: '0f6f3c2e-5b1a-4c55-8d2e-7b1c2d3e4f5a',
    name: 'Ada Admin',
    email: 'admin@example.com',
    type: 'admin',
    tipo_hospedaje: null,
    plan: null,
    status_subscription: null,
    properties: [],
    active_property_id: null,
    restaday: 0,
    application: 'posada',
    two_factor_enabled: true,
    ...overrides,
  });
}

/** A hotel in its 14-day free trial with its one property, as the demo's hotel@posada.local. */
export function aHotelInTrial(overrides: Partial<User> = {}): User {
  const operator = anOperator();
  const property = operator.properties[0];
  return userSchema.parse({
    ...operator,
    name: 'Hotel Alameda',
    email: 'hotel@example.com',
    tipo_hospedaje: 'hotel',
    plan: null,
    status_subscription: 'demo',
    restaday: 14,
    properties: property ? [{ ...property, nombre: 'Hotel Alameda Centro', tipo_propiedad: 'hotel' }] : [],
    ...overrides,
  });
}

/** The dashboard's own calls (figures, alerts, deposits), with nothing to report. */
export const quietDashboard = [
  http.get('/api/dashboard', () =>
    answer(dashboardData, {
      period: { from: '2026-12-01', to: '2026-12-31' },
      currency: 'EUR',
      total_reservations: 0,
      checkins_today: 0,
      occupancy: 0,
      revenue: 0,
      upcoming: [],
      revenue_by_channel: [],
      revenue_by_property: [],
      chart: [],
    }),
  ),
  http.get('/api/channel-calendars/alerts', () =>
    answer(channelAlertsSchema, { failing: [], overbookings: 0 }),
  ),
  http.get('/api/registrations/alerts', () =>
    answer(registrationAlerts, { rejected: 0, needs_action: 0, overdue: 0 }),
  ),
  http.get('/api/deposits', () => answer(depositListSchema, { items: [] })),
];

/** HomeManager's summary of the platform. */
export const quietAdminHome = [
  http.get('/api/admin/summary', () =>
    answer(adminSummary, {
      users_total: 3,
      users_demo: 1,
      users_subscribed: 2,
      users_demo_expired: 0,
      users_unverified: 0,
      properties_total: 4,
      advisors_active: 1,
      registrations_last_30_days: 1,
    }),
  ),
];
