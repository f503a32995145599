// Issue 18, the experiences store, operator side (spec 2.2 service, create/services, update/{id}/service,
// upselling/providers): an operator with premium access adds a provider (the API refuses a phone that is not
// valid for its country, under the field), creates a service with two photos chosen before saving, finds it
// in the list, edits it, opens it by ?service_id= and deactivates it after confirming. Screenshots in es, en
// and ar, desktop and 390 px. (An account without premium access: experiences-frame.test.tsx.)
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';

// The demo empresa's copy is on plan smart, subscribed (premium).
const own = accountsFor(test, 'experiences-services');
/** Screenshots only when E2E_SHOTS_DIR is set. */
const SHOTS = process.env.E2E_SHOTS_DIR;
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-5);
const PROVIDER = `Taxis Triana ${run}`;
const SERVICE = `Traslado aeropuerto ${run}`;

/** A small picture drawn by the browser, as PNG or JPEG bytes. */
async function picture(page: Page, type: 'image/png' | 'image/jpeg', colour: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ type, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(160, 120, 60, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL(type, 0.9).split(',')[1] ?? '';
    },
    { type, colour },
  );
  return Buffer.from(base64, 'base64');
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

let session: ApiSession;

/** The premium account signed in, with its first property chosen (it has two: no picker on the way). */
async function premiumSession(request: APIRequestContext): Promise<ApiSession> {
  const first = await apiLogin(request, own.empresa);
  const chosen = await request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { property_id: first.user.properties[0]?.id },
  });
  expect(chosen.ok()).toBe(true);
  return apiLogin(request, own.empresa);
}

test('an operator adds a provider, creates a service with two photos, edits it and deactivates it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  session = await premiumSession(page.request);
  await openAs(page, session, '/business/upselling/providers');
  await expect(page.getByRole('tab', { name: 'Proveedores' })).toHaveAttribute('aria-selected', 'true');

  // A provider: the API checks the phone for the country chosen and says so under the field.
  await page.getByRole('button', { name: 'Añadir proveedor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo proveedor' });
  await dialog.getByLabel('Nombre').fill(PROVIDER);
  await dialog.getByLabel('Teléfono').fill('12');
  await dialog.getByLabel('Correo electrónico').fill(`taxis-${run}@example.com`);
  await dialog.getByLabel('Dirección').fill('Calle Betis 1, Sevilla');
  await dialog.getByRole('button', { name: 'Añadir proveedor' }).click();
  await expect(dialog.getByText('El teléfono no es válido para ese país.')).toBeVisible();
  await expect(dialog.getByLabel('Nombre')).toHaveValue(PROVIDER);
  await dialog.getByLabel('Teléfono').fill('612 345 678');
  await dialog.getByRole('button', { name: 'Añadir proveedor' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Proveedor «${PROVIDER}» añadido.`)).toBeVisible();
  const providerRow = page.getByTestId('provider-row').filter({ hasText: PROVIDER });
  await expect(providerRow).toContainText('+34612345678');
  await expect(providerRow).toContainText('España');
  await expect(providerRow).toContainText('0 servicios');

  // A new service, from the services tab.
  await page.getByRole('tab', { name: 'Servicios' }).click();
  await expect(page).toHaveURL(/\/business\/upselling$/);
  await page.getByRole('link', { name: 'Nuevo servicio' }).click();
  await expect(page).toHaveURL(/\/business\/create\/services$/);
  await expect(page.getByRole('heading', { name: 'Nuevo servicio' })).toBeVisible();

  await page.getByLabel('Nombre interno').fill(SERVICE);
  await pick(page, 'Categoría', 'Traslados');
  await pick(page, 'Proveedor', PROVIDER);
  await page.getByRole('textbox', { name: 'Precio', exact: true }).fill('35');
  await pick(page, 'Tipo de precio', 'Por persona');
  // Saving without the Spanish texts: the form says what is missing and keeps what was typed.
  await page.getByRole('button', { name: 'Crear servicio' }).click();
  await expect(page.getByText('Revisa los campos marcados.')).toBeVisible();
  await expect(page.getByLabel('Título (Español)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Descripción (Español)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nombre interno')).toHaveValue(SERVICE);
  await page.getByLabel('Título (Español)').fill('Traslado privado desde el aeropuerto');
  await page
    .getByLabel('Descripción (Español)')
    .fill('Te recogemos en la terminal con un cartel con tu nombre.');
  await page.getByRole('tab', { name: /^Inglés/ }).click();
  await page.getByLabel('Título (Inglés)').fill('Private airport transfer');
  await page.getByRole('tab', { name: /^Árabe/ }).click();
  await expect(page.getByLabel('Título (Árabe)')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('tab', { name: /^Español/ }).click();
  await expect(page.getByLabel('Título (Español)')).toHaveValue('Traslado privado desde el aeropuerto');
  await page.getByRole('radio', { name: /Confirmación manual/ }).check();

  await page.getByTestId('service-photos-input').setInputFiles([
    { name: 'coche.png', mimeType: 'image/png', buffer: await picture(page, 'image/png', '#1c7ed6') },
    { name: 'terminal.jpg', mimeType: 'image/jpeg', buffer: await picture(page, 'image/jpeg', '#e8590c') },
  ]);
  await expect(page.getByTestId('service-photo')).toHaveCount(2);
  await expect(page.getByText('Queda 1 hueco')).toBeVisible();

  await page.getByRole('button', { name: 'Crear servicio' }).click();
  await expect(page).toHaveURL(/\/business\/upselling$/);
  await expect(page.getByText(`Servicio «${SERVICE}» creado.`)).toBeVisible();
  const row = page.getByTestId('service-row').filter({ hasText: SERVICE });
  await expect(row).toContainText('Traslado privado desde el aeropuerto');
  await expect(row).toContainText('Traslados');
  await expect(row).toContainText('Todas las propiedades');
  await expect(row).toContainText(PROVIDER);
  await expect(row).toContainText(/35,00\s€ \/ persona/);
  await expect(row).toContainText('Confirmación manual');
  await expect(row).toContainText('0 solicitudes');
  await expect(row.locator('img')).toHaveAttribute('src', /.+/);

  // The photos reached the service, in the order chosen.
  const list = await page.request.get(`/api/services?search=${encodeURIComponent(SERVICE)}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const created = ((await list.json()).data.items as { id: string; name: string; photos: unknown[] }[]).find(
    (s) => s.name === SERVICE,
  );
  expect(created?.photos).toHaveLength(2);

  // The provider now provides one service.
  await page.getByRole('tab', { name: 'Proveedores' }).click();
  await expect(page.getByTestId('provider-row').filter({ hasText: PROVIDER })).toContainText('1 servicio');
  await page.getByRole('tab', { name: 'Servicios' }).click();

  // Search finds it; edit it: a new price.
  await page.getByLabel('Buscar').fill(run);
  await expect(page.getByTestId('service-row')).toHaveCount(1);
  await page.getByRole('link', { name: `Editar ${SERVICE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/business/update/${created?.id}/service$`));
  await expect(page.getByLabel('Nombre interno')).toHaveValue(SERVICE);
  await expect(page.getByTestId('service-photo')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Precio', exact: true }).fill('40');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/business\/upselling$/);
  await expect(page.getByText(`Servicio «${SERVICE}» guardado.`)).toBeVisible();
  await expect(page.getByTestId('service-row').filter({ hasText: SERVICE })).toContainText(
    /40,00\s€ \/ persona/,
  );

  // ?service_id= opens its form.
  await page.goto(`/business/upselling?service_id=${created?.id}`);
  await expect(page).toHaveURL(new RegExp(`/business/update/${created?.id}/service$`));
  await expect(page.getByLabel('Nombre interno')).toHaveValue(SERVICE);
  // The Minimal layout's close button goes back to Ofertas.
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/business\/upselling$/);

  // Deactivate, after confirming.
  const active = page.getByRole('switch', { name: `${SERVICE} activo` });
  await expect(active).toBeChecked();
  await active.click({ force: true });
  const confirm = page.getByRole('dialog', { name: `¿Desactivar «${SERVICE}»?` });
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText(`«${SERVICE}» está desactivado.`)).toBeVisible();
  await expect(active).not.toBeChecked();
  await pick(page, 'Estado', 'Inactivos');
  await expect(page.getByTestId('service-row').filter({ hasText: SERVICE })).toBeVisible();
  await pick(page, 'Estado', 'Activos');
  await expect(page.getByTestId('service-row').filter({ hasText: SERVICE })).toHaveCount(0);
});

test('screenshots of the services, the form and the providers', async ({ page }) => {
  test.skip(!SHOTS, 'screenshots only when E2E_SHOTS_DIR is set');
  test.setTimeout(180_000);
  mkdirSync(`${SHOTS}`, { recursive: true });
  session ??= await premiumSession(page.request);
  for (const lang of ['es', 'en', 'ar'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const shot = (name: string) =>
        page.screenshot({ path: `${SHOTS}/experiences-${name}-${lang}-${width}.png`, fullPage: true });
      await openAs(page, session, '/business/upselling', lang);
      await expect(page.getByTestId('service-row').first()).toBeVisible({ timeout: 30_000 });
      await shot('services');
      await openAs(page, session, '/business/create/services', lang);
      await expect(page.getByTestId('service-photos-input')).toBeAttached();
      await shot('form');
      await openAs(page, session, '/business/upselling/providers', lang);
      await expect(page.getByTestId('provider-row').first()).toBeVisible({ timeout: 30_000 });
      await shot('providers');
    }
  }
});
