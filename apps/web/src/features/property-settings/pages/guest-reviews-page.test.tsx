import { reviewPaths, reviewReportSchema, reviewSettingsSchema } from '@posada/contracts/reviews';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import { aHotelOnTrial, sectionSaves, settingsHandler, settingsOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';

const hotel = aHotelOnTrial();

describe('guest reviews and region', () => {
  it('reviews need a URL to be enabled; the region offers only Spain', async () => {
    const settings = settingsOf(hotel, { reviews: { enabled: false, review_url: '' }, region: 'ES' });
    const saves = sectionSaves(
      settings,
      (body: { enabled?: boolean; review_url?: string; region?: string }) =>
        body.region
          ? { region: body.region }
          : { reviews: { enabled: !!body.enabled, review_url: body.review_url ?? '' } },
    );
    server.use(
      settingsHandler(settings),
      saves.handler,
      // The page's second half: when the requests go out, and their report (none sent yet).
      http.get(reviewPaths.settings(settings.id), () =>
        answer(reviewSettingsSchema, {
          send_hour: 10,
          delay_days: 1,
          scale: 5,
          enabled: false,
          review_url: '',
          time_zone: 'Europe/Madrid',
          feature_available: true,
        }),
      ),
      http.get(reviewPaths.report(settings.id), () =>
        answer(reviewReportSchema, {
          scale: 5,
          sent: 0,
          answered: 0,
          scheduled: 0,
          failed: 0,
          average: null,
          distribution: [1, 2, 3, 4, 5].map((score) => ({ score, count: 0 })),
          latest: [],
        }),
      ),
    );
    const { user, router } = await renderRoute(pathTo('Review', { propertyId: settings.id }), {
      user: hotel,
    });
    expect(await screen.findByText('Extra de pago')).toBeTruthy();
    const enabled = screen.getByRole('switch', { name: 'Pedir reseñas a los huéspedes' }) as HTMLInputElement;
    const url = screen.getByLabelText('Enlace de reseñas') as HTMLInputElement;
    expect(enabled.checked).toBe(false);
    expect(url.value).toBe('');

    // Switched on without a link: refused on the client, the switch stays on, nothing saved.
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('Para activar las reseñas, añade el enlace de reseñas (empieza por https://).'),
    ).toBeTruthy();
    expect(enabled.checked).toBe(true);
    expect(saves.bodies).toEqual([]);

    await user.type(url, 'https://g.page/r/alameda-centro/review');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(saves.bodies).toEqual([
      {
        section: 'guest-reviews',
        body: { enabled: true, review_url: 'https://g.page/r/alameda-centro/review' },
      },
    ]);
    // The form goes on from what the API answered.
    expect(
      (screen.getByRole('switch', { name: 'Pedir reseñas a los huéspedes' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText(/^Enlace de reseñas/) as HTMLInputElement).value).toBe(
      'https://g.page/r/alameda-centro/review',
    );

    await user.click(screen.getByRole('link', { name: 'Región' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(pathTo('regionAccommodation', { propertyId: settings.id })),
    );
    const spain = await screen.findByRole('radio', { name: 'España' });
    expect(spain.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'México (próximamente)' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Colombia (próximamente)' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(saves.bodies).toHaveLength(2));
    expect(saves.bodies[1]).toEqual({ section: 'region-accommodation', body: { region: 'ES' } });
    expect(screen.getByRole('radio', { name: 'España' }).getAttribute('aria-checked')).toBe('true');
  });
});
