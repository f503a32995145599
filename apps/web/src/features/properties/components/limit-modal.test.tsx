import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { quietDashboard } from '../../../test/homes.ts';
import { propertyListOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';

// The demo hotel on its free trial: quantity 1, and it already has its hotel.
const atLimit = anOperator({ plan: null, status_subscription: 'demo', tipo_hospedaje: 'hotel', quantity: 1 });

beforeEach(() => {
  server.use(propertyListOf(atLimit));
});

describe('an account at its property limit', () => {
  it('gets the limit modal instead of the wizard, pointing a trial to the plans; closing goes to Dashboard', async () => {
    server.use(...quietDashboard);
    const { user, router } = await renderRoute(routePaths.createPropiedad, { user: atLimit });
    const modal = await screen.findByRole('dialog', { name: 'Límite de alojamientos alcanzado' });
    expect(
      within(modal).getByText(/Has alcanzado el máximo de alojamientos de tu plan \(1 de 1\)\./),
    ).toBeTruthy();
    // A trial account is sent to pageSubscription to choose a plan.
    expect(within(modal).getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe(
      '/business/invoices/select/suscriptions',
    );
    const close = within(modal).getAllByRole('button', { name: 'Cerrar' });
    await user.click(close[close.length - 1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(routePaths.Dashboard));
  });

  it("gets the same modal from the property list's «Añadir alojamiento»", async () => {
    const { user } = await renderRoute(routePaths.propertiesList, { user: atLimit });
    await user.click(await screen.findByRole('button', { name: 'Añadir alojamiento' }));
    expect(await screen.findByRole('dialog', { name: 'Límite de alojamientos alcanzado' })).toBeTruthy();
  });
});
