// Issue 18, the operator's side of the experiences store: the demo account (plan smart, subscribed) has
// four months of service requests in every state from its demo seed. The operator approves one (after the
// reminder to contact the guest), rejects one, confirms the payment of one taken at the property and
// discards one; reads the report with its numbers and downloads its CSV; and sets a property's upselling
// moments. Screenshots in es, en and ar, desktop and 390 px, when E2E_SHOTS_DIR is set.
import { mkdirSync, readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';

const own = accountsFor(test, 'experiences-upselling');
const SHOTS = process.env.E2E_SHOTS_DIR;
const REQUESTS = '/business/upselling/requests';
const REPORTS = '/business/upselling/reports';
const ACCOMMODATIONS = '/business/upselling/accommodations';
test.describe.configure({ mode: 'serial' });

let session: ApiSession;

/** The count in a status tab's badge ("Pendientes 3" → 3). */
async function tabCount(page: Page, name: string): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab).toContainText(/\d/);
  return Number((await tab.textContent())?.replace(/\D/g, ''));
}

/** Opens a status tab and waits for its own rows (the previous tab's stay on screen while they load). */
async function openTab(page: Page, name: string, status: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('request-row').first().getByTestId('request-status')).toHaveText(
    new RegExp(`^${status}$`, 'i'),
  );
}

/** Confirms the modal the action opened, after checking what it says. */
async function confirm(page: Page, button: string, says: RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('request-confirm')).toContainText(says);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

async function menuAction(row: Locator, page: Page, action: string) {
  await row.getByRole('button', { name: /Más acciones/ }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function shoot(page: Page, name: string) {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/upsell-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/upsell-${name}-390.png`, fullPage: true });
  // Nothing runs off the side of a phone.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, own.empresa);
  // The account has two properties: one chosen, so the screens open without the property picker.
  const propertyId = session.user.properties[0]?.id as string;
  const res = await request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { property_id: propertyId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  Object.assign(session.user, { active_property_id: propertyId });
  await guestRequests(request);
});

/**
 * Requests of this try, made as guests of completed stays do (the guest store API): two manual services
 * start pending and one automatic starts approved, so a retry finds rows for every action too.
 */
async function guestRequests(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${session.token}` };
  const stays = await request.get('/api/checkins?tab=complete&page_size=50', { headers });
  expect(stays.ok(), await stays.text()).toBe(true);
  const services = await request.get('/api/services?active=true', { headers });
  expect(services.ok(), await services.text()).toBe(true);
  type Stay = { id: string; property_id: string; start_date: string };
  type Service = { id: string; property_id: string | null; confirmation: string; price: number };
  const list: Service[] = (await services.json()).data.items;
  const made = { manual: 0, automatic: 0 };
  for (const stay of (await stays.json()).data.items as Stay[]) {
    for (const service of list) {
      if (service.property_id && service.property_id !== stay.property_id) continue;
      const kind = service.confirmation as keyof typeof made;
      if (service.price === 0 || made[kind] >= (kind === 'manual' ? 2 : 1)) continue;
      const res = await request.post(
        `/api/guest/store/${stay.property_id}/${stay.id}/services/${service.id}/requests`,
        { data: { quantity: 1, service_date: stay.start_date, language: 'es' } },
      );
      expect(res.ok(), await res.text()).toBe(true);
      made[kind] += 1;
    }
    if (made.manual >= 2 && made.automatic >= 1) return;
  }
  throw new Error(`not enough stays and services for the requests: ${JSON.stringify(made)}`);
}

test('the operator approves, rejects, confirms the payment of and discards requests', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, session, REQUESTS);
  await expect(page.getByRole('tab', { name: /^Solicitudes/ })).toHaveAttribute('aria-selected', 'true');
  // The first read of a freshly seeded account may take a while beside other suites.
  await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'es-requests');

  // The detail: everything about the request, its notes included.
  await page
    .getByTestId('request-row')
    .first()
    .getByRole('button', { name: /^Ver la solicitud/ })
    .click();
  const detail = page.getByTestId('request-detail');
  await expect(detail).toContainText('Notas del huésped');
  await expect(detail).toContainText('Número de documento');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Approve a pending one: the modal reminds to contact the guest first.
  const pending = await tabCount(page, 'Pendientes');
  expect(pending).toBeGreaterThan(0);
  await openTab(page, 'Pendientes', 'Pendiente');
  await page.getByTestId('request-row').first().getByRole('button', { name: 'Aprobar' }).click();
  await confirm(page, 'Aprobar', /contacta con/);
  await expect(page.getByText(/aprobada\.$/)).toBeVisible();
  await expect.poll(() => tabCount(page, 'Pendientes')).toBe(pending - 1);

  // Reject an approved one (a hold, if any, is released).
  const rejected = await tabCount(page, 'Rechazadas');
  await openTab(page, 'Aprobadas', 'Aprobada');
  await menuAction(page.getByTestId('request-row').first(), page, 'Rechazar');
  await confirm(page, 'Rechazar', /no podemos ofrecer/);
  await expect(page.getByText(/rechazada\.$/)).toBeVisible();
  await expect.poll(() => tabCount(page, 'Rechazadas')).toBe(rejected + 1);

  // Confirm the payment of one taken at the property: it is paid.
  const paid = await tabCount(page, 'Pagadas');
  const payable = page
    .getByTestId('request-row')
    .filter({ has: page.getByRole('button', { name: 'Confirmar pago' }) })
    .first();
  await payable.getByRole('button', { name: 'Confirmar pago' }).click();
  await confirm(page, 'Confirmar pago', /has cobrado/);
  await expect(page.getByText(/confirmado\.$/)).toBeVisible();
  await expect.poll(() => tabCount(page, 'Pagadas')).toBe(paid + 1);

  // Discard a rejected one: it is gone.
  const before = await tabCount(page, 'Rechazadas');
  await openTab(page, 'Rechazadas', 'Rechazada');
  await menuAction(page.getByTestId('request-row').first(), page, 'Descartar');
  await confirm(page, 'Descartar', /se eliminará/);
  await expect(page.getByText(/descartada\.$/)).toBeVisible();
  await expect.poll(() => tabCount(page, 'Rechazadas')).toBe(before - 1);

  for (const lang of ['en', 'ar'] as const) {
    await openAs(page, session, REQUESTS, lang);
    await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 30_000 });
    await shoot(page, `${lang}-requests`);
  }
});

test('the report shows the numbers of the last 12 months and downloads its CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, session, REPORTS);
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
  await page.locator('label', { hasText: 'Últimos 12 meses' }).click();
  await expect(page.getByRole('radio', { name: 'Últimos 12 meses' })).toBeChecked();
  const requestsKpi = page.getByTestId('report-kpi').filter({ hasText: 'Solicitudes' });
  await expect(requestsKpi.getByTestId('report-kpi-value')).toHaveText(/^[1-9]/);
  await expect(page.getByTestId('report-funnel')).toContainText('Ofrecidos');
  await expect(page.getByTestId('report-by-service').getByRole('row')).not.toHaveCount(1);
  // The revenue chart draws a bar for each month with paid requests.
  const bars = page.getByTestId('report-revenue-chart').locator('.recharts-bar-rectangle path');
  await expect.poll(() => bars.count()).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\n').filter((line) => line.trim()).length).toBeGreaterThan(1);
  await expect(page.getByText(/^Descargado /)).toBeVisible();
  await shoot(page, 'es-reports');

  for (const lang of ['en', 'ar'] as const) {
    await openAs(page, session, REPORTS, lang);
    await expect(page.getByTestId('report-funnel')).toBeVisible({ timeout: 30_000 });
    await shoot(page, `${lang}-reports`);
  }
});

test("a property's upselling moments are saved and kept", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, session, ACCOMMODATIONS);
  const card = page.getByTestId('accommodation-card').first();
  await expect(card.getByTestId('accommodation-qr')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('store-state')).toBeVisible();
  await shoot(page, 'es-accommodations');

  await card.getByRole('link', { name: 'Configurar ofertas' }).click();
  await expect(page.getByTestId('config-title')).toBeVisible();
  const during = page.getByTestId('moment-during_stay');
  const toggle = during.getByRole('switch');
  if (!(await toggle.isChecked())) await toggle.check({ force: true });
  await during.getByRole('textbox', { name: 'Día de la estancia' }).fill('3');
  const services = during.getByRole('textbox', { name: 'Servicios ofrecidos' });
  await services.click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await shoot(page, 'es-config');
  await page.getByTestId('config-save').click();
  await expect(page.getByText('Ofertas guardadas.')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('moment-during_stay').getByRole('switch')).toBeChecked();
  await expect(
    page.getByTestId('moment-during_stay').getByRole('textbox', { name: 'Día de la estancia' }),
  ).toHaveValue('3');

  for (const lang of ['en', 'ar'] as const) {
    await openAs(page, session, ACCOMMODATIONS, lang);
    await expect(page.getByTestId('accommodation-qr').first()).toBeVisible({ timeout: 30_000 });
    await shoot(page, `${lang}-accommodations`);
    await page.getByTestId('accommodation-card').first().getByRole('link').last().click();
    await expect(page.getByTestId('config-title')).toBeVisible();
    await shoot(page, `${lang}-config`);
  }
});
