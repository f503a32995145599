import { lockAccountSchema, propertyLocksSchema } from '@posada/contracts/smart-locks';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathTo, routePaths } from '../../../config/routes.ts';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { anOperator } from '../../../test/fixtures.ts';
import {
  aHotelOnTrial,
  propertyListOf,
  settingsHandler,
  settingsOf,
} from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';
import { emulateWidth } from '../../../test/viewport.ts';

describe('the settings home', () => {
  it('Configuración opens it, with its groups and the four paid extras marked, and its pages', async () => {
    const hotel = aHotelOnTrial();
    const settings = settingsOf(hotel);
    server.use(propertyListOf(hotel), settingsHandler(settings));
    const { user, router } = await renderRoute(routePaths.propertiesList, { user: hotel });
    const links = await screen.findAllByRole('link', { name: 'Configuración' });
    await user.click(links[0] as HTMLElement);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(pathTo('editionProperty', { propertyId: settings.id })),
    );
    expect(await screen.findByRole('heading', { name: 'Configuración del alojamiento' })).toBeTruthy();
    for (const group of ['Alojamiento', 'Huéspedes', 'Extras']) {
      expect(screen.getByRole('region', { name: group })).toBeTruthy();
    }
    // spec 6: the paid extras (reviews, identity verification, chatbot, smart locks) are marked one by one.
    const extras = screen.getByRole('region', { name: 'Extras' });
    expect(within(extras).getAllByText('De pago', { exact: true })).toHaveLength(4);
    // A page from the home: the name, with the stored value.
    await user.click(screen.getByRole('link', { name: /^Nombre/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(pathTo('nameProperty', { propertyId: settings.id })),
    );
    expect(((await screen.findByLabelText('Nombre del alojamiento')) as HTMLInputElement).value).toBe(
      'Hotel Alameda Centro',
    );
  });

  it('links to every property', async () => {
    const hotel = aHotelOnTrial();
    const settings = settingsOf(hotel);
    server.use(propertyListOf(hotel), settingsHandler(settings));
    const { user, router } = await renderRoute(pathTo('editionProperty', { propertyId: settings.id }), {
      user: hotel,
    });
    await user.click(await screen.findByRole('link', { name: 'Todos los alojamientos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(routePaths.propertiesList));
    expect(await screen.findByRole('heading', { name: 'Alojamientos' })).toBeTruthy();
  });
});

describe('on a phone', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('the settings home is the list, and each page links back to it', async () => {
    restore = emulateWidth(390);
    expect(window.matchMedia(MOBILE_QUERY).matches).toBe(true);
    const hotel = aHotelOnTrial();
    const settings = settingsOf(hotel, {
      welcome: { es: 'Bienvenido a Hotel Alameda Centro.', en: '', ar: '' },
    });
    server.use(settingsHandler(settings));
    const home = pathTo('editionProperty', { propertyId: settings.id });
    const { user, router } = await renderRoute(home, { user: hotel });
    await user.click(await screen.findByRole('link', { name: /^Mensaje de bienvenida/ }));
    expect(
      ((await screen.findByLabelText('Mensaje de bienvenida (Español)')) as HTMLTextAreaElement).value,
    ).toMatch(/Bienvenido/);
    // No side menu beside the page on a phone: the way back is the page's own link.
    expect(screen.queryByRole('navigation', { name: 'Secciones de la configuración' })).toBeNull();
    const back = within(screen.getByRole('main')).getByRole('link', { name: 'Configuración' });
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(await screen.findByRole('region', { name: 'Huéspedes' })).toBeTruthy();
  });
});

describe('a subscription without add-ons', () => {
  it('marks smart locks as a paid extra not in the plan, in the home and the side menu, and locks its page', async () => {
    const basico = anOperator({ plan: 'smart', status_subscription: 'subscribed', servicios: [] });
    const settings = settingsOf(basico, { tipo_propiedad: 'apartamento', nombre: 'Apartamento Plaza Mayor' });
    server.use(
      settingsHandler(settings),
      // The lock accounts and assignments are read ungated (an account with none yet).
      http.get('/api/smart-locks/accounts', () => answer(z.array(lockAccountSchema), [])),
      http.get(`/api/properties/${settings.id}/smart-locks`, () =>
        answer(propertyLocksSchema, { assignments: [], rooms: [] }),
      ),
    );
    const { user, router } = await renderRoute(pathTo('editionProperty', { propertyId: settings.id }), {
      user: basico,
    });
    const extras = await screen.findByRole('region', { name: 'Extras' });
    const locksRow = within(extras).getByRole('link', { name: /^Cerraduras inteligentes/ });
    expect(locksRow.textContent).toContain('De pago');
    expect(locksRow.textContent).toContain('No incluido en tu plan');
    // The store is gated but comes with the plan: neither paid nor locked.
    const storeRow = within(extras).getByRole('link', { name: /^Tienda de experiencias/ });
    expect(storeRow.textContent).not.toContain('De pago');
    expect(storeRow.textContent).not.toContain('No incluido en tu plan');

    await user.click(locksRow);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(pathTo('smartLocks', { propertyId: settings.id })),
    );
    expect((await screen.findByTestId('feature-unavailable')).textContent).toContain(
      'Servicio no disponible en tu suscripción actual',
    );
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'Enviar el código de acceso a los huéspedes' })).toHaveProperty(
      'disabled',
      true,
    );
    // The side menu marks it too: paid extra, not in the plan.
    const side = screen.getByRole('navigation', { name: 'Secciones de la configuración' });
    const sideItem = within(side).getByRole('link', { name: /^Cerraduras inteligentes/ });
    expect(within(sideItem).getByRole('img', { name: 'Extra de pago' })).toBeTruthy();
    expect(within(sideItem).getByRole('img', { name: 'No incluido en tu plan' })).toBeTruthy();
  });
});
