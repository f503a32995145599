import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';
import { E2E_BASE_URL } from './support/ports.ts';

// Guest payments (issue 16) against the Stripe fake: the operator connects its payments account through
// Stripe's (fake) hosted onboarding, then charges a guest with a payment link paid on the fake Checkout.
const own = accountsFor(test, 'payments');
test.describe.configure({ mode: 'serial' });

// biome-ignore lint/suspicious/noExplicitAny: the flow reads API answers loosely
type Data = any;

async function apiGet(page: Page, path: string): Promise<Data> {
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const r = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return (await r.json()).data;
}

/** A new reservation of the account, waiting for its payment (dates far ahead, retried when taken). */
async function pendingBooking(page: Page): Promise<{ id: string; name: string }> {
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const properties = await apiGet(page, '/api/properties');
  const propertyId = properties.items[0].id as string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let offset = 200 + Math.floor(Math.random() * 100); offset < 700; offset += 7) {
    const r = await page.request.post('/api/create/new-booking', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        property_id: propertyId,
        start_date: day(offset),
        end_date: day(offset + 2),
        name: 'Lucía Pérez',
        email: 'lucia.pagos@example.com',
        phone: '+34 600 123 456',
        number_of_guests: 2,
        price: 30_000,
      },
    });
    if (r.status() === 200 || r.status() === 201) return (await r.json()).data;
    expect(r.status(), await r.text()).toBe(409);
  }
  throw new Error('no free dates for the reservation');
}

test('an operator connects Stripe, charges a guest with a payment link and sees the reservation paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, own.basico);

  // Profile › Pagos: no account yet.
  await page.goto('/business/profile/payments');
  await expect(page.getByTestId('payments-status')).toHaveAttribute('data-status', 'none');
  await page.getByRole('button', { name: 'Conectar con Stripe' }).click();

  // Stripe's hosted onboarding (the fake), outside the app; back on the return URL the account is re-read.
  await page.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await page.waitForURL(/\/business\/profile\/payments/);
  await expect(page.getByTestId('payments-status')).toHaveAttribute('data-status', 'approved', {
    timeout: 15_000,
  });
  await expect(page.getByText('Cuenta aprobada')).toBeVisible();
  await expect(page.getByText('Cobros activos')).toBeVisible();

  // A reservation's page: the Pagos section, empty.
  const booking = await pendingBooking(page);
  const user = await apiGet(page, '/api/user');
  await page.goto(`/business/scheduled-checkins/${user.id}/${booking.id}/booking`);
  const payments = page.getByRole('region', { name: 'Pagos', exact: true });
  await expect(payments).toBeVisible();
  await expect(payments.getByTestId('booking-payment-status')).toHaveText('Pago pendiente');

  // spec 8: price zero is refused, then a real amount makes the link.
  await payments.getByRole('button', { name: 'Crear enlace de pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear enlace de pago' });
  await dialog.getByLabel('Concepto').fill('Traslado aeropuerto');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(dialog.getByText('El importe debe ser mayor que cero.')).toBeVisible();
  await dialog.getByLabel('Importe').fill('45');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const created = page.getByRole('dialog', { name: 'Enlace de pago creado' });
  await expect(created).toBeVisible();
  const link = await created.getByTestId('payment-link-url').inputValue();
  expect(link).toContain('/checkout/cs_test');
  await created.getByRole('button', { name: 'Hecho' }).click();
  await expect(payments.getByTestId('guest-payment').first()).toHaveAttribute('data-status', 'open');

  // The guest pays on the fake Checkout page and comes back to the thank-you page.
  await page.goto(link);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/pay\/result\?status=success/);
  await expect(page.getByText('¡Pago recibido! Gracias.', { exact: false })).toBeVisible();

  // The operator sees the payment and the reservation paid.
  await page.goto(`/business/scheduled-checkins/${user.id}/${booking.id}/booking`);
  const after = page.getByRole('region', { name: 'Pagos', exact: true });
  await expect(after.getByTestId('guest-payment').first()).toHaveAttribute('data-status', 'paid', {
    timeout: 15_000,
  });
  await expect(after.getByTestId('booking-payment-status')).toHaveText('Pagada');
});
