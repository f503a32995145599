import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../config/routes.ts';
import { aHotelInTrial, quietDashboard } from '../../test/homes.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

beforeEach(() => {
  server.use(...quietDashboard);
});

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the operator shell (spec 2.3 Main layout)', { timeout: 20_000 }, () => {
  it('hides the chrome with embed=true', async () => {
    await renderRoute(`${routePaths.Dashboard}?embed=true`, { user: aHotelInTrial() });
    expect(await screen.findByRole('heading', { name: /Hola/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ayuda y soporte' })).toBeNull();
  });

  it('has no property dropdown for a hotel, and shows its trial', async () => {
    await renderRoute(routePaths.Dashboard, { user: aHotelInTrial() });
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
    expect(screen.getAllByText(/Prueba gratuita: \d+ días/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Ayuda y soporte' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Alojamiento:/ })).toBeNull();
  });
});
