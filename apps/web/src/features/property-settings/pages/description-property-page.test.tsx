import { propertyPaths } from '@posada/contracts/properties';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import { aHotelOnTrial, settingsHandler, settingsOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { refuse, server } from '../../../test/server.ts';

const hotel = aHotelOnTrial();

describe('the description page', () => {
  it('generating with AI asks before replacing, and says plainly when no AI is configured', async () => {
    const settings = settingsOf(hotel, {
      description: { es: 'Casa tradicional junto a la Maestranza.', en: '', ar: '' },
    });
    let asked = 0;
    server.use(
      settingsHandler(settings),
      // What the API answers without LLM_BASE_URL (description.int.test.ts), in Spanish.
      http.post(propertyPaths.generateDescription, () => {
        asked += 1;
        return refuse(
          503,
          'ai.not_configured',
          'La generación de descripciones con IA no está configurada en este servidor.',
        );
      }),
    );
    const { user } = await renderRoute(pathTo('descriptionProperty', { propertyId: settings.id }), {
      user: hotel,
    });
    const spanish = (await screen.findByLabelText('Descripción (Español)')) as HTMLTextAreaElement;
    expect(spanish.value).toBe('Casa tradicional junto a la Maestranza.');
    await user.click(screen.getByRole('button', { name: 'Generar con IA' }));
    const replace = await screen.findByRole('dialog', { name: '¿Sustituir la descripción?' });
    expect(asked).toBe(0);
    await user.click(within(replace).getByRole('button', { name: 'Sustituir' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('main'))
          .getAllByRole('alert')
          .some((alert) => alert.textContent?.includes('La generación con IA no está disponible')),
      ).toBe(true),
    );
    expect(
      screen.getByText('La generación de descripciones con IA no está configurada en este servidor.'),
    ).toBeTruthy();
    expect(asked).toBe(1);
    // Nothing was written over the description.
    expect((screen.getByLabelText('Descripción (Español)') as HTMLTextAreaElement).value).toBe(
      'Casa tradicional junto a la Maestranza.',
    );
  });
});
