// Issue 18, the experiences store on the guest's side: on a 390 px phone, in Spanish and in Arabic, a guest
// with a completed check-in opens the services page, sees the store's services, opens one, requests it and
// pays on the Stripe fake's Checkout, comes back and sees it paid (an automatic service) or held until the
// accommodation confirms (a manual one); then the operator approves the held one, which charges the card,
// and finds it paid in the requests and in the report. Screenshots of the services page and the service page in es, en
// and ar at 390 px and 1280 px with GUEST_SCREENSHOTS=<dir>.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { mailCode, messages } from './support/guest-flow.ts';
import { E2E_BASE_URL, E2E_MAIL_PORT } from './support/ports.ts';

const own = accountsFor(test, 'guest-store');
// In order: the operator approves the Arabic guest's held request, so a retry runs them all again.
test.describe.configure({ mode: 'serial' });
const SCREENSHOTS = process.env.GUEST_SCREENSHOTS;
const PROPERTY = 'Apartamento Sol de Triana';
const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const run = `${Date.now() % 100_000}`;

let session: ApiSession;
let propertyId = '';
const services = { transfer: '', dinner: '' };

/** The operator's payments account approved on the Stripe fake: priced services are paid online. */
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

async function createService(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/services', {
    headers: auth(session),
    data: { property_id: propertyId, provider_id: null, currency: 'EUR', active: true, ...body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, own.empresa);
  const res = (await (await request.get('/api/properties', { headers: auth(session) })).json()) as {
    data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
  };
  const property = (Array.isArray(res.data) ? res.data : res.data.items).find((p) => p.nombre === PROPERTY);
  propertyId = property?.id ?? '';
  expect(propertyId).not.toBe('');
  await approvePayments(request);
  const store = await request.put(`/api/properties/${propertyId}/settings/cross-selling-property`, {
    headers: auth(session),
    data: { enabled: true, type: 'internal', external_message: '', external_url: '' },
  });
  expect(store.status(), await store.text()).toBe(200);
  services.transfer = await createService(request, {
    name: `Traslado ${run}`,
    title: {
      es: `Traslado al aeropuerto ${run}`,
      en: `Airport transfer ${run}`,
      ar: `نقل إلى المطار ${run}`,
    },
    description: {
      es: 'Te llevamos al aeropuerto en un coche privado.',
      en: 'A private car to the airport.',
      ar: 'سيارة خاصة إلى المطار.',
    },
    category: 'transfer',
    confirmation: 'automatic',
    price_type: 'person',
    price: 3500,
  });
  services.dinner = await createService(request, {
    name: `Cena ${run}`,
    title: { es: `Cena romántica ${run}`, en: `Romantic dinner ${run}`, ar: `عشاء رومانسي ${run}` },
    description: {
      es: 'Cena para dos en la terraza.',
      en: 'Dinner for two on the terrace.',
      ar: 'عشاء لشخصين.',
    },
    category: 'romantic',
    confirmation: 'manual',
    price_type: 'group',
    price: 8000,
  });
});

/** A new stay of the property whose guest finished the check-in (through the guest API). */
async function completedStay(page: Page, request: APIRequestContext) {
  const email = `store-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const sent = await request.post('/api/checkins/send', {
    headers: auth(session),
    data: {
      property_id: propertyId,
      name: 'Marie Dupont',
      phone: '+33 6 12 34 56 78',
      email,
      channel: 'email',
      start_date: iso(0),
      end_date: iso(3),
      guests: 1,
      language: 'es',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { data } = (await sent.json()) as { data: { checkin: { id: string }; link: { url: string } } };
  const token = new URL(data.link.url).searchParams.get('t') as string;
  const call = async (path: string, body: unknown, s?: string) => {
    const res = await request.post(path, {
      data: body as object,
      headers: s ? { 'x-checkin-session': s } : {},
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: { session: string } }).data;
  };
  let s = (await call('/api/guest/checkin/start', { propiedad_id: propertyId, t: token })).session;
  s = (await call('/api/guest/checkin/code', { security_code: '4821' }, s)).session;
  await call('/api/guest/checkin/verification', { channel: 'email' }, s);
  s = (await call('/api/guest/checkin/verification/confirm', { code: await mailCode(email) }, s)).session;
  await page.goto('/checkin/customers/previe/none/');
  const signature = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 80;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.moveTo(10, 60);
    ctx.lineTo(190, 20);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
  await call(
    '/api/guest/checkin/guests',
    {
      first_name: 'Marie',
      last_name: 'Dupont',
      gender: 'female',
      birth_date: '1990-04-12',
      phone: '+33 6 12 34 56 78',
      email,
      document_type: 'passport',
      document_number: '18FR41234',
      issue_date: '2022-01-01',
      expiry_date: '2032-01-01',
      support_number: 'ABC123456',
      nationality: 'FRA',
      country: 'ES',
      address: 'Calle Dato 12',
      city: 'Vitoria-Gasteiz',
      postal_code: '01001',
      residence_country: 'ES',
      minors: false,
      kinship: null,
      signature,
      arrival: iso(0),
      departure: iso(3),
      process: 'manual',
    },
    s,
  );
  await call('/api/guest/checkin/finish', {}, s);
  return { checkinId: data.checkin.id };
}

/** Nothing sticks out sideways (the page never scrolls horizontally). */
async function expectNoSideScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

const cases = [
  { lng: 'es', service: 'transfer', title: `Traslado al aeropuerto ${run}`, held: false },
  { lng: 'ar', service: 'dinner', title: `عشاء رومانسي ${run}`, held: true },
] as const;

for (const c of cases) {
  test(`${c.lng}: a guest requests a service from the services page and pays it on Checkout`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = messages(c.lng);
    const store = m.store as unknown as Record<string, Record<string, string>> & Record<string, string>;
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    const page = await phone.newPage();
    const stay = await completedStay(page, request);

    await page.goto(`/services/${propertyId}/${stay.checkinId}/property?lang=${c.lng}`);
    await expect(page.locator('html')).toHaveAttribute('dir', c.lng === 'ar' ? 'rtl' : 'ltr');
    const section = page.getByTestId('store-internal');
    await expect(section.getByRole('heading', { name: store.title })).toBeVisible();
    const card = section.getByRole('link', { name: new RegExp(c.title) });
    await expect(card).toBeVisible();
    await expectNoSideScroll(page);
    await card.click();

    // The service's page: its title, price, confirmation and the form.
    await expect(page).toHaveURL(
      new RegExp(`/services/${propertyId}/${services[c.service]}/${stay.checkinId}/vew/`),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(
      page.getByText(store.confirmation?.[c.held ? 'manual' : 'automatic'] as string),
    ).toBeVisible();
    const total = page.getByTestId('request-total');
    if (c.held) {
      // A group price: no quantity, one price.
      await expect(page.getByLabel(store.quantity_label?.person as string)).toHaveCount(0);
      await expect(total).toContainText(/80[.,]00/);
    } else {
      await expect(page.getByLabel(store.quantity_label?.person as string, { exact: true })).toHaveValue('1');
      await expect(total).toContainText('35,00');
      await page.getByRole('button', { name: store.quantity_more as string }).click();
      await expect(total).toContainText('70,00');
    }
    await page.getByLabel(new RegExp(store.notes as string)).fill('Vuelo IB3456');
    if (!c.held) {
      // A date outside the stay is refused on its field; what was typed stays.
      const date = page.getByLabel(store.date as string, { exact: true });
      const today = await date.inputValue();
      await date.fill('01/01/2020');
      await page.getByRole('button', { name: store.submit_pay as string }).click();
      await expect(page.getByRole('alert').filter({ hasText: store.date_invalid as string })).toBeVisible();
      await expect(page.getByLabel(new RegExp(store.notes as string))).toHaveValue('Vuelo IB3456');
      await date.fill(today);
    }
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: store.submit_pay as string }).click();

    // Stripe's hosted Checkout (the fake), then back on the service's page.
    await page.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
    if (!c.held) {
      // Left without paying: the page says so and the request keeps its pay button.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/cancelled=1/);
      await expect(page.getByText(store.cancelled as string)).toBeVisible();
      const unpaid = page.getByTestId('guest-request').first();
      await expect(unpaid).toContainText(store.payment?.unpaid as string);
      await unpaid.getByRole('button', { name: /70,00/ }).click();
      await page.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
    }
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/paid=1/);
    await expect(page.locator('html')).toHaveAttribute('dir', c.lng === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(store.paid as string)).toBeVisible();
    const request0 = page.getByTestId('guest-request').first();
    if (c.held) {
      await expect(request0).toContainText(store.status?.pending as string);
      await expect(request0).toContainText(store.payment?.authorized as string, { timeout: 20_000 });
    } else {
      await expect(request0).toContainText(store.status?.paid as string, { timeout: 20_000 });
      await expect(request0).toContainText('70,00');
    }
    await expect(request0.getByRole('button')).toHaveCount(0);

    // The services page lists it too.
    await page.getByRole('link', { name: store.back as string }).click();
    const mine = page.getByTestId('store-internal').getByTestId('guest-request').first();
    await expect(mine).toContainText(c.title);
    await expect(mine).toContainText(store.status?.[c.held ? 'pending' : 'paid'] as string);
    await phone.close();
  });
}

test('the operator approves the held request: it is charged, paid, and in the report', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The Arabic guest's manual dinner above is held on the card until the operator approves it.
  const chosen = await request.put('/api/user/active-property', {
    headers: auth(session),
    data: { property_id: propertyId },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, session, '/business/upselling/requests');
  await page.getByRole('textbox', { name: /Buscar/ }).fill(`Cena ${run}`);
  const row = page
    .getByTestId('request-row')
    .filter({ hasText: `Cena ${run}` })
    .first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/contacta con/);
  await dialog.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await expect(page.getByText(/aprobada\.$/)).toBeVisible();
  // Approving captured the hold: the request is paid.
  await expect(row.getByTestId('request-status')).toHaveText(/Pagada/i, { timeout: 20_000 });

  await openAs(page, session, '/business/upselling/reports');
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
  const byService = page.getByTestId('report-by-service');
  await expect(byService.getByRole('row').filter({ hasText: `Cena ${run}` })).toContainText('80,00');
});

test('the services page and a service page in es, en and ar at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.skip(!SCREENSHOTS, 'screenshots only with GUEST_SCREENSHOTS');
  test.setTimeout(150_000);
  const stay = await completedStay(page, request);
  for (const lng of ['es', 'en', 'ar'] as const) {
    for (const size of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/services/${propertyId}/${stay.checkinId}/property?lang=${lng}`);
      await expect(page.getByTestId('store-internal')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `${SCREENSHOTS}/store-services-${lng}-${size.name}.png`,
        fullPage: true,
      });
      await page.goto(`/services/${propertyId}/${services.transfer}/${stay.checkinId}/vew/?lang=${lng}`);
      await expect(page.getByTestId('request-total')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SCREENSHOTS}/store-service-${lng}-${size.name}.png`, fullPage: true });
      await expectNoSideScroll(page);
    }
  }
});
