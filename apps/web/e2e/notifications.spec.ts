import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'notifications');
const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * The notificaciones page (issue 17): new bookings ring the bell; the page lists them unread, filters
 * and marks all read with a toast; the property's delivery matrix saves the operator's choices.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);

async function book(
  request: APIRequestContext,
  session: ApiSession,
  name: string,
  offsetDays: number,
  phone = '+34 612 345 678',
) {
  const start = new Date(Date.now() + offsetDays * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  const res = await request.post('/api/create/new-booking', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      name,
      email: 'huesped@example.com',
      phone,
      number_of_guests: 1,
      price: 20_000,
      property_id: session.user.properties[0]?.id,
      start_date: iso(start),
      end_date: iso(end),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the page lists unread notifications, filters them and marks all read', async ({ page, request }) => {
  // The one-apartment account: no property picker in the way.
  const session = await apiLogin(request, own.basico);
  // Far apart in the future, so a retry books free dates too.
  const offset = 400 + Math.floor(Math.random() * 2000);
  await book(request, session, 'Marta Notif', offset);
  await book(request, session, 'Pablo Notif', offset + 5);

  await openAs(page, session, '/business/notificaciones');
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  const unread = page.locator('[data-testid="notification-row"][data-unread="true"]');
  await expect(unread.first()).toBeVisible();
  expect(await unread.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('notification-bell')).not.toHaveAttribute('data-count', '0');

  // Filter by kind: only new bookings.
  await page.getByTestId('filter-kind').click();
  await page.getByRole('option', { name: 'Reserva nueva' }).click();
  const rows = page.getByTestId('notification-row');
  await expect(rows.first()).toHaveAttribute('data-kind', 'booking_new');
  for (const kind of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))
    expect(kind).toBe('booking_new');

  await page.getByTestId('mark-all-read').click();
  await expect(page.getByText(/marcadas? como leídas?/)).toBeVisible();
  await expect(unread).toHaveCount(0);
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-count', '0');

  // Unread only: nothing left, and the empty state says so.
  await page.getByText('Solo sin leer', { exact: true }).click();
  await expect(page.getByText('Nada con estos filtros')).toBeVisible();

  // The bell offers "see all".
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('bell-see-all')).toBeVisible();
  await expect(page.getByTestId('bell-mark-all-read')).toBeDisabled();
  await page.keyboard.press('Escape');

  if (SHOTS) {
    for (const lang of ['es', 'en', 'ar'] as const) {
      await book(request, session, `Lang ${lang}`, offset + 10 + (lang === 'es' ? 0 : lang === 'en' ? 4 : 8));
      await openAs(page, session, '/business/notificaciones', lang);
      await expect(page.getByTestId('notification-row').first()).toBeVisible();
      await shots(page, `page-${lang}`);
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('bell-see-all')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/bell-${lang}-1280.png` });
      await page.keyboard.press('Escape');
    }
  }
});

test('the delivery matrix saves the operator’s choices per property', async ({ page, request }) => {
  const session = await apiLogin(request, own.basico);
  const propertyId = session.user.properties[0]?.id as string;
  await openAs(page, session, `/business/properties/edition/${propertyId}/notifications`);
  const matrix = page.getByTestId('delivery-preferences');
  await expect(matrix.getByRole('heading', { name: 'Avisos para ti' })).toBeVisible();
  // WhatsApp cannot be sent here (no notice template on the e2e server): switches off, with the reason.
  await expect(
    matrix.getByTestId('whatsapp-blocked').or(matrix.getByTestId('whatsapp-upgrade')),
  ).toBeVisible();
  const whatsapp = matrix.getByRole('switch', { name: 'Avisar por WhatsApp: Reserva nueva' });
  await expect(whatsapp).toBeDisabled();

  const email = matrix.getByRole('switch', { name: 'Avisar por e-mail: Reserva cancelada' });
  await expect(email).toBeChecked();
  await email.click({ force: true });
  await expect(email).not.toBeChecked();
  await matrix.getByTestId('save-delivery').click();
  await expect(page.getByText('Preferencias de avisos guardadas')).toBeVisible();

  await page.reload();
  await expect(
    page
      .getByTestId('delivery-preferences')
      .getByRole('switch', { name: 'Avisar por e-mail: Reserva cancelada' }),
  ).not.toBeChecked();

  if (SHOTS) {
    for (const lang of ['es', 'en', 'ar'] as const) {
      await openAs(page, session, `/business/properties/edition/${propertyId}/notifications`, lang);
      await expect(page.getByTestId('delivery-preferences').getByRole('switch').first()).toBeVisible();
      await shots(page, `matrix-${lang}`);
    }
  }
});

test('a guest writes on WhatsApp: a 5-second toast and a message notification about the chat', async ({
  page,
  request,
}) => {
  // The account with every paid extra (messaging included), on its first property.
  const session = await apiLogin(request, own.empresa);
  const propertyId = session.user.properties[0]?.id as string;
  const active = await request.put('/api/user/active-property', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { property_id: propertyId },
  });
  expect(active.status()).toBe(200);
  // A booking with a phone of its own: the shared number finds the account by the guest's phone.
  const digits = `346${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await book(request, session, 'Lucía Escribe', 300 + Math.floor(Math.random() * 2000), `+${digits}`);

  await openAs(page, session, '/business/notificaciones');
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/whatsapp/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: digits, name: 'Lucía Escribe', text: '¿A qué hora es el check-in?' }),
  });
  expect(res.ok).toBe(true);

  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Nuevo mensaje de Lucía Escribe' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('¿A qué hora es el check-in?');
  const row = page.locator('[data-testid="notification-row"][data-kind="message"]').filter({
    hasText: 'Nuevo mensaje de Lucía Escribe',
  });
  await expect(row).toHaveAttribute('data-unread', 'true');
  // spec 7: the toast leaves after 5 seconds.
  await expect(toast).toBeHidden({ timeout: 8000 });
});
