// Issue 17, review requests: the operator turns reviews on and picks when the request goes out; a stay ends,
// the request job runs, the guest opens the link from the message, scores the stay and is sent to the review
// site (the same one whatever the score), and the operator's report shows the answer.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

const own = accountsFor(test, 'reviews');
const PROPERTY = 'Apartamento Sol de Triana';
const REVIEW_URL = 'https://g.page/r/sol-de-triana/review';
/** Screenshots only when E2E_SHOTS_DIR is set. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

let session: ApiSession;
let propertyId = '';
let reviewLink = '';

async function findProperty(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/properties', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as {
    data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
  };
  const list = Array.isArray(body.data) ? body.data : body.data.items;
  const found = list.find((p) => p.nombre === PROPERTY);
  expect(found).toBeTruthy();
  return found?.id as string;
}

async function expectNoSideScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** The /r/{token} link of what the guest was sent: by e-mail, or through the WhatsApp fake. */
async function linkSentTo(email: string, phoneDigits: string): Promise<string> {
  const pattern = /https?:\/\/[^\s"\\]+\/r\/[A-Za-z0-9_-]{16,64}/;
  let found = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/`)).json()) as {
          to: string;
          text: string;
        }[];
        const mail = mails.find((m) => m.to.includes(email) && pattern.test(m.text));
        const sent = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/whatsapp/sent`).then(
          async (r) => (r.ok ? ((await r.json()) as { data: { to: string }[] }).data : []),
          () => [],
        );
        const toGuest = JSON.stringify(sent.filter((m) => m.to === phoneDigits));
        const whatsapp = pattern.exec(toGuest)?.[0] ?? '';
        found = (mail ? (pattern.exec(mail.text)?.[0] ?? '') : '') || whatsapp;
        return found;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return found;
}

test('settings: reviews on, the request at 00:00 on the departure day, scale 1 to 10', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  session = await apiLogin(request, own.empresa);
  propertyId = await findProperty(request, session.token);
  const chosen = await request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { property_id: propertyId },
  });
  expect(chosen.ok()).toBe(true);
  await openAs(page, session, `/business/properties/edition/${propertyId}/guest-reviews`);
  const enabled = page.getByRole('switch', { name: 'Pedir reseñas a los huéspedes' });
  if (!(await enabled.isChecked())) await enabled.click({ force: true });
  await page.getByLabel('Enlace de reseñas').fill(REVIEW_URL);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Activa las reseñas y añade el enlace')).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Solicitud de valoración' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Hora de envío' }).click();
  await page.getByRole('option', { name: '00:00' }).click();
  await page.getByRole('textbox', { name: 'Días después de la salida' }).fill('0');
  await page.getByRole('radio', { name: 'Del 1 al 10' }).check({ force: true });
  await page.getByRole('button', { name: 'Guardar envío' }).click();
  await expect(page.getByText('Guardamos cuándo se envía la solicitud de valoración.')).toBeVisible();
  await expect(page.getByTestId('review-report-empty')).toBeVisible();

  // The delay stays within 0 to 14 days.
  const delay = page.getByRole('textbox', { name: 'Días después de la salida' });
  await delay.fill('30');
  await delay.blur();
  await expect(delay).toHaveValue('14');
  await delay.fill('0');
  const saved = await request.get(`/api/properties/${propertyId}/review-settings`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect((await saved.json()).data).toMatchObject({ send_hour: 0, delay_days: 0, scale: 10, enabled: true });
});

test('a stay ends, the request goes out, the guest scores it and is sent to the review site', async ({
  page,
  request,
}) => {
  const auth = { Authorization: `Bearer ${session.token}` };
  const email = `rocio.${Date.now()}@example.com`;
  const created = await request.post('/api/create/new-booking', {
    headers: auth,
    data: {
      property_id: propertyId,
      // Five nights: the demo's rates ask up to four in summer (seed-bookings.ts), where day 200 may fall.
      start_date: iso(196),
      end_date: iso(201),
      name: 'Rocío Navarro',
      email,
      phone: '+34 655 010 203',
      number_of_guests: 2,
      price: 12_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bookingId = (await created.json()).data.id as string;
  // The stay ends today and the job runs (its chain would, after 00:00 in the property's time zone).
  const ran = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/reviews/after-stay?booking=${bookingId}`, {
    method: 'POST',
  });
  expect(ran.status, await ran.text()).toBe(200);
  reviewLink = await linkSentTo(email, '34655010203');

  // The guest, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${new URL(reviewLink).pathname}?lang=es`);
  await expect(page.getByRole('heading', { name: 'Hola, Rocío' })).toBeVisible();
  await expect(page.getByText('Del 1 al 10, ¿qué puntuación le das a tu estancia?')).toBeVisible();
  await expect(page.getByRole('button', { name: /de 10$/ })).toHaveCount(10);
  await expectNoSideScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-question-es-390.png`, fullPage: true });
  await page.getByRole('button', { name: '3 de 10' }).click();
  await expect(page.getByRole('heading', { name: 'Gracias por tu opinión' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-thanks-es-390.png`, fullPage: true });
  // No review gating: a 3 gets the same review site as a 10 would.
  const cta = page.getByRole('link', { name: 'Escribir una reseña' });
  await expect(cta).toHaveAttribute('href', REVIEW_URL);
  await page.route('https://g.page/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google reviews</h1>' }),
  );
  await cta.click();
  await expect(page).toHaveURL(REVIEW_URL);

  // Opening the link again shows the answer kept (the first answer stands).
  await page.goto(`${new URL(reviewLink).pathname}?lang=en`);
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible();
  await expect(page.getByText('You scored your stay 3/10.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-thanks-en-390.png`, fullPage: true });
  await page.goto(`${new URL(reviewLink).pathname}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'شكرًا على رأيك' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-thanks-ar-390.png`, fullPage: true });

  // An unknown link says so.
  await page.goto('/r/AAAAAAAAAAAAAAAAAAAAAA?lang=es');
  await expect(
    page.getByText('Este enlace de valoración no es válido o ya no está disponible.'),
  ).toBeVisible();
});

test('the report shows the answer; es, en and ar at 1280', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const lang of ['es', 'en', 'ar'] as const) {
    await openAs(page, session, `/business/properties/edition/${propertyId}/guest-reviews`, lang);
    const report = page.getByTestId('review-report');
    await expect(report).toContainText('Rocío Navarro');
    await expect(report).toContainText('3/10');
    await expectNoSideScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-settings-${lang}-1280.png`, fullPage: true });
  }
});

test('the question in English and Arabic at 390 px (screenshots)', async ({ page, request }) => {
  const auth = { Authorization: `Bearer ${session.token}` };
  const created = await request.post('/api/create/new-booking', {
    headers: auth,
    data: {
      property_id: propertyId,
      start_date: iso(230),
      end_date: iso(234),
      name: 'Omar Haddad',
      email: `omar.${Date.now()}@example.com`,
      phone: '+34 655 010 204',
      number_of_guests: 1,
      price: 9_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const data = (await created.json()).data as { id: string; email: string };
  const ran = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/reviews/after-stay?booking=${data.id}`, {
    method: 'POST',
  });
  expect(ran.status).toBe(200);
  const link = await linkSentTo(data.email, '34655010204');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${new URL(link).pathname}?lang=en`);
  await expect(page.getByText('From 1 to 10, how would you score your stay?')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-question-en-390.png`, fullPage: true });
  await page.goto(`${new URL(link).pathname}?lang=ar`);
  await expect(page.getByText('من 1 إلى 10، ما تقييمك لإقامتك؟')).toBeVisible();
  await expectNoSideScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reviews-guest-question-ar-390.png`, fullPage: true });
});
