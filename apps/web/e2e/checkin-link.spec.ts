import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { storeSession } from './support/auth.ts';
import { uniqueEmail } from './support/mail.ts';
import { DEMO_PASSWORD, E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 13: the booking panel sends the guest's check-in link (the send form, filled from the booking) or,
 * once sent, resends it — asked first, then a toast; the check-in list's "Reenviar enlace" asks first too.
 */

const VILLA = 'Villa Mar Azul';
// Its own copies of the demo empresas: these flows send check-in links.
const own = accountsFor(test, 'checkin-link');

async function signedIn(page: Page) {
  const login = async () => {
    const r = await page.request.post('/api/login', {
      data: { email: own.empresa, password: DEMO_PASSWORD },
    });
    expect(r.status()).toBe(200);
    return (await r.json()).data as { token: string; user: { properties: { id: string; nombre: string }[] } };
  };
  let session = await login();
  const villa = session.user.properties.find((p) => p.nombre === VILLA);
  const headers = { Authorization: `Bearer ${session.token}` };
  expect(
    (
      await page.request.put('/api/user/active-property', { headers, data: { property_id: villa?.id } })
    ).status(),
  ).toBe(200);
  session = await login();
  await storeSession(page, session);
  return { headers, villaId: villa?.id ?? '' };
}

const mailsTo = async (to: string) =>
  ((await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/`)).json()) as { to: string }[]).filter((m) =>
    m.to.toLowerCase().includes(to),
  ).length;

test('the booking panel sends the check-in link, then resends it after asking, with a toast', async ({
  page,
}) => {
  const { headers, villaId } = await signedIn(page);
  const guest = `Enlace ${Date.now().toString(36).slice(-5)}`;
  const email = uniqueEmail('panel-link');
  const created = await page.request.post('/api/create/new-booking', {
    headers,
    data: {
      property_id: villaId,
      start_date: '2030-02-03',
      end_date: '2030-02-06',
      name: guest,
      email,
      phone: '+34 612 345 678',
      number_of_guests: 2,
      price: 30_000,
    },
  });
  expect(created.status()).toBe(201);
  const bookingId = (await created.json()).data.id as string;

  const openPanel = async () => {
    await page.goto('/calendar/bookings?date=2030-02-01');
    await page
      .locator(`[data-testid="unit-row"][data-unit="${VILLA}"]`)
      .getByRole('button', { name: new RegExp(`^${guest}`) })
      .click();
    const panel = page.getByRole('dialog', { name: 'Detalles de la reserva' });
    await expect(panel.getByTestId('booking-panel')).toBeVisible();
    return panel.getByTestId('programmed-checkin');
  };

  // Not sent yet: the send form, filled from the booking.
  let section = await openPanel();
  await section.getByRole('link', { name: 'Enviar check-in ahora' }).click();
  await expect(page).toHaveURL(new RegExp(`booking_id=${bookingId}`));
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  await expect.poll(() => mailsTo(email)).toBe(1);

  // Sent: resend, asked first; cancelling sends nothing.
  section = await openPanel();
  await section.getByRole('button', { name: 'Reenviar enlace' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Reenviar el enlace?' });
  await expect(confirm.getByText(`${guest} recibirá otra vez el enlace de check-in`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  expect(await mailsTo(email)).toBe(1);

  await section.getByRole('button', { name: 'Reenviar enlace' }).click();
  await confirm.getByRole('button', { name: 'Reenviar enlace' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Enlace de check-in reenviado a ${guest}` }),
  ).toBeVisible();
  await expect.poll(() => mailsTo(email)).toBe(2);

  // The check-in list's row menu asks too.
  await page.goto(`/business/checkin-management?q=${encodeURIComponent(guest)}`);
  const row = page.getByTestId('checkin-row').filter({ hasText: guest });
  await row.getByRole('button', { name: `Acciones de ${guest}` }).click();
  await page.getByRole('menuitem', { name: 'Reenviar enlace' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Reenviar enlace' }).click();
  await expect.poll(() => mailsTo(email)).toBe(3);

  await page.request.post('/api/booking/cancelled', { headers, data: { booking_id: bookingId } });
});
