import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';
import { linkFromMail, uniqueEmail } from './support/mail.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'dashboard');

/** The digits of a formatted figure ("2036 €", "66,7 %", "٦٦٫٧٪") as a number; decimals ignored. */
function figure(text: string): number {
  const latin = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const whole = latin.split(/[,.٫](?=\d{1,2}\D*$)/)[0] ?? '';
  return Number(whole.replace(/\D/g, ''));
}

const kpi = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).locator('[data-kpi-value]');

async function numberIn(locator: Locator): Promise<number> {
  return figure((await locator.textContent()) ?? '');
}

/** This spec's copy of demo@posada.local signed in; another flow may have cleared the active property. */
async function loginDemo(page: Page) {
  await login(page, own.empresa);
  // The picker's cards, not the navigation dropdown ("Alojamiento: …").
  const picker = page.getByRole('button', { name: /^(?!Alojamiento:).*Apartamento Sol de Triana/ });
  const greeting = page.getByRole('heading', { name: /Hola, Carmen/ });
  await expect(picker.or(greeting).first()).toBeVisible();
  if (await picker.isVisible()) await picker.click();
  await expect(greeting).toBeVisible();
}

async function openDemoDashboard(page: Page) {
  await loginDemo(page);
  await expect(kpi(page, 'Reservas')).toBeVisible();
}

/** A segment of a segmented control (its radio input is visually hidden: click the label). */
async function choose(scope: Page | Locator, label: string) {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect(scope.getByRole('radio', { name: label, exact: true })).toBeChecked();
}

const propertyFilter = (page: Page) => page.getByRole('combobox', { name: 'Alojamiento', exact: true });

test('the demo operator sees real figures, and the period and the chart range change them', async ({
  page,
}) => {
  await openDemoDashboard(page);

  // This month, one property: non-zero reservations, occupancy and revenue from the demo bookings.
  await expect(page.getByRole('radio', { name: 'Mes', exact: true })).toBeChecked();
  await expect.poll(() => numberIn(kpi(page, 'Reservas'))).toBeGreaterThan(0);
  await expect.poll(() => numberIn(kpi(page, 'Ocupación'))).toBeGreaterThan(0);
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeGreaterThan(0);
  await expect(kpi(page, 'Ingresos')).toHaveText(/€/);
  const scope = page.getByTestId('dashboard-scope');
  await expect(scope).toContainText('Apartamento Sol de Triana');
  const monthLabel = (await page.getByTestId('dashboard-period').textContent()) ?? '';
  const monthRevenue = await numberIn(kpi(page, 'Ingresos'));
  const monthReservations = await numberIn(kpi(page, 'Reservas'));

  // The year: another window, more reservations and more revenue (six months of stays behind today).
  await choose(page, 'Año');
  await expect(page).toHaveURL(/period=year/);
  await expect(page.getByTestId('dashboard-period')).not.toHaveText(monthLabel);
  await expect(page.getByTestId('dashboard-period')).toContainText(String(new Date().getUTCFullYear()));
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeGreaterThan(monthRevenue);
  await expect.poll(() => numberIn(kpi(page, 'Reservas'))).toBeGreaterThan(monthReservations);

  // Breakdown by channel adds up to the period's revenue.
  const breakdown = page.getByRole('region', { name: 'Desglose de ingresos' });
  await expect(
    breakdown.getByRole('region', { name: 'Por canal' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(breakdown).toContainText((await kpi(page, 'Ingresos').textContent()) ?? '');

  // The chart: 12 months by default, then 6 and 24; the screen-reader table follows.
  const chart = page.getByRole('region', { name: 'Ingresos por mes' });
  await expect(chart.getByRole('img', { name: /últimos 12 meses/ })).toBeVisible();
  await expect(chart.getByRole('table', { name: /últimos 12 meses/ }).getByRole('row')).toHaveCount(13);
  await choose(chart, '6 meses');
  await expect(page).toHaveURL(/months=6/);
  await expect(chart.getByRole('table', { name: /últimos 6 meses/ }).getByRole('row')).toHaveCount(7);
  await expect(chart.getByTestId('chart-total')).toContainText('en los últimos 6 meses');
  await choose(chart, '24 meses');
  await expect(chart.getByRole('table', { name: /últimos 24 meses/ }).getByRole('row')).toHaveCount(25);
  await expect(chart.locator('rect[data-month]')).toHaveCount(24);
  // The table can be shown instead of the bars.
  await chart.getByRole('button', { name: 'Ver tabla' }).click();
  await expect(chart.getByRole('img')).toHaveCount(0);
  await expect(chart.getByRole('columnheader', { name: 'Ingresos' })).toBeVisible();
  await chart.getByRole('button', { name: 'Ver gráfico' }).click();
  await expect(chart.getByRole('img')).toBeVisible();
});

test('the property selector filters the figures; choices live in the address; an arrival opens its booking', async ({
  page,
}) => {
  await openDemoDashboard(page);
  await page.goto('/business/dashboard?period=year&months=24');
  const scope = page.getByTestId('dashboard-scope');
  const breakdown = page.getByRole('region', { name: 'Desglose de ingresos' });
  const chart = page.getByRole('region', { name: 'Ingresos por mes' });
  await expect(page.getByRole('radio', { name: 'Año', exact: true })).toBeChecked();
  await expect(scope).toContainText('Apartamento Sol de Triana');
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeGreaterThan(0);

  // All properties add the villa, and the breakdown by property appears.
  const apartmentYear = await numberIn(kpi(page, 'Ingresos'));
  await expect(breakdown.getByRole('region', { name: 'Por alojamiento' })).toHaveCount(0);
  await propertyFilter(page).selectOption({ label: 'Todos los alojamientos' });
  await expect(page).toHaveURL(/property=all/);
  await expect(scope).toContainText('Todos tus alojamientos');
  const byProperty = breakdown.getByRole('region', { name: 'Por alojamiento' });
  await expect(byProperty).toContainText('Apartamento Sol de Triana');
  await expect(byProperty).toContainText('Villa Mar Azul');
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeGreaterThan(apartmentYear);
  const allYear = await numberIn(kpi(page, 'Ingresos'));

  await propertyFilter(page).selectOption({ label: 'Villa Mar Azul' });
  await expect(scope).toContainText('Villa Mar Azul');
  await expect(byProperty).toHaveCount(0);
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeLessThan(allYear);

  // The choices survive a reload (they live in the address).
  await page.reload();
  await expect(scope).toContainText('Villa Mar Azul');
  await expect(page.getByRole('radio', { name: 'Año', exact: true })).toBeChecked();
  await expect(chart.getByRole('table', { name: /últimos 24 meses/ }).getByRole('row')).toHaveCount(25);

  // An upcoming arrival opens its booking in Reservas.
  const upcoming = page.getByRole('region', { name: 'Próximas llegadas' });
  const first = upcoming.getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/business\/scheduled-checkins\/[\w-]+\/[\w-]+\/booking$/);
});

test('in Arabic the dashboard reads right to left', async ({ page }) => {
  await openDemoDashboard(page);
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await expect(page.getByRole('heading', { name: /مرحبًا، Carmen/ })).toBeVisible();
  await expect.poll(() => numberIn(kpi(page, 'الحجوزات'))).toBeGreaterThan(0);
  await expect.poll(() => numberIn(kpi(page, 'الإيرادات'))).toBeGreaterThan(0);
  await expect(page.getByRole('radio', { name: 'الشهر' })).toBeChecked();
  await choose(page, 'السنة');
  await expect(page).toHaveURL(/period=year/);

  // Time runs right to left: the current month is the leftmost bar.
  const chart = page.getByRole('region', { name: 'الإيرادات حسب الشهر' });
  await choose(chart, '6 أشهر');
  const bars = chart.locator('rect[data-month]');
  await expect(bars).toHaveCount(6);
  const oldest = await bars.first().boundingBox();
  const newest = await bars.last().boundingBox();
  expect(oldest && newest && newest.x < oldest.x).toBe(true);
  await expect(chart.getByRole('table', { name: /آخر 6 أشهر/ }).getByRole('row')).toHaveCount(7);

  await page.getByRole('button', { name: /اللغة/ }).click();
  await page.getByRole('radio', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('on a 390 px phone the figures fit and the filters work', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  const page = await context.newPage();
  await openDemoDashboard(page);
  await expect.poll(() => numberIn(kpi(page, 'Ingresos'))).toBeGreaterThan(0);

  // Two KPI cards per row, nothing wider than the screen.
  const reservations = await page.getByRole('region', { name: 'Reservas', exact: true }).boundingBox();
  const checkins = await page.getByRole('region', { name: 'Check-ins hoy' }).boundingBox();
  expect(reservations && checkins && Math.abs(reservations.y - checkins.y) < 2).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await choose(page, 'Semana');
  await expect(page).toHaveURL(/period=week/);
  const chart = page.getByRole('region', { name: 'Ingresos por mes' });
  await choose(chart, '24 meses');
  await expect(chart.locator('rect[data-month]')).toHaveCount(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(
    page.getByRole('region', { name: 'Próximas llegadas' }).getByRole('link').first(),
  ).toBeVisible();
  await context.close();
});

/** A new operator in Colombia with one apartment priced in pesos, and no booking yet. */
async function colombianOperator(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('dashboard-co');
  const password = 'Alojamiento-2026';
  const registered = await request.post('/api/register', {
    data: {
      name: 'Valentina Ospina',
      email,
      password,
      password_confirmation: password,
      phone: '+57 310 555 1234',
      tipo_hospedaje: 'apartamento',
      room_range: '1-4',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await linkFromMail(email, '/verific/token/account/'));
  await expect(page.getByText('¡Correo confirmado!')).toBeVisible();
  // The property is created through the API before signing in, as the wizard would have.
  const session = await request.post('/api/login', { data: { email, password } });
  expect(session.status()).toBe(200);
  const { token } = ((await session.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/properties', {
    headers,
    data: {
      tipo: 'apartamento',
      nombre: 'Casa Candelaria',
      pais: 'CO',
      address: 'Calle 11 # 2-50',
      city: 'Bogotá',
      guests: 4,
      price_night: 25_000_000,
      currency: 'COP',
      description: { es: 'Casa colonial en La Candelaria.', en: '', ar: '' },
    },
  });
  expect(created.status()).toBe(201);
  const property = ((await created.json()) as { data: { id: string } }).data;
  await login(page, email, password);
  return { headers, propertyId: property.id };
}

test('a new account without bookings is invited to create the first one; pesos are shown the Colombian way', async ({
  page,
  request,
}) => {
  const { headers, propertyId } = await colombianOperator(page, request);
  await expect(page).toHaveURL(/\/business\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Hola, Valentina' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aún no tienes reservas' })).toBeVisible();
  await expect(kpi(page, 'Ingresos')).toHaveText(/^\$\s0$/);
  await expect(page.getByRole('heading', { name: 'Casa Candelaria' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Primeros pasos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear tu primera reserva' })).toHaveAttribute(
    'href',
    '/business/scheduled-checkins',
  );

  // A first booking of 1.250.000 pesos, arriving in a few days.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const booked = await request.post('/api/create/new-booking', {
    headers,
    data: {
      start_date: day(2),
      end_date: day(5),
      name: 'Andrés Gómez',
      email: 'andres.gomez@example.com',
      phone: '+57 300 123 4567',
      property_id: propertyId,
      number_of_guests: 2,
      price: 125_000_000,
    },
  });
  expect(booked.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aún no tienes reservas' })).toHaveCount(0);
  const upcoming = page.getByRole('region', { name: 'Próximas llegadas' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expect(upcoming).toContainText('Andrés Gómez');
  await expect(upcoming).toContainText(/\$\s1\.250\.000/);
  await expect(upcoming).toContainText('3 noches');
});
