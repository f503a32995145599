import { registrationAlerts } from '@posada/contracts/authorities';
import { channelAlertsSchema } from '@posada/contracts/channels';
import { type DashboardData, dashboardData } from '@posada/contracts/dashboard';
import { depositListSchema } from '@posada/contracts/deposits';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, refuse, server } from '../../../test/server.ts';

const figures: DashboardData = {
  period: { from: '2026-12-01', to: '2026-12-31' },
  currency: 'EUR',
  total_reservations: 7,
  checkins_today: 1,
  occupancy: 42,
  revenue: 123_400,
  upcoming: [],
  revenue_by_channel: [],
  revenue_by_property: [],
  chart: [],
};

beforeEach(() => {
  server.use(
    http.get('/api/channel-calendars/alerts', () =>
      answer(channelAlertsSchema, { failing: [], overbookings: 0 }),
    ),
    http.get('/api/registrations/alerts', () =>
      answer(registrationAlerts, { rejected: 0, needs_action: 0, overdue: 0 }),
    ),
    http.get('/api/deposits', () => answer(depositListSchema, { items: [] })),
  );
});

describe('the dashboard', () => {
  it('says the figures failed to load, keeps the account cards, and a retry brings them', async () => {
    let fail = true;
    server.use(
      http.get('/api/dashboard', () =>
        fail ? refuse(503, 'unavailable', 'No disponible') : answer(dashboardData, figures),
      ),
    );
    const { user } = await renderRoute(routePaths.Dashboard, { user: anOperator() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/No hemos podido cargar tus cifras/);
    // The account cards do not depend on the figures.
    expect(screen.getByRole('region', { name: 'Suscripción' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.queryByText(/No hemos podido cargar tus cifras/)).toBeNull();
  });

  it('reads right to left in Arabic, greeting the operator by name', async () => {
    server.use(http.get('/api/dashboard', () => answer(dashboardData, figures)));
    await renderRoute(routePaths.Dashboard, { user: anOperator(), language: 'ar' });
    expect(await screen.findByRole('heading', { name: /مرحبًا، Lucía/ })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });
});
