import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_BASE_URL, E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 15: channel bookings wherever bookings show. Three channels of one apartment (Airbnb, Booking.com,
 * Vrbo) are connected to the e2e server's iCal fake and synced; a Vrbo stay lands on nights a manual
 * booking already holds and becomes an overbooking. The calendars (desktop timeline, phone month), the
 * booking panel, Reservas, the channel calendar and the dashboard must show each source in its colour and
 * the overbooking in red.
 */
const own = accountsFor(test, 'channel-calendars');
test.describe.configure({ mode: 'serial' });

const AIRBNB_RGB = 'rgb(255, 90, 95)';
const BOOKING_RGB = 'rgb(0, 53, 128)';
const VRBO_RGB = 'rgb(28, 70, 149)';
/** Mantine's red 9 (booking-style OVERBOOKING_RED). */
const OVERBOOKING_RGB = 'rgb(201, 42, 42)';

/** The first day of a month over a year ahead: past the demo's bookings and night rules (minimum stays), all in one month. */
function baseDay(): string {
  const later = new Date(Date.now() + 380 * 86_400_000);
  return new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}
const base = baseDay();
const day = (offset: number) =>
  new Date(Date.parse(`${base}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const icalDay = (offset: number) => day(offset).replaceAll('-', '');

function feed(
  prodId: string,
  events: { start: number; end: number; summary: string; uid: string; description?: string }[],
) {
  return [
    'BEGIN:VCALENDAR',
    `PRODID:${prodId}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `DTSTAMP:${icalDay(-60)}T080000Z`,
      `DTSTART;VALUE=DATE:${icalDay(e.start)}`,
      `DTEND;VALUE=DATE:${icalDay(e.end)}`,
      `SUMMARY:${e.summary}`,
      `UID:${e.uid}`,
      ...(e.description ? [`DESCRIPTION:${e.description}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const feeds = {
  airbnb: feed('-//Airbnb Inc//Hosting Calendar 1.0//EN', [
    {
      start: 1,
      end: 4,
      summary: 'Reserved',
      uid: '1418fb94e984-h3b00000000000000000000000000001@airbnb.com',
      description:
        'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMH3B00001\\nPhone Number (Last 4 Digits): 4321',
    },
  ]),
  booking: feed('-//Booking.com//NONSGML Booking Calendar//EN', [
    { start: 9, end: 11, summary: 'CLOSED - Not available', uid: 'b3f1a2c4d5e6f708@booking.com' },
  ]),
  vrbo: feed('-//HomeAway//Vrbo Calendar 1.0//EN', [
    // On the nights the manual booking holds: an overbooking.
    { start: 6, end: 9, summary: 'Reserved - John Smith', uid: 'vrbo-h3b-0001' },
    { start: 11, end: 13, summary: 'Reserved - Jane Doe', uid: 'vrbo-h3b-0002' },
  ]),
};

interface Seeded {
  session: ApiSession;
  propertyId: string;
  propertyName: string;
}
let seeded: Seeded;

async function seed(request: APIRequestContext): Promise<Seeded> {
  const session = await apiLogin(request, own.empresa);
  const property =
    session.user.properties.find((p) => p.nombre.includes('Sol de Triana')) ?? session.user.properties[0];
  if (!property) throw new Error('the demo empresa has no property');
  const headers = { Authorization: `Bearer ${session.token}` };
  // The apartment active, as the picker would leave it (the Main layout shows the pages then).
  const chosen = await request.put('/api/user/active-property', {
    headers,
    data: { property_id: property.id },
  });
  expect(chosen.status()).toBe(200);
  const manual = await request.post('/api/create/new-booking', {
    headers,
    data: {
      property_id: property.id,
      start_date: day(5),
      end_date: day(8),
      name: 'Lucía Manual',
      email: 'lucia.manual@example.com',
      phone: '+34 612 345 678',
      number_of_guests: 2,
      price: 30_000,
    },
  });
  expect(manual.status(), await manual.text()).toBe(201);
  for (const channel of ['airbnb', 'booking', 'vrbo'] as const) {
    // Through Playwright's client: a pooled fetch socket the fake's server closed meanwhile reset once.
    const set = await request.post(
      `http://127.0.0.1:${E2E_MAIL_PORT}/ical?path=/h3b/${channel}-${base}.ics`,
      {
        data: feeds[channel],
        headers: { 'content-type': 'text/calendar' },
      },
    );
    expect(set.ok()).toBe(true);
    const { url } = (await set.json()) as { url: string };
    const created = await request.post('/api/channel-calendars', {
      headers,
      data: { property_id: property.id, channel, url },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()).data as { id: string };
    const synced = await request.post(`/api/channel-calendars/${id}/sync`, { headers });
    expect(synced.status(), await synced.text()).toBe(200);
    const result = (await synced.json()).data as { created: number; conflicts: number };
    expect(result.created + result.conflicts, channel).toBeGreaterThan(0);
  }
  return {
    session: { ...session, user: { ...session.user, active_property_id: property.id } as ApiSession['user'] },
    propertyId: property.id,
    propertyName: property.nombre,
  };
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  seeded = await seed(request);
  await request.dispose();
});

const bar = (scope: Page | Locator, channel: string, status = 'booked') =>
  scope.locator(`[data-testid="booking-bar"][data-channel="${channel}"][data-status="${status}"]`);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test('the desktop calendar colours each stay by its channel, the overbooking red, and the panel explains both', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, seeded.session, `/calendar/bookings?date=${base}`);
  const row = page.locator('[data-testid="unit-row"]').filter({ hasText: seeded.propertyName });
  await expect(bar(row, 'airbnb')).toHaveCSS('background-color', AIRBNB_RGB);
  await expect(bar(row, 'airbnb')).toHaveAttribute('aria-label', /Airbnb.*HMH3B00001/);
  await expect(bar(row, 'booking')).toHaveCSS('background-color', BOOKING_RGB);
  await expect(bar(row, 'vrbo')).toHaveCSS('background-color', VRBO_RGB);
  const overbooked = bar(row, 'vrbo', 'overbooking');
  await expect(overbooked).toHaveCSS('background-color', OVERBOOKING_RGB);
  await expect(overbooked).toHaveAttribute('aria-label', /John Smith.*Overbooking.*Vrbo/);
  await expect(overbooked.getByTestId('overbooking-mark')).toBeVisible();
  // The manual booking keeps its status colour (Mantine's blue) and no channel mark.
  await expect(bar(row, 'manual')).toHaveCSS('background-color', 'rgb(25, 113, 194)');
  await expect(bar(row, 'manual').locator('[data-channel-logo]')).toHaveCount(0);
  await expect(
    page.getByText('Origen de la reserva').or(page.getByTestId('legend-source').first()),
  ).toBeVisible();
  await shot(page, 'desktop-calendar-es-1280');

  await bar(row, 'airbnb').click();
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByTestId('panel-external-ref')).toHaveText('Código en Airbnb: HMH3B00001');
  await expect(panel.getByTestId('external-warning')).toContainText(
    'solo se puede modificar o cancelar desde Airbnb',
  );
  await expect(panel.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Cancelar reserva' })).toBeDisabled();
  await shot(page, 'panel-airbnb-es-1280');
  await page.keyboard.press('Escape');

  await overbooked.click();
  await expect(panel.getByTestId('overbooking-warning')).toContainText('mueve a uno de los huéspedes');
  await shot(page, 'panel-overbooking-es-1280');

  for (const lang of ['en', 'ar'] as const) {
    await openAs(page, seeded.session, `/calendar/bookings?date=${base}`, lang);
    await expect(bar(page, 'vrbo', 'overbooking')).toHaveAttribute(
      'aria-label',
      lang === 'en' ? /Overbooking/ : /حجز زائد/,
    );
    await shot(page, `desktop-calendar-${lang}-1280`);
    await bar(page, 'vrbo', 'overbooking').click();
    await expect(page.getByTestId('overbooking-warning')).toBeVisible();
    await shot(page, `panel-overbooking-${lang}-1280`);
  }
});

test('the phone month calendar shows the same colours and the overbooking in its own lane', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, seeded.session, `/calendar-monthly/bookings?date=${base}&property=${seeded.propertyId}`);
  await expect(bar(page, 'airbnb').first()).toHaveCSS('background-color', AIRBNB_RGB);
  await expect(bar(page, 'booking').first()).toHaveCSS('background-color', BOOKING_RGB);
  const overbooked = bar(page, 'vrbo', 'overbooking').first();
  await expect(overbooked).toHaveCSS('background-color', OVERBOOKING_RGB);
  await expect(overbooked).toHaveAttribute('aria-label', /Overbooking/);
  // Not hidden under the manual stay it collides with.
  const manualBox = await bar(page, 'manual').first().boundingBox();
  const overBox = await overbooked.boundingBox();
  expect(overBox && manualBox ? overBox.y - manualBox.y : 0).toBeGreaterThanOrEqual(20);
  await shot(page, 'monthly-es-390');
  for (const lang of ['en', 'ar'] as const) {
    await openAs(
      page,
      seeded.session,
      `/calendar-monthly/bookings?date=${base}&property=${seeded.propertyId}`,
      lang,
    );
    await expect(bar(page, 'vrbo', 'overbooking').first()).toHaveAttribute(
      'aria-label',
      lang === 'en' ? /Overbooking/ : /حجز زائد/,
    );
    await shot(page, `monthly-${lang}-390`);
  }
});

test('Reservas shows the source with its logo and code, and the overbooking in red', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, seeded.session, '/business/scheduled-checkins?search=HMH3B00001');
  const airbnbRow = page.locator('tr[data-booking]').filter({ hasText: 'HMH3B00001' });
  await expect(airbnbRow).toHaveCount(1);
  await expect(airbnbRow.locator('[data-channel="airbnb"]')).toContainText('Airbnb');
  await expect(airbnbRow.locator('[data-channel-logo="airbnb"]')).toBeVisible();
  await shot(page, 'reservas-search-es-1280');

  await openAs(page, seeded.session, '/business/scheduled-checkins?status=overbooking');
  const overRow = page.locator('tr[data-booking]').filter({ hasText: 'John Smith' });
  const badge = overRow.getByTestId('overbooking-badge');
  await expect(badge).toHaveText('Overbooking');
  await expect(badge).toHaveCSS('background-color', 'rgb(224, 49, 49)');
  await expect(overRow.locator('[data-channel="vrbo"]')).toContainText('Vrbo');
  await shot(page, 'reservas-overbooking-es-1280');

  for (const lang of ['en', 'ar'] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, seeded.session, '/business/scheduled-checkins?channel=vrbo', lang);
    await expect(page.getByTestId('overbooking-badge').first()).toHaveText(
      lang === 'en' ? 'Overbooking' : 'حجز زائد',
    );
    await shot(page, `reservas-vrbo-${lang}-390`);
  }
});

test('the channel calendar filters by source and keeps the overbooking in sight', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Reached from Canales.
  await openAs(page, seeded.session, '/business/channel-connect');
  await page.getByRole('link', { name: 'Calendario por canal' }).click();
  await expect(page).toHaveURL(/\/business\/channel-connect\/calendar/);
  await expect(page.getByRole('heading', { name: 'Calendario por canal' })).toBeVisible();
  await page.goto(`/business/channel-connect/calendar?date=${base}`);
  await expect(bar(page, 'airbnb')).toBeVisible();
  await expect(bar(page, 'manual').first()).toBeVisible();
  await page.getByTestId('source-filter').getByText('Airbnb', { exact: true }).click();
  await expect(bar(page, 'airbnb')).toBeVisible();
  await expect(bar(page, 'manual')).toHaveCount(0);
  await expect(bar(page, 'booking')).toHaveCount(0);
  await expect(bar(page, 'vrbo', 'overbooking')).toBeVisible();
  await shot(page, 'ota-calendar-airbnb-es-1280');
  for (const lang of ['en', 'ar'] as const) {
    await openAs(page, seeded.session, `/business/channel-connect/calendar?date=${base}`, lang);
    await expect(bar(page, 'booking')).toBeVisible();
    await shot(page, `ota-calendar-${lang}-1280`);
  }
});

test('the dashboard raises a red card for the overbooking that leads to it in Reservas', async ({ page }) => {
  for (const [lang, width] of [
    ['en', 1280],
    ['ar', 390],
    ['es', 390],
    ['es', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await openAs(page, seeded.session, '/business/dashboard', lang);
    const card = page.getByTestId('channel-alerts');
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, `dashboard-${lang}-${width}`);
  }
  const card = page.getByTestId('channel-alerts');
  await expect(card.getByRole('heading', { name: 'Canales que necesitan atención' })).toBeVisible();
  await card.getByTestId('alert-overbookings').click();
  await expect(page).toHaveURL(/status=overbooking/);
  await expect(page.locator('tr[data-booking]').filter({ hasText: 'John Smith' })).toBeVisible();
});
