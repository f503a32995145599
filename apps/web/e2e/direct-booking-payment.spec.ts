import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_BASE_URL, E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 16: a direct booking paid online in advance. The operator's payments account is approved on the
 * Stripe fake and its website takes payment online; a guest on a phone books free nights, pays on the fake
 * Checkout page, is told "Pago recibido, reserva confirmada", and the operator sees the reservation paid.
 */
const own = accountsFor(test, 'direct-booking-payment');
const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

interface Site {
  slug: string;
  propertyId: string;
}

let session: ApiSession;
let site: Site;

/** Connect onboarding completed on the fake (its control endpoints through the e2e server's side port). */
async function approvePayments(request: APIRequestContext) {
  const link = await request.post('/api/payments/account/onboarding-link', { headers: auth(session) });
  expect(link.status(), await link.text()).toBe(200);
  const acct = new URL((await link.json()).data.url).pathname.split('/')[2] ?? '';
  const done = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/stripe/accounts/${acct}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'complete' }),
  });
  expect(done.ok).toBe(true);
}

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, own.empresa);
  await approvePayments(request);
  const on = await request.put('/api/direct-booking/settings', {
    headers: auth(session),
    data: { enable_web_reservations: true, payment_type: 'online', discount_enabled: false },
  });
  expect(on.status(), await on.text()).toBe(200);
  const settings = (await on.json()).data as {
    slug: string;
    online_payments_ready: boolean;
    units: { id: string; property_id: string; kind: string }[];
  };
  expect(settings.online_payments_ready).toBe(true);
  const unit = settings.units.find((u) => u.kind === 'property');
  if (!unit) throw new Error('the demo account has no apartment to sell');
  const sell = await request.put(`/api/direct-booking/units/${unit.id}`, {
    headers: auth(session),
    data: { web_reservation_active: true },
  });
  expect(sell.status()).toBe(200);
  site = { slug: settings.slug, propertyId: unit.property_id };
  const chosen = await request.put('/api/user/active-property', {
    headers: auth(session),
    data: { property_id: site.propertyId },
  });
  expect(chosen.status()).toBe(200);
  session = await apiLogin(request, own.empresa);
});

/** The first two free priced nights from `after` on, as the public calendar says. */
async function freeStay(request: APIRequestContext, after: string) {
  const r = await request.get(
    `/api/public/book/${site.slug}/${site.propertyId}/availability?from=${after}&to=${addDays(after, 120)}`,
  );
  const { nights } = (await r.json()).data as {
    nights: { date: string; available: boolean; price: number | null; min_stay: number }[];
  };
  for (let i = 0; i + 2 <= nights.length; i++) {
    const stay = nights.slice(i, i + 2);
    const first = stay[0];
    if (first && stay.every((n) => n.available && n.price !== null) && first.min_stay <= 2)
      return { start: first.date, end: addDays(first.date, 2) };
  }
  throw new Error('no two free nights');
}

async function showMonth(page: Page, day: string) {
  const calendar = page.getByTestId('calendar');
  for (let i = 0; i < 14; i++) {
    const button = calendar.locator(`[data-date="${day}"]`);
    if (await button.count()) return button;
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await expect(calendar).toHaveAttribute('aria-busy', 'false');
  }
  throw new Error(`${day} never shown`);
}

test.describe('a guest on a phone pays a direct booking online', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });

  test('books, pays on Checkout, sees the booking confirmed; the operator sees it paid', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const stay = await freeStay(request, addDays(iso(new Date()), 150));
    await page.goto(`/book/${site.slug}/${site.propertyId}`);
    await (await showMonth(page, stay.start)).click();
    await (await showMonth(page, stay.end)).click();
    await expect(page.getByTestId('quote-total')).toHaveText(/\d/);
    const total = ((await page.getByTestId('quote-total').textContent()) ?? '').trim();

    const email = `pago-web-${Date.now()}@example.com`;
    await page.getByLabel('Nombre y apellidos').fill('Marta Online');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('+34 600 222 333');
    await expect(page.getByText('Pago en línea ahora', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reservar y pagar' }).click();

    // Stripe's hosted Checkout (the fake), outside the site: the nights are held meanwhile.
    await page.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
    const held = await request.post(`/api/public/book/${site.slug}/quote`, {
      data: { property_id: site.propertyId, start_date: stay.start, end_date: stay.end, guests: 1 },
    });
    expect((await held.json()).data.unavailable).toBe('dates_taken');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back on the website's payment page: confirmed once the webhook said so.
    await page.waitForURL(/\/book\/.+\/pago\//);
    const done = page.getByTestId('booking-confirmed');
    await expect(done.getByRole('heading', { name: 'Pago recibido, reserva confirmada' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(done).toContainText('Pagado en línea');
    await expect(done).toContainText(total);
    const code = ((await page.getByTestId('booking-code').textContent()) ?? '').trim();

    // The operator: booked and paid, from the web, in Reservas.
    const list = await request.get(`/api/bookings?search=${code}`, { headers: auth(session) });
    const items = (await list.json()).data.items as {
      code: string;
      status: string;
      payment_status: string;
    }[];
    expect(items).toEqual([expect.objectContaining({ code, status: 'booked', payment_status: 'paid' })]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAs(page, session, `/business/scheduled-checkins?search=${code}`, 'es');
    await expect(page.getByRole('link', { name: code, exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Pagada');
    await expect(row).toContainText('Reservada');
  });
});
