import {
  type BillingDetailsInput,
  billingDetailsAnswer,
  billingDetailsSchema,
} from '@posada/contracts/billing';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';
import { billingPaths } from '../api/billing-api.ts';

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the billing data form (spec 2.2 profile/billing)', { timeout: 20_000 }, () => {
  it('keeps what was typed on an error and saves with a toast', async () => {
    const saved: BillingDetailsInput[] = [];
    server.use(
      // Nothing saved yet.
      http.get(billingPaths.details, () => answer(billingDetailsAnswer, null)),
      // The API stores the normalized body and answers it (billing.routes PUT /billing/details).
      http.put(billingPaths.details, async ({ request }) => {
        const body = (await request.json()) as BillingDetailsInput;
        saved.push(body);
        return answer(billingDetailsSchema, { ...body, updated_at: '2026-12-01T10:00:00.000Z' });
      }),
    );
    const { user } = await renderRoute(routePaths.billing, { user: anOperator() });
    const form = within(await screen.findByTestId('billing-form'));
    await user.type(form.getByLabelText(/Razón social o nombre/), 'Apartamentos Sol S.L.');
    await user.type(form.getByLabelText('NIF / CIF'), 'B1234567X');
    await user.type(form.getByLabelText(/Dirección/), 'Calle Mayor 1');
    await user.type(form.getByLabelText(/Código postal/), '28001');
    await user.click(form.getByRole('button', { name: 'Guardar' }));

    expect(await form.findByText('El NIF/CIF no es válido.')).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>(/Razón social o nombre/).value).toBe(
      'Apartamentos Sol S.L.',
    );
    expect(saved).toEqual([]);

    const taxId = form.getByLabelText<HTMLInputElement>('NIF / CIF');
    await user.clear(taxId);
    await user.type(taxId, 'B12345674');
    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos de facturación guardados.')).toBeTruthy();
    expect(saved).toEqual([
      expect.objectContaining({
        business_name: 'Apartamentos Sol S.L.',
        tax_id: 'B12345674',
        address: 'Calle Mayor 1',
        postal_code: '28001',
        country: 'ES',
      }),
    ]);
    expect(taxId.value).toBe('B12345674');
    expect(form.queryByText('El NIF/CIF no es válido.')).toBeNull();
  });
});
