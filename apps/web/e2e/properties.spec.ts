import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';
import { linkFromMail, uniqueEmail } from './support/mail.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'properties');

/** A fresh operator: registered through the API, confirmed by the e-mailed link, logged in. */
async function freshOperator(page: Page, request: APIRequestContext, tipo: 'apartamento' | 'hotel') {
  const email = uniqueEmail(`wizard-${tipo}`);
  const password = 'Alojamiento-2026';
  const registered = await request.post('/api/register', {
    data: {
      name: 'Inés Navarro',
      email,
      password,
      password_confirmation: password,
      phone: '+34 611 222 333',
      tipo_hospedaje: tipo,
      room_range: tipo === 'hotel' ? '21-50' : '1-4',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await linkFromMail(email, '/verific/token/account/'));
  await expect(page.getByText('¡Correo confirmado!')).toBeVisible();
  await login(page, email, password);
}

const next = (page: Page) => page.getByRole('button', { name: 'Siguiente' }).click();

async function chooseCountry(page: Page, search: string, country: string) {
  await page.getByRole('textbox', { name: 'País' }).fill(search);
  await page.getByRole('option', { name: country }).click();
}

test('a new apartment operator creates the first property in 7 steps and lands on Dashboard', async ({
  page,
  request,
}) => {
  await freshOperator(page, request, 'apartamento');
  // spec 2.3: the root for a user with no property is the first-property wizard.
  await expect(page).toHaveURL(/\/create\/properties$/);
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver' })).toHaveCount(0);

  // Step 1 validation, and the mandatory first property on exit.
  await next(page);
  await expect(page.getByText('Escribe el nombre del alojamiento.')).toBeVisible();
  await page.getByRole('button', { name: 'Salir del asistente' }).click();
  const prompt = page.getByRole('dialog', { name: 'Crear tu primer alojamiento es obligatorio' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancelar' }).click();
  await expect(prompt).toBeHidden();

  await page.getByLabel('Nombre del alojamiento').fill('Ático Alameda');
  await page.getByLabel('Nombre interno (opcional)').fill('Alameda 5º');
  await expect(page.getByRole('radio', { name: 'Apartamento' })).toBeChecked();
  await next(page);

  // Step 2 validation: country, address and city.
  await expect(page.getByText('Paso 2 de 7')).toBeVisible();
  await next(page);
  await expect(page.getByText('Elige el país.')).toBeVisible();
  await expect(page.getByText('Escribe la dirección.')).toBeVisible();
  await expect(page.getByText('Escribe la ciudad.')).toBeVisible();
  await chooseCountry(page, 'Espa', 'España');
  await page.getByLabel('Dirección').fill('Alameda de Hércules 12');
  await page.getByLabel('Ciudad').fill('Sevilla');
  await page.getByLabel('Código postal (opcional)').fill('41002');

  // Going back keeps what was typed.
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByLabel('Nombre del alojamiento')).toHaveValue('Ático Alameda');
  await next(page);
  await expect(page.getByLabel('Ciudad')).toHaveValue('Sevilla');
  await next(page);

  // Step 3: the logo, checked in the browser and uploaded.
  await expect(page.getByText('Paso 3 de 7')).toBeVisible();
  await expect(page.getByText('PNG, JPG o SVG · máximo 5 MB · recomendado 500 × 500 px')).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'PNG, JPG o SVG' })).toBeVisible();
  const png = await QRCode.toBuffer('Ático Alameda', { width: 96 });
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Vista previa del logo' })).toBeVisible();
  await next(page);

  // Step 4: capacity.
  await expect(page.getByText('Paso 4 de 7')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Añadir uno: Huéspedes' }).click();
  await expect(page.getByRole('textbox', { name: 'Huéspedes' })).toHaveValue('4');
  await next(page);

  // Step 5: services.
  await expect(page.getByText('Paso 5 de 7')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Wifi' }).click();
  await page.getByRole('checkbox', { name: 'Aire acondicionado' }).click();
  await expect(page.getByRole('checkbox', { name: 'Wifi' })).toBeChecked();
  await next(page);

  // Step 6: price in euros (the default).
  await expect(page.getByText('Paso 6 de 7')).toBeVisible();
  await next(page);
  await expect(page.getByText('Indica el precio por noche.')).toBeVisible();
  await page.getByLabel('Precio por noche').fill('85,50');
  await expect(page.getByText(/85,50\s€ \/ noche/)).toBeVisible();
  await next(page);

  // Step 7: description; without an AI service the screen says so and writes nothing.
  await expect(page.getByText('Paso 7 de 7')).toBeVisible();
  await page.getByRole('button', { name: 'Generar con IA' }).click();
  await expect(page.getByText('La generación con IA no está disponible').first()).toBeVisible();
  await expect(page.getByLabel('Descripción (Español)')).toHaveValue('');
  await page.getByRole('button', { name: 'Crear alojamiento' }).click();
  await expect(page.getByText('Escribe la descripción al menos en un idioma.')).toBeVisible();
  await page.getByLabel('Descripción (Español)').fill('Ático luminoso con terraza junto a la Alameda.');
  await page.getByRole('button', { name: 'Crear alojamiento' }).click();

  await expect(page).toHaveURL(/\/business\/dashboard/);
  await expect(page.getByText('«Ático Alameda» se ha creado').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ático Alameda' })).toBeVisible();
});

test('a new hotel operator creates the first hotel in 8 steps with its room type and rooms', async ({
  page,
  request,
}) => {
  await freshOperator(page, request, 'hotel');
  await expect(page).toHaveURL(/\/create\/properties$/);
  await expect(page.getByText('Paso 1 de 8')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Hotel' })).toBeChecked();
  await page.getByLabel('Nombre del alojamiento').fill('Hotel Candelaria');
  await next(page);

  await chooseCountry(page, 'Colom', 'Colombia');
  await page.getByLabel('Dirección').fill('Calle 11 # 2-50');
  await page.getByLabel('Ciudad').fill('Bogotá');
  await next(page);

  // The logo can be skipped.
  await expect(page.getByText('Paso 3 de 8')).toBeVisible();
  await page.getByRole('button', { name: 'Omitir por ahora' }).click();

  // Step 4: room type.
  await expect(page.getByText('Paso 4 de 8')).toBeVisible();
  await next(page);
  await expect(page.getByText('Escribe el nombre del tipo de habitación.')).toBeVisible();
  await page.getByLabel('Nombre del tipo').fill('Doble estándar');
  await expect(page.getByRole('textbox', { name: 'Adultos' })).toHaveValue('2');
  await next(page);

  // Step 5: physical rooms, one typed and a numbered series.
  await expect(page.getByText('Paso 5 de 8')).toBeVisible();
  await next(page);
  await expect(page.getByText('Escribe el nombre o número.')).toBeVisible();
  await page.getByLabel('Desde').fill('101');
  await page.getByLabel('Hasta').fill('105');
  await page.getByRole('button', { name: 'Añadir 101–105' }).click();
  await expect(page.getByLabel('Habitación 5: nombre o número')).toHaveValue('105');
  await page.getByRole('button', { name: 'Quitar la habitación 5' }).click();
  await expect(page.getByLabel('Habitación 5: nombre o número')).toHaveCount(0);
  await next(page);

  // Step 6: services; step 7: price in Colombian pesos, no decimals.
  await expect(page.getByText('Paso 6 de 8')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Aparcamiento' }).click();
  await next(page);
  await expect(page.getByText('Paso 7 de 8')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'COP' })).toBeChecked();
  await expect(page.getByText('Peso colombiano ($)')).toBeVisible();
  await page.getByLabel('Precio por noche').fill('250000');
  await expect(page.getByLabel('Precio por noche')).toHaveValue('250.000');
  await expect(page.getByText(/\$\s250\.000 \/ noche/)).toBeVisible();
  await next(page);

  // Step 8: the description, here in Arabic (right to left).
  await expect(page.getByText('Paso 8 de 8')).toBeVisible();
  await page.getByRole('tab', { name: 'Árabe' }).click();
  const arabic = page.getByLabel('Descripción (Árabe)');
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await arabic.fill('فندق هادئ في قلب حي لا كانديلاريا.');
  await page.getByRole('button', { name: 'Crear alojamiento' }).click();

  await expect(page).toHaveURL(/\/business\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Hotel Candelaria' })).toBeVisible();
  await expect(page.getByText('Tipos de habitación').first()).toBeVisible();
});

test('the property list shows the demo properties with their check-in QR codes', async ({ page }) => {
  await login(page, own.empresa);
  // Two properties: make one active (as the picker would), so the Main layout shows the page.
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await page.request.get('/api/properties', { headers })).json();
  const villa = list.data.items.find((p: { nombre: string }) => p.nombre === 'Villa Mar Azul');
  const chosen = await page.request.put('/api/user/active-property', {
    headers,
    data: { property_id: villa.id },
  });
  expect(chosen.ok()).toBe(true);
  await page.goto('/business/properties');
  await expect(page.getByRole('heading', { name: 'Alojamientos' })).toBeVisible();
  for (const name of ['Apartamento Sol de Triana', 'Villa Mar Azul']) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const qr = page.getByRole('img', { name: `Código QR del check-in de ${name}` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  }
  await expect(page.getByText('Nombre interno: Triana 2ºB')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar el QR de Villa Mar Azul' }).click();
  expect((await download).suggestedFilename()).toBe('qr-checkin-villa-mar-azul.png');
});
