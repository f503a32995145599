// issue 13, the guest pages around the flow: the welcome page's photo and stay summary, a finished
// check-in's link reopened (it says so, with the stay and the services page), and the services page,
// which only a completed check-in of that property opens and which lists what the property offers as
// information (icons, no buttons). Screenshots of each in es, en and ar at 390 px and 1280 px with
// GUEST_SCREENSHOTS=<dir>.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { mailCode, messages } from './support/guest-flow.ts';

const own = accountsFor(test, 'guest-stay');
const SCREENSHOTS = process.env.GUEST_SCREENSHOTS;
const PROPERTY = 'Apartamento Sol de Triana';
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const languages = ['es', 'en', 'ar'] as const;

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The operator sends a check-in link for a new stay; answers the property, the check-in and the link. */
async function sendCheckin(request: APIRequestContext, guests = 2) {
  const login = await request.post('/api/login', { data: { email: own.empresa, password: own.password } });
  expect(login.ok()).toBe(true);
  const auth = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const res = (await (await request.get('/api/properties', { headers: auth })).json()) as {
    data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
  };
  const property = (Array.isArray(res.data) ? res.data : res.data.items).find((p) => p.nombre === PROPERTY);
  expect(property).toBeTruthy();
  const email = `stay-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const sent = await request.post('/api/checkins/send', {
    headers: auth,
    data: {
      property_id: property?.id,
      name: 'Marie Dupont',
      phone: '+33 6 12 34 56 78',
      email,
      channel: 'email',
      start_date: iso(0),
      end_date: iso(3),
      guests,
      language: 'es',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { data } = (await sent.json()) as { data: { checkin: { id: string }; link: { url: string } } };
  const link = new URL(data.link.url);
  return {
    propertyId: property?.id as string,
    checkinId: data.checkin.id,
    email,
    path: `${link.pathname}${link.search}`,
    token: link.searchParams.get('t') as string,
  };
}

/** The guest side of a whole check-in through the guest API (the flow's screens are another spec's). */
async function completeByApi(
  page: Page,
  request: APIRequestContext,
  stay: Awaited<ReturnType<typeof sendCheckin>>,
) {
  const call = async (path: string, body: unknown, session?: string) => {
    const res = await request.post(path, {
      data: body as object,
      headers: session ? { 'x-checkin-session': session } : {},
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: { session: string } }).data;
  };
  let { session } = await call('/api/guest/checkin/start', { propiedad_id: stay.propertyId, t: stay.token });
  ({ session } = await call('/api/guest/checkin/code', { security_code: '4821' }, session));
  await call('/api/guest/checkin/verification', { channel: 'email' }, session);
  ({ session } = await call(
    '/api/guest/checkin/verification/confirm',
    { code: await mailCode(stay.email) },
    session,
  ));
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
      email: stay.email,
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
    session,
  );
  await call('/api/guest/checkin/finish', {}, session);
}

/** Nothing sticks out sideways (the page never scrolls horizontally). */
async function expectNoSideScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test.describe('guest pages around the flow', () => {
  test('the welcome page shows the property photo and the stay: dates, guests, hours, address', async ({
    page,
    request,
  }) => {
    const stay = await sendCheckin(request, 2);
    for (const lng of languages) {
      const m = messages(lng);
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${stay.path}&lang=${lng}`);
        await expect(page.getByRole('heading', { name: PROPERTY })).toBeVisible();
        const summary = page.getByTestId('stay-summary');
        await expect(summary).toContainText(m.stay?.dates as string);
        await expect(summary).toContainText(String(m.stay?.guests_n).replace('{{n}}', '2'));
        await expect(summary).toContainText(m.stay?.address as string);
        await expect(summary).toContainText(String(m.stay?.nights).replace('{{n}}', '3'));
        // The property's hours, as the demo's policy states them: "Entrada a partir de las 14:00 · Salida hasta las 12:00".
        await expect(summary.getByTestId('stay-hours')).toHaveText(
          `${String(m.stay?.checkin_from).replace('{{time}}', '14:00')} · ${String(m.stay?.checkout_by).replace('{{time}}', '12:00')}`,
        );
        // The main image, sized (no layout jump) and lazy; it really loads.
        const photo = page.locator('img.g-photo');
        await expect(photo).toHaveAttribute('loading', 'lazy');
        await expect(photo).toHaveAttribute('width', /\d+/);
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        await expectNoSideScroll(page);
        if (SCREENSHOTS)
          await page.screenshot({ path: `${SCREENSHOTS}/welcome-${lng}-${size.name}.png`, fullPage: true });
      }
    }
  });

  test('a finished check-in link reopened says it is done, with the stay and the services page', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const stay = await sendCheckin(request, 1);
    await completeByApi(page, request, stay);
    const services = `/services/${stay.propertyId}/${stay.checkinId}/property`;

    for (const lng of languages) {
      const m = messages(lng);
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        // The link as it was sent, and its flow page: neither starts over.
        for (const path of [
          `${stay.path}&lang=${lng}`,
          `${stay.path.replace('/?t=', '/app/?t=')}&lang=${lng}`,
        ]) {
          await page.goto(path);
          await expect(page.getByRole('heading', { name: m.completed?.title })).toBeVisible();
          await expect(page.locator('.g-progress-text')).toHaveCount(0);
          await expect(page.getByRole('button', { name: m.welcome?.start })).toHaveCount(0);
          await expect(page.getByTestId('stay-summary')).toContainText((m.stay?.guest as string) ?? '');
        }
        await expectNoSideScroll(page);
        if (SCREENSHOTS)
          await page.screenshot({ path: `${SCREENSHOTS}/completed-${lng}-${size.name}.png`, fullPage: true });

        // On to the services page, in the same language.
        await page.getByRole('link', { name: m.completed?.services }).click();
        await expect(page).toHaveURL(new RegExp(`${services}$`));
        await expect(page.getByText(m.services?.checked_in as string)).toBeVisible();
        // What the property offers is information: list items with icons, nothing to press but the languages.
        const items = page.locator('ul.g-services > li');
        await expect(items.first()).toBeVisible();
        expect(await items.count()).toBeGreaterThan(0);
        await expect(items.first().locator('svg')).toHaveCount(1);
        await expect(
          page.locator('.g-services button, .g-services a, .g-services [role=button]'),
        ).toHaveCount(0);
        expect(await items.first().evaluate((li) => getComputedStyle(li).cursor)).not.toBe('pointer');
        await expect(page.getByTestId('stay-summary')).toBeVisible();
        await expectNoSideScroll(page);
        if (SCREENSHOTS)
          await page.screenshot({ path: `${SCREENSHOTS}/services-${lng}-${size.name}.png`, fullPage: true });
      }
    }
  });

  test('the services page of a made-up, pending or other property id is the not-found page', async ({
    page,
    request,
  }) => {
    const m = messages('es');
    const pending = await sendCheckin(request, 1);
    for (const path of [
      `/services/${pending.propertyId}/x/property`,
      `/services/${pending.propertyId}/00000000-0000-4000-8000-000000000000/property`,
      `/services/${pending.propertyId}/${pending.checkinId}/property`,
      `/services/00000000-0000-4000-8000-000000000000/${pending.checkinId}/property`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: m.errors?.not_found_title })).toBeVisible();
      await expect(page.getByText(m.services?.checked_in as string)).toHaveCount(0);
      await expect(page.locator('ul.g-services')).toHaveCount(0);
    }
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/services-unknown-es.png`, fullPage: true });
  });
});
