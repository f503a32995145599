import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 15 item 6: the public direct-booking website (/book/{slug}), as a guest on a phone in Spanish and
 * in Arabic: the units on sale, a unit's calendar of free nights, the live quote, the guest form (a short
 * phone refused with everything typed kept), the booking and its confirmation; then the operator finds the
 * booking in Reservas with the channel "Web directa".
 */

type Lang = 'es' | 'en' | 'ar';
const files = new Map<Lang, Record<string, unknown>>();
/** A text of the website's namespace ('form.errors.phone_min'), as the page shows it. */
function tr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let texts = files.get(lang);
  if (!texts) {
    const file = new URL(`../src/locales/${lang}/booking-site.json`, import.meta.url);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    files.set(lang, texts);
  }
  let node: unknown = texts;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

const own = accountsFor(test, 'booking-site');
const shots = process.env.SCREENSHOTS_DIR;
const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

interface Site {
  slug: string;
  unitId: string;
  propertyId: string;
  propertyName: string;
  businessName: string;
}

/** Web booking on for the account and its first apartment, through the operator's API. */
async function openWebsite(request: APIRequestContext, session: ApiSession): Promise<Site> {
  const on = await request.put('/api/direct-booking/settings', {
    headers: auth(session),
    data: { enable_web_reservations: true, payment_type: 'on_arrival', discount_enabled: false },
  });
  expect(on.status()).toBe(200);
  const settings = (await on.json()).data as {
    slug: string;
    units: { id: string; property_id: string; kind: string; property_name: string }[];
  };
  const unit = settings.units.find((u) => u.kind === 'property');
  if (!unit) throw new Error('the demo account has no apartment to sell');
  const sell = await request.put(`/api/direct-booking/units/${unit.id}`, {
    headers: auth(session),
    data: { web_reservation_active: true },
  });
  expect(sell.status()).toBe(200);
  const site = await request.get(`/api/public/book/${settings.slug}`);
  expect(site.status()).toBe(200);
  const { business_name } = (await site.json()).data as { business_name: string };
  return {
    slug: settings.slug,
    unitId: unit.id,
    propertyId: unit.property_id,
    propertyName: unit.property_name,
    businessName: business_name,
  };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The first three free nights from `after` on (as the public calendar says), respecting the minimum stay. */
async function freeStay(request: APIRequestContext, site: Site, after: string) {
  const from = after;
  const to = addDays(from, 120);
  const r = await request.get(
    `/api/public/book/${site.slug}/${site.propertyId}/availability?from=${from}&to=${to}`,
  );
  expect(r.status()).toBe(200);
  const { nights } = (await r.json()).data as {
    nights: { date: string; available: boolean; price: number | null; min_stay: number }[];
  };
  for (let i = 0; i + 3 <= nights.length; i++) {
    const stay = nights.slice(i, i + 3);
    const first = stay[0];
    if (first && stay.every((n) => n.available && n.price !== null) && first.min_stay <= 3)
      return { start: first.date, end: addDays(first.date, 3) };
  }
  throw new Error('no three free nights in the next four months');
}

/** Moves the calendar forward to `day`'s month. */
async function showMonth(page: Page, lang: Lang, day: string) {
  const calendar = page.getByTestId('calendar');
  for (let i = 0; i < 14; i++) {
    // The month shown first may still be loading (its days have no date yet): wait before looking.
    await expect(calendar).toHaveAttribute('aria-busy', 'false');
    const button = calendar.locator(`[data-date="${day}"]`);
    if (await button.count()) return button;
    await page.getByRole('button', { name: tr(lang, 'calendar.next') }).click();
    await expect(calendar).toHaveAttribute('aria-busy', 'false');
  }
  throw new Error(`${day} never shown`);
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

let site: Site;
let session: ApiSession;
test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, own.empresa);
  site = await openWebsite(request, session);
  // The operator of two properties works on the website's one: Reservas opens on it, no chooser first.
  const chosen = await request.put('/api/user/active-property', {
    headers: auth(session),
    data: { property_id: site.propertyId },
  });
  expect(chosen.status()).toBe(200);
  session = await apiLogin(request, own.empresa);
});

const phone = { width: 390, height: 844 };

for (const lang of ['es', 'ar'] as const) {
  test.describe(`a guest on a phone (${lang})`, () => {
    test.use({ viewport: phone, locale: lang === 'ar' ? 'ar' : 'es-ES' });

    test('books free nights on the website and the operator sees it in Reservas', async ({
      page,
      request,
    }) => {
      // The next free three nights, after any stay an earlier language booked.
      const after = lang === 'es' ? addDays(iso(new Date()), 7) : addDays(iso(new Date()), 40);
      const stay = await freeStay(request, site, after);

      await page.goto(`/book/${site.slug}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: site.businessName })).toBeVisible();
      const card = page.getByTestId('site-units').getByRole('link', { name: new RegExp(site.propertyName) });
      await expect(card).toContainText(tr(lang, 'site.from', { price: '' }).split(' ')[0] ?? '');
      await shot(page, `booking-site-list-${lang}-390`);
      await card.click();

      await expect(page.getByRole('heading', { level: 1, name: site.propertyName })).toBeVisible();
      await expect(page.getByText(tr(lang, 'calendar.pick_arrival'))).toBeVisible();
      const arrival = await showMonth(page, lang, stay.start);
      // A day button says its date and price per night.
      await expect(arrival).toHaveAttribute('aria-label', /\d/);
      await arrival.click();
      await expect(arrival).toHaveAttribute('aria-pressed', 'true');
      await (await showMonth(page, lang, stay.end)).click();
      await expect(page.getByTestId('picked-stay')).toBeVisible();
      const quote = page.getByTestId('quote');
      await expect(quote).toContainText(
        tr(lang, 'quote.nights', { n: 3, price: '' }).split('×')[0]?.trim() ?? '',
      );
      await expect(page.getByTestId('quote-total')).toHaveText(/\d/);
      const total = (await page.getByTestId('quote-total').textContent()) ?? '';

      // A too-short phone is refused under its field; what was typed stays.
      const name = lang === 'ar' ? 'ليلى حداد' : 'Lucía Web';
      const email = `web-${lang}-${Date.now()}@example.com`;
      await page.getByLabel(tr(lang, 'form.name')).fill(name);
      await page.getByLabel(tr(lang, 'form.email')).fill(email);
      await page.getByLabel(tr(lang, 'form.phone')).fill('12');
      await page.getByLabel(tr(lang, 'form.notes')).fill('Llegamos tarde');
      await expect(page.getByText(tr(lang, 'form.on_arrival'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: tr(lang, 'form.submit') }).click();
      await expect(page.getByText(tr(lang, 'form.errors.phone_min'))).toBeVisible();
      await expect(page.getByLabel(tr(lang, 'form.phone'))).toBeFocused();
      await expect(page.getByLabel(tr(lang, 'form.name'))).toHaveValue(name);
      await expect(page.getByLabel(tr(lang, 'form.email'))).toHaveValue(email);
      await expect(page.getByLabel(tr(lang, 'form.notes'))).toHaveValue('Llegamos tarde');
      await shot(page, `booking-site-form-error-${lang}-390`);

      await page.getByLabel(tr(lang, 'form.phone')).fill('+34 600 111 222');
      await page.getByRole('button', { name: tr(lang, 'form.submit') }).click();
      const done = page.getByTestId('booking-confirmed');
      await expect(done.getByRole('heading', { name: tr(lang, 'done.title') })).toBeVisible();
      await expect(done).toContainText(tr(lang, 'form.on_arrival'));
      await expect(done).toContainText(total);
      const code = ((await page.getByTestId('booking-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
      await shot(page, `booking-site-done-${lang}-390`);

      // The same nights are now taken on the website.
      const again = await request.post(`/api/public/book/${site.slug}/quote`, {
        data: { property_id: site.propertyId, start_date: stay.start, end_date: stay.end, guests: 2 },
      });
      expect((await again.json()).data.unavailable).toBe('dates_taken');

      // The operator finds it in Reservas, from the web.
      const list = await request.get(`/api/bookings?search=${code}`, { headers: auth(session) });
      const items = (await list.json()).data.items as { code: string; channel: string; email: string }[];
      expect(items).toEqual([expect.objectContaining({ code, channel: 'web', email })]);
      const reservas = `/business/scheduled-checkins?search=${code}`;
      await openAs(page, session, reservas, 'es');
      // A table row at 1280 px, a card on a phone: the booking is found by its code either way.
      const found = page.getByText(code, { exact: true });
      await expect(found).toHaveCount(1);
      const reservasList = page.getByTestId('reservas-list');
      await expect(reservasList).toContainText('Web directa');
      await expect(reservasList).toContainText(name);
    });
  });
}

test.describe('someone else takes the nights meanwhile', () => {
  test.use({ viewport: phone });

  test('the guest is told, the calendar shows them taken, and the details typed stay', async ({
    page,
    request,
  }) => {
    const stay = await freeStay(request, site, addDays(iso(new Date()), 100));
    await page.goto(`/book/${site.slug}/${site.propertyId}`);
    await (await showMonth(page, 'es', stay.start)).click();
    await (await showMonth(page, 'es', stay.end)).click();
    await expect(page.getByTestId('quote-total')).toHaveText(/\d/);
    await page.getByLabel(tr('es', 'form.name')).fill('Pedro Tarde');
    await page.getByLabel(tr('es', 'form.email')).fill('pedro@example.com');
    await page.getByLabel(tr('es', 'form.phone')).fill('600 111 222');

    // Another guest books the same nights first.
    const first = await request.post(`/api/public/book/${site.slug}/bookings`, {
      data: {
        property_id: site.propertyId,
        start_date: stay.start,
        end_date: stay.end,
        guests: 1,
        name: 'Primero',
        email: 'primero@example.com',
        phone: '600 999 888',
      },
    });
    expect(first.status()).toBe(201);

    await page.getByRole('button', { name: tr('es', 'form.submit') }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: tr('es', 'form.errors.dates_taken_refresh') }),
    ).toBeVisible();
    // The calendar was asked again: the arrival is no longer free and nothing is selected.
    const lastNight = page.locator(`[data-date="${addDays(stay.end, -1)}"]`);
    if (await lastNight.count()) await expect(lastNight).toBeDisabled();
    await expect(page.getByText(tr('es', 'calendar.pick_arrival'))).toBeVisible();
    // The message stays once the calendar is fresh.
    await expect(
      page.getByRole('alert').filter({ hasText: tr('es', 'form.errors.dates_taken_refresh') }),
    ).toBeVisible();
    await shot(page, 'booking-site-dates-taken-es-390');
    // Choosing other nights brings the form back with what was typed.
    const other = await freeStay(request, site, stay.end);
    await (await showMonth(page, 'es', other.start)).click();
    await (await showMonth(page, 'es', other.end)).click();
    await expect(page.getByLabel(tr('es', 'form.name'))).toHaveValue('Pedro Tarde');
    await expect(page.getByLabel(tr('es', 'form.phone'))).toHaveValue('600 111 222');
  });
});

test.describe('a channel and the website on one calendar', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the channel's stays close the website's nights; Reservas lists the channel's and the web's bookings", async ({
    page,
    request,
  }) => {
    // The e2e server's fake Airbnb listing: two reservations from day 300 and a block at day 320.
    const fake = (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/ical`)).json()) as {
      feeds: Record<string, string>;
    };
    const feed = fake.feeds['/airbnb/listing-e2e.ics'];
    expect(feed).toBeTruthy();
    const connected = await request.post('/api/channel-calendars', {
      headers: auth(session),
      data: { property_id: site.propertyId, channel: 'airbnb', url: feed },
    });
    // A retry finds the feed already connected (409 channels.duplicate): it syncs that connection.
    let calendarId: string;
    if (connected.status() === 409) {
      const list = await request.get(`/api/channel-calendars?property_id=${site.propertyId}`, {
        headers: auth(session),
      });
      calendarId = ((await list.json()).data as { id: string; channel: string }[]).find(
        (c) => c.channel === 'airbnb',
      )?.id as string;
    } else {
      expect(connected.status()).toBe(201);
      calendarId = (await connected.json()).data.id as string;
    }
    const synced = await request.post(`/api/channel-calendars/${calendarId}/sync`, {
      headers: auth(session),
    });
    expect(synced.status()).toBe(200);

    const today = iso(new Date());
    const airbnbArrival = addDays(today, 300);
    // The website no longer sells the channel's nights.
    await page.goto(`/book/${site.slug}/${site.propertyId}?lang=es`);
    const taken = await showMonth(page, 'es', airbnbArrival);
    await expect(taken).toBeDisabled();
    await expect(taken).toHaveAttribute('aria-label', new RegExp(tr('es', 'calendar.unavailable')));
    await shot(page, 'booking-site-channel-nights-es-1280');

    // A guest books other nights on the website.
    const stay = await freeStay(request, site, addDays(today, 325));
    const web = await request.post(`/api/public/book/${site.slug}/bookings`, {
      data: {
        property_id: site.propertyId,
        start_date: stay.start,
        end_date: stay.end,
        guests: 2,
        name: 'Huésped Web Canal',
        email: 'web-canal@example.com',
        phone: '600 123 456',
        language: 'es',
      },
    });
    expect(web.status()).toBe(201);
    const webCode = (await web.json()).data.code as string;

    // Reservas from day 290 on: the two Airbnb reservations and the web booking, each with its channel.
    await openAs(
      page,
      session,
      `/business/scheduled-checkins?property_id=${site.propertyId}&from=${addDays(today, 290)}`,
      'es',
    );
    const webRow = page.getByText(webCode, { exact: true });
    await expect(webRow).toBeVisible();
    const rows = page.getByTestId('reservas-list').locator('tbody tr[data-booking]');
    await expect(rows.filter({ hasText: 'Airbnb' })).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Web directa' }).filter({ hasText: webCode })).toHaveCount(1);
    await shot(page, 'booking-site-reservas-channel-and-web-es-1280');
  });
});

test.describe('what the website says when it cannot sell', () => {
  test.use({ viewport: phone });

  test('an unknown site says it is not available', async ({ page }) => {
    await page.goto('/book/no-existe-este-negocio');
    await expect(page.getByRole('heading', { name: tr('es', 'site.not_available_title') })).toBeVisible();
  });

  test("another account's property is not on this site", async ({ page, request }) => {
    const hotel = await apiLogin(request, own.hotel);
    const other = hotel.user.properties[0]?.id;
    expect(other).toBeTruthy();
    const r = await request.get(
      `/api/public/book/${site.slug}/${other}/availability?from=2030-01-01&to=2030-01-05`,
    );
    expect(r.status()).toBe(404);
    await page.goto(`/book/${site.slug}/${other}`);
    await expect(page.getByText(tr('es', 'property.not_found'))).toBeVisible();
  });
});

test.describe('screens', () => {
  test.skip(!shots, 'SCREENSHOTS_DIR not set');
  for (const width of [390, 1280]) {
    for (const lang of ['es', 'en', 'ar'] as const) {
      test(`site and unit in ${lang} at ${width} px`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`/book/${site.slug}?lang=${lang}`);
        await expect(page.getByTestId('site-units')).toBeVisible();
        await shot(page, `booking-site-list-${lang}-${width}`);
        await page.getByTestId('site-units').getByRole('link').first().click();
        await expect(page.getByTestId('calendar')).toHaveAttribute('aria-busy', 'false');
        const stay = await freeStay(request, site, addDays(iso(new Date()), 75));
        await (await showMonth(page, lang, stay.start)).click();
        await (await showMonth(page, lang, stay.end)).click();
        await expect(page.getByTestId('quote-total')).toBeVisible();
        await shot(page, `booking-site-unit-${lang}-${width}`);
      });
    }
  }
});
