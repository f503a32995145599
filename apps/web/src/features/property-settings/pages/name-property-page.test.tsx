import { uploadedFileData } from '@posada/contracts/properties';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import { aHotelOnTrial, sectionSaves, settingsHandler, settingsOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';

const hotel = aHotelOnTrial();

/** The logo picker's file input (Mantine's FileButton draws a hidden one). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('the name page', () => {
  it('refuses an empty name with the required text, keeps what was typed elsewhere, and saves nothing', async () => {
    const settings = settingsOf(hotel);
    const saves = sectionSaves(settings, () => ({}));
    server.use(settingsHandler(settings), saves.handler);
    const { user } = await renderRoute(pathTo('nameProperty', { propertyId: settings.id }), { user: hotel });
    const name = (await screen.findByLabelText('Nombre del alojamiento')) as HTMLInputElement;
    expect(name.value).toBe('Hotel Alameda Centro');

    await user.clear(name);
    const internal = screen.getByLabelText('Nombre interno (opcional)') as HTMLInputElement;
    await user.clear(internal);
    await user.type(internal, 'Alameda planta baja');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(internal.value).toBe('Alameda planta baja');
    expect(saves.bodies).toEqual([]);
  });

  it('a logo: a wrong file is refused, one uploaded is previewed and saved, replaced, and removed', async () => {
    const settings = settingsOf(hotel, { logo: null });
    let uploads = 0;
    const saves = sectionSaves(settings, (body: { nombre: string; logo?: string | null }) => ({
      nombre: body.nombre,
      ...(body.logo !== undefined ? { logo: body.logo } : {}),
    }));
    server.use(
      settingsHandler(settings),
      saves.handler,
      // What POST /api/properties/logo answers: the stored file's public URL (files.service).
      http.post('/api/properties/logo', () => {
        uploads += 1;
        return answer(uploadedFileData, { url: `/api/files/logo-${uploads}.png` }, 201);
      }),
    );
    const { user } = await renderRoute(pathTo('nameProperty', { propertyId: settings.id }), { user: hotel });
    expect(await screen.findByText('Arrastra tu logo aquí')).toBeTruthy();

    // Not an image: refused in the page, nothing uploaded.
    choose(new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('main'))
          .getAllByRole('alert')
          .some((alert) => alert.textContent?.includes('PNG, JPG o SVG')),
      ).toBe(true),
    );
    expect(uploads).toBe(0);

    choose(png('logo.png'));
    const preview = await screen.findByRole('img', { name: 'Vista previa del logo' });
    expect(preview.getAttribute('src')).toBe('/api/files/logo-1.png');
    expect(screen.getByText('Cambios sin guardar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(saves.bodies.at(-1)?.body).toMatchObject({
      nombre: 'Hotel Alameda Centro',
      logo: '/api/files/logo-1.png',
    });

    // Replaced by another upload.
    choose(png('otro.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Vista previa del logo' }).getAttribute('src')).toBe(
        '/api/files/logo-2.png',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(saves.bodies).toHaveLength(2));
    expect(saves.bodies[1]?.body).toMatchObject({ logo: '/api/files/logo-2.png' });

    // Removed: the drop area again, and null is saved.
    await user.click(screen.getByRole('button', { name: 'Quitar logo' }));
    expect(screen.getByText('Arrastra tu logo aquí')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(saves.bodies).toHaveLength(3));
    expect(saves.bodies[2]?.body).toMatchObject({ logo: null });
    expect(screen.getByText('Arrastra tu logo aquí')).toBeTruthy();
  });
});
