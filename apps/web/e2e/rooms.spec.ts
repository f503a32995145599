import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'rooms');

const HOTEL = 'Hotel Alameda Centro';
const base = (id: string) => `/business/properties/edition/${id}`;
/** Names no other flow uses, so parallel runs and reruns never collide. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Logs in as the hotel account and returns the hotel's id. */
async function openHotel(page: Page): Promise<string> {
  await login(page, own.hotel);
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const list = await (
    await page.request.get('/api/properties', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const property = list.data.items.find((p: { nombre: string }) => p.nombre === HOTEL);
  return property.id as string;
}

test('the hotel settings home lists the rooms and rates pages, images and the QR', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(base(id));
  const group = page.getByRole('region', { name: 'Habitaciones y tarifas' });
  for (const name of ['Tipos de habitación', 'Habitaciones', 'Estado y mantenimiento', 'Tarifas']) {
    await expect(group.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Fotos/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Código QR de check-in/ })).toBeVisible();
});

test('QR page: the check-in link as a QR image, downloadable as PNG and SVG', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/qr-property`);
  const image = page.getByRole('img', { name: `Código QR del check-in de ${HOTEL}` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByLabel('Enlace para huéspedes')).toHaveValue(/^https?:\/\//);

  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PNG' }).click();
  expect((await png).suggestedFilename()).toBe('qr-checkin-hotel-alameda-centro.png');
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar SVG' }).click();
  const svgFile = await svg;
  expect(svgFile.suggestedFilename()).toBe('qr-checkin-hotel-alameda-centro.svg');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await svgFile.path()) ?? '', 'utf8')).toContain('<svg');
});

test('QR page: the printed poster speaks Spanish, English and Arabic', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/qr-property`);
  await expect(page.getByRole('img', { name: `Código QR del check-in de ${HOTEL}` })).toBeVisible();
  // The print dialog itself is the browser's; the poster is the frame's document.
  await page.evaluate(() => {
    window.print = () => undefined;
    HTMLIFrameElement.prototype.focus = () => undefined;
  });
  await page.getByRole('button', { name: 'Imprimir cartel' }).click();
  const poster = page.locator('iframe[srcdoc]');
  await expect(poster).toHaveCount(1);
  const html = (await poster.getAttribute('srcdoc')) ?? '';
  for (const title of ['Check-in online', 'Online check-in', 'تسجيل الوصول عبر الإنترنت']) {
    expect(html).toContain(title);
  }
});

test('room types: one is added, shown in the list, and deleted after confirmation', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/room-types`);
  await expect(page.getByRole('cell', { name: 'Suite familiar', exact: true })).toBeVisible();
  const name = unique('Tipo E2E');

  await page.getByRole('button', { name: 'Añadir tipo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de habitación' });
  // Refused without a name.
  await dialog.getByRole('button', { name: 'Añadir tipo' }).click();
  await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();
  await dialog.getByLabel('Nombre del tipo').fill(name);
  await dialog.getByLabel('Adultos').fill('3');
  await dialog.getByLabel('Niños').fill('1');
  await dialog.getByRole('button', { name: 'Añadir tipo' }).click();
  await expect(page.getByText('Tipo de habitación añadido.')).toBeVisible();
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Sin habitaciones');

  await row.getByRole('button', { name: `Eliminar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Tipo de habitación eliminado.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('room management: a room without a name is refused; a new room is saved, kept after a reload, then removed', async ({
  page,
}) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/room-management`);
  await expect(page.getByLabel('Nombre o número · 101')).toHaveValue('101');
  const rows = page.getByTestId('room-row');
  const before = await rows.count();

  // A new row with no name: refused on the row with the required text, nothing saved.
  await page.getByRole('button', { name: 'Añadir habitación' }).click();
  await expect(rows).toHaveCount(before + 1);
  await page.getByRole('button', { name: 'Guardar todo' }).click();
  await expect(rows.last().getByText('Este campo es obligatorio.')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'No se pudieron guardar las habitaciones' })).toBeVisible();

  const name = unique('E2E');
  await rows
    .last()
    .getByLabel(/^Nombre o número/)
    .fill(name);
  await rows
    .last()
    .getByLabel(/^Clave de acceso/)
    .fill('4821');
  await page.getByRole('button', { name: 'Guardar todo' }).click();
  await expect(page.getByText('Habitaciones guardadas.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(`Nombre o número · ${name}`)).toHaveValue(name);
  await expect(page.getByLabel(`Clave de acceso · ${name}`)).toHaveValue('4821');

  await page.getByRole('button', { name: `Quitar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Quitar' }).click();
  await page.getByRole('button', { name: 'Guardar todo' }).click();
  await expect(page.getByText('Habitaciones guardadas.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nombre o número · 101')).toBeVisible();
  await expect(page.getByLabel(`Nombre o número · ${name}`)).toHaveCount(0);
});

test('maintenance: a room put in maintenance shows so after a reload', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/maintenance`);
  await expect(page.getByText('Una habitación en mantenimiento no se puede vender')).toBeVisible();
  const card = page.locator('[data-testid="room-status"][data-room="203"]');
  const status = page.getByRole('textbox', { name: 'Estado de 203' });
  await status.click();
  await page.getByRole('option', { name: 'Mantenimiento' }).click();
  await expect(page.getByText('203: Mantenimiento.')).toBeVisible();

  await page.reload();
  await expect(card.getByText('Mantenimiento', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Estado de 203' })).toHaveValue('Mantenimiento');

  // Back to available for the other flows.
  await page.getByRole('textbox', { name: 'Estado de 203' }).click();
  await page.getByRole('option', { name: 'Disponible' }).click();
  await expect(page.getByText('203: Disponible.')).toBeVisible();
});

test('rates: a rate is added with its price, kept after a reload, then deleted', async ({ page }) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/rates`);
  const name = unique('Tarifa E2E');
  await page.getByRole('button', { name: 'Añadir tarifa' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nueva tarifa' });
  await dialog.getByLabel('Nombre de la tarifa').fill(name);
  await dialog.getByLabel('Ocupación').fill('3');
  await dialog.getByLabel('Precio por noche').fill('95,50');
  await dialog.getByRole('textbox', { name: 'Tipo de habitación' }).click();
  await page.getByRole('option', { name: 'Suite familiar' }).click();
  await dialog.getByRole('button', { name: 'Añadir tarifa' }).click();
  await expect(page.getByText('Tarifa añadida.')).toBeVisible();

  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('3 personas');
  await expect(row).toContainText('Suite familiar');
  await expect(row).toContainText(/95,50\s€/);

  await row.getByRole('button', { name: `Eliminar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Tarifa eliminada.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

// An 8×8 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAJklEQVR4nGNgqDghV3HCpuJEVMWJiooT0ypObKk4caniBMPQkgAA9kBqQb/ab3oAAAAASUVORK5CYII=',
  'base64',
);

test('images: a PNG is uploaded and a text file named .jpg is listed as rejected with its reason; set main, delete', async ({
  page,
}) => {
  const id = await openHotel(page);
  await page.goto(`${base(id)}/image-settings`);
  await expect(page.getByText('JPEG, PNG o GIF, hasta 30 MB cada una.')).toBeVisible();
  await expect(page.getByTestId('rooms-skeleton')).toHaveCount(0);
  const images = page.getByTestId('property-image');
  const before = await images.count();

  await page.getByTestId('images-input').setInputFiles([
    { name: 'patio-e2e.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notas-e2e.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('esto no es una imagen\n') },
    { name: 'terraza-e2e.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const rejected = page.getByTestId('rejected-images');
  await expect(rejected).toContainText('notas-e2e.jpg');
  await expect(rejected).toContainText('tipo no admitido');
  await expect(rejected).not.toContainText('patio-e2e.png');
  await expect(page.getByText('2 fotos subidas.')).toBeVisible();
  await expect(images).toHaveCount(before + 2);
  const main = page.locator('[data-testid="property-image"][data-main="true"]');
  await expect(main).toHaveCount(1);

  // The last photo (one just added, not the main one) is made main, then both new ones are deleted.
  const last = images.nth(before + 1);
  await expect(last).toHaveAttribute('data-main', 'false');
  await last.getByRole('button', { name: /^Hacer principal/ }).click();
  await expect(page.getByText('Imagen principal actualizada.')).toBeVisible();
  await expect(main).toHaveCount(1);
  await expect(images.nth(before + 1)).toHaveAttribute('data-main', 'true');
  await expect(images.nth(before + 1).getByText('Principal', { exact: true })).toBeVisible();

  for (const n of [before + 1, before]) {
    await images
      .nth(n)
      .getByRole('button', { name: /^Eliminar/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Foto eliminada.').first()).toBeVisible();
    await expect(images).toHaveCount(n);
  }
  if (before > 0) await expect(main).toHaveCount(1);
});
