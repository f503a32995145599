import {
  type DirectBookingSettings,
  directBookingPaths,
  directBookingSettingsSchema,
  type UpdateDirectBookingSettingsBody,
} from '@posada/contracts/direct-booking';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, refuse, server } from '../../../test/server.ts';

const operator = anOperator();
const property = operator.properties[0];

/** GET /api/direct-booking/settings of an account with web booking off, paid on arrival, no discount. */
function settings(overrides: Partial<DirectBookingSettings> = {}): DirectBookingSettings {
  return directBookingSettingsSchema.parse({
    enable_web_reservations: false,
    payment_type: 'on_arrival',
    online_payments_ready: false,
    online_payments_missing: 'no_payments_account',
    discount_enabled: false,
    discount_type: 'percentage',
    discount_value: 0,
    slug: 'casa-del-mar',
    url: 'http://localhost:3000/book/casa-del-mar',
    units: [
      {
        id: property?.id,
        property_id: property?.id,
        kind: 'property',
        name: 'Casa del Mar',
        property_name: 'Casa del Mar',
        web_reservation_active: false,
      },
    ],
    plan_active: true,
    ...overrides,
  });
}

const CHANNELS = `${pathTo('ChannelConnect')}?tab=direct`;

/** The account's direct-booking settings as the API keeps them: GET answers them, PUT changes them. */
function directBookingApi(initial: DirectBookingSettings, put?: () => Response) {
  let current = initial;
  const bodies: UpdateDirectBookingSettingsBody[] = [];
  server.use(
    http.get(directBookingPaths.settings, () => answer(directBookingSettingsSchema, current)),
    http.put(directBookingPaths.settings, async ({ request }) => {
      const body = (await request.json()) as UpdateDirectBookingSettingsBody;
      bodies.push(body);
      if (put) return put();
      current = { ...current, ...body };
      return answer(directBookingSettingsSchema, current);
    }),
  );
  return { bodies };
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the direct booking panel', () => {
  it('a switch the API refuses goes back, with the spec 8 message; a refused discount keeps what was typed', async () => {
    const api = directBookingApi(settings(), () => refuse(503, 'unavailable', 'No disponible'));
    const { user } = await renderRoute(CHANNELS, { user: operator });
    const all = (await screen.findByRole('switch', {
      name: 'Reserva web para todos los alojamientos',
    })) as HTMLInputElement;
    await user.click(all);
    expect(await screen.findByText('Error al actualizar la reserva web')).toBeTruthy();
    await waitFor(() => expect(all.checked).toBe(false));
    expect(api.bodies).toEqual([{ enable_web_reservations: true }]);

    await user.click(tab('Precios y pagos'));
    await user.click(screen.getByRole('switch', { name: 'Descuento por reserva directa' }));
    const value = screen.getByLabelText('Descuento (%)') as HTMLInputElement;
    await user.clear(value);
    await user.type(value, '15');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar la configuración')).toBeTruthy();
    // The form keeps what was typed.
    expect((screen.getByLabelText('Descuento (%)') as HTMLInputElement).value).toBe('15 %');
  });

  it('online payment refused by the API goes back to on arrival, with the spec 8 message', async () => {
    // The screen is told online payment is ready; the API still refuses (no payments account yet).
    const api = directBookingApi(
      settings({ online_payments_ready: true, online_payments_missing: null }),
      () =>
        refuse(
          422,
          'direct_booking.online_needs_payments',
          'Para cobrar por adelantado en línea necesitas una cuenta de pagos. Mientras tanto, el pago es a la llegada.',
          {
            payment_type: [
              'Para cobrar por adelantado en línea necesitas una cuenta de pagos. Mientras tanto, el pago es a la llegada.',
            ],
          },
        ),
    );
    const { user } = await renderRoute(CHANNELS, { user: operator });
    await screen.findByTestId('direct-booking-panel');
    await user.click(tab('Precios y pagos'));
    const onArrival = screen.getByRole('radio', { name: 'Pago a la llegada' });
    const online = screen.getByRole('radio', { name: 'Pago online por adelantado' });
    expect(screen.queryByTestId('online-payments-note')).toBeNull();
    await user.click(online);
    expect(await screen.findByText('Error al actualizar el tipo de pago')).toBeTruthy();
    await waitFor(() => expect(onArrival.getAttribute('aria-checked')).toBe('true'));
    expect(online.getAttribute('aria-checked')).toBe('false');
    expect(api.bodies).toEqual([{ payment_type: 'online' }]);
  });

  it('without an active plan the controls are off and the upgrade prompt shows', async () => {
    directBookingApi(settings({ plan_active: false }));
    const { user } = await renderRoute(CHANNELS, { user: operator });
    expect((await screen.findByTestId('direct-booking-plan-prompt')).textContent).toContain(
      'La reserva web necesita un plan activo',
    );
    expect(screen.getByRole('switch', { name: 'Reserva web para todos los alojamientos' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(tab('Precios y pagos'));
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', true);
  });

  it('a fixed discount is typed in euros and stored in cents; a draft survives a change of tab', async () => {
    const api = directBookingApi(settings());
    const first = await renderRoute(CHANNELS, { user: operator });
    const { user } = first;
    await screen.findByTestId('direct-booking-panel');
    await user.click(tab('Precios y pagos'));
    await user.click(screen.getByRole('switch', { name: 'Descuento por reserva directa' }));
    await user.click(screen.getByText('Importe fijo (EUR)', { exact: true }));
    const amount = screen.getByLabelText('Importe del descuento') as HTMLInputElement;
    await user.type(amount, '12,5');
    // Away to another tab and back: what was typed is still there.
    await user.click(tab('Compartir'));
    await user.click(tab('Precios y pagos'));
    expect((screen.getByLabelText('Importe del descuento') as HTMLInputElement).value).toBe('12,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración guardada')).toBeTruthy();
    expect(api.bodies).toEqual([{ discount_enabled: true, discount_type: 'fixed', discount_value: 1250 }]);

    // Opened again, the stored cents read as the euros typed.
    first.unmount();
    queryClient.clear();
    const again = await renderRoute(CHANNELS, { user: operator });
    await screen.findByTestId('direct-booking-panel');
    await again.user.click(tab('Precios y pagos'));
    expect((screen.getByLabelText('Importe del descuento') as HTMLInputElement).value).toBe('12,5');
  });
});

describe('the website preview', () => {
  it('says when web booking is off', async () => {
    directBookingApi(settings());
    await renderRoute(pathTo('previewWebsite'), { user: operator });
    expect((await screen.findByTestId('preview-off-notice')).textContent).toContain(
      'La reserva web está desactivada',
    );
    expect((screen.getByTestId('preview-url') as HTMLInputElement).value).toMatch(/\/book\//);
  });

  it('says so too when the plan is not active', async () => {
    directBookingApi(settings({ plan_active: false, enable_web_reservations: true }));
    await renderRoute(pathTo('previewWebsite'), { user: operator });
    expect(await screen.findByTestId('preview-off-notice')).toBeTruthy();
  });
});
