import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';
import { linkFromMail, uniqueEmail } from './support/mail.ts';
import { DEMO_PASSWORD } from './support/ports.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'settings-extras');

// Settings pages for the experience store, authorities, smart locks and the check-in schedule. The hotel
// account (on its free trial: every gated page is open) edits sections that settings.spec.ts leaves alone; a
// new property is made where nothing may be stored yet. (The logo, the AI description and a subscription
// without add-ons: component tests beside the settings pages.)

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  expect(token).toBeTruthy();
  return token as string;
}

/** Logs in and makes the named property the active one (as the picker would), returning its id. */
async function openAs(page: Page, email: string, propertyName: string): Promise<string> {
  await login(page, email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/properties', { headers })).json();
  const property = list.data.items.find((p: { nombre: string }) => p.nombre === propertyName);
  const chosen = await page.request.put('/api/user/active-property', {
    headers,
    data: { property_id: property.id },
  });
  expect(chosen.ok()).toBe(true);
  return property.id as string;
}

/** What GET settings says now (to prove that a cancelled change saved nothing). */
async function settingsOf(page: Page, id: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const answer = await page.request.get(`/api/properties/${id}/settings`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

/**
 * A fresh operator (registered, confirmed by the e-mailed link, logged in) with one apartment created
 * through the API: nothing stored yet for its authorities, no logo.
 */
async function freshProperty(page: Page, request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('settings-extras');
  const password = 'Alojamiento-2026';
  const registered = await request.post('/api/register', {
    data: {
      name: 'Rocío Benítez',
      email,
      password,
      password_confirmation: password,
      phone: '+34 611 444 555',
      tipo_hospedaje: 'apartamento',
      room_range: '1-4',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await linkFromMail(email, '/verific/token/account/'));
  await expect(page.getByText('¡Correo confirmado!')).toBeVisible();
  await login(page, email, password);
  const created = await page.request.post('/api/properties', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      tipo: 'apartamento',
      nombre: 'Casa del Arenal',
      pais: 'ES',
      address: 'Calle Arfe 9',
      city: 'Sevilla',
      guests: 2,
      price_night: 8000,
      currency: 'EUR',
      description: { es: 'Casa tradicional junto a la Maestranza.', en: '', ar: '' },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as string;
}

/** Puts a section back to the demo's values first, so a flow can run again against the same server. */
async function resetSection(page: Page, id: string, section: string, body: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const answer = await page.request.put(`/api/properties/${id}/settings/${section}`, { headers, data: body });
  expect(answer.ok()).toBe(true);
}

const edition = (id: string, page = '') => `/business/properties/edition/${id}${page ? `/${page}` : ''}`;
const save = (page: Page) => page.getByRole('button', { name: 'Guardar cambios' }).click();
// The latest toast: an earlier save's toast may still be showing (5 s).
const saved = (page: Page) => expect(page.getByText('Cambios guardados.').last()).toBeVisible();

test('experience store: an external store needs its link; the message counts to 200; saved and reloaded', async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await resetSection(page, id, 'cross-selling-property', {
    enabled: true,
    type: 'internal',
    external_message: '',
    external_url: '',
  });
  await page.goto(edition(id));
  await page.getByRole('link', { name: /^Tienda de experiencias/ }).click();
  await expect(page).toHaveURL(/\/cross-selling-property$/);
  // Gated (cross_selling) but part of the plan, not a paid extra.
  await expect(page.getByText('Extra de pago')).toHaveCount(0);

  const enabled = page.getByRole('switch', { name: 'Tienda de experiencias activa' });
  await expect(enabled).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Tienda interna' })).toBeChecked();
  await page.getByRole('radio', { name: 'Tienda externa' }).click();

  const message = page.getByLabel('Mensaje para el huésped');
  await expect(message).toHaveAttribute('maxlength', '200');
  await message.fill('Reserva traslados y excursiones con descuento.');
  await expect(page.getByTestId('store-message-count')).toHaveText('46/200');
  // Typing past the limit stops at 200 characters, and the counter says so.
  await message.fill('x'.repeat(205));
  await expect(message).toHaveValue('x'.repeat(200));
  await expect(page.getByTestId('store-message-count')).toHaveText('200/200');
  await message.fill('Reserva traslados y excursiones con descuento.');

  // Switched on without a link: refused, with the spec's rule under the link.
  const url = page.getByLabel('Enlace de la tienda');
  await url.fill('');
  await save(page);
  await expect(
    page.getByText('Para activar una tienda externa, añade su enlace (empieza por https://).'),
  ).toBeVisible();
  await expect(message).toHaveValue('Reserva traslados y excursiones con descuento.');
  expect((await settingsOf(page, id)).store.type).toBe('internal');

  await url.fill('https://experiencias.alameda.example/tienda');
  await save(page);
  await saved(page);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Tienda externa' })).toBeChecked();
  await expect(page.getByLabel('Mensaje para el huésped')).toHaveValue(
    'Reserva traslados y excursiones con descuento.',
  );
  await expect(page.getByLabel('Enlace de la tienda')).toHaveValue(
    'https://experiencias.alameda.example/tienda',
  );
  await expect(page.getByTestId('store-message-count')).toHaveText('46/200');
});

test('authorities: every field is required, the three-attempts advice shows, the password is never shown again', async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await resetSection(page, id, 'authorities', {
    entity: 'guardia_civil',
    user: 'alameda.recepcion',
    password: '',
    establishment_code: '2800054321',
    landlord_code: '0000281190',
  });
  await page.goto(edition(id, 'authorities'));
  await expect(page.getByRole('heading', { name: 'Autoridades' })).toBeVisible();
  await expect(page.getByTestId('authorities-advice')).toContainText('no hagas más de tres intentos');
  await expect(page.getByTestId('authorities-advice')).toContainText('bloquear la cuenta');

  // A password is stored (seeded): the field is empty and says it is kept when left blank.
  const password = page.getByLabel(/^Contraseña/);
  await expect(password).toHaveValue('');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(page.getByText('Guardada', { exact: true })).toBeVisible();
  await expect(page.getByText('Déjala en blanco para mantenerla.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Autoridad' })).toHaveValue('Guardia Civil');

  // Missing fields: refused on the client, each under its field.
  await page.getByLabel('Usuario').fill('');
  await page.getByLabel('Código de establecimiento').fill('');
  await page.getByLabel('Código de arrendador').fill('');
  await save(page);
  await expect(page.getByText('Este campo es obligatorio.')).toHaveCount(3);

  await page.getByRole('textbox', { name: 'Autoridad' }).click();
  await page.getByRole('option', { name: 'Policía Nacional' }).click();
  await page.getByLabel('Usuario').fill('alameda.hospedajes');
  await page.getByLabel('Código de establecimiento').fill('2800054999');
  await page.getByLabel('Código de arrendador').fill('0000282001');
  await save(page);
  await saved(page);
  await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Autoridad' })).toHaveValue('Policía Nacional');
  await expect(page.getByLabel('Usuario')).toHaveValue('alameda.hospedajes');
  await expect(page.getByLabel('Código de establecimiento')).toHaveValue('2800054999');
  await expect(page.getByLabel('Código de arrendador')).toHaveValue('0000282001');
  await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');

  // A new password is saved, and still never comes back.
  await page.getByLabel(/^Contraseña/).fill('Alameda-PN-2026!');
  await save(page);
  await saved(page);
  await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');
  const answered = JSON.stringify(await settingsOf(page, id));
  expect(answered).not.toContain('Alameda-PN-2026!');
  expect(answered).toContain('"password_set":true');
});

test('authorities on a new property: the password is required while none is stored', async ({
  page,
  request,
}) => {
  const id = await freshProperty(page, request);
  await page.goto(edition(id, 'authorities'));
  await expect(page.getByText('Déjala en blanco para mantenerla.')).toHaveCount(0);
  await save(page);
  // Entity, user, password and both codes.
  await expect(page.getByText('Este campo es obligatorio.')).toHaveCount(5);

  await page.getByRole('textbox', { name: 'Autoridad' }).click();
  await page.getByRole('option', { name: "Mossos d'Esquadra" }).click();
  await page.getByLabel('Usuario').fill('arenal.mossos');
  await page.getByLabel('Código de establecimiento').fill('08043AAR02');
  await page.getByLabel('Código de arrendador').fill('0000080007');
  await save(page);
  await expect(page.getByText('Este campo es obligatorio.')).toHaveCount(1);
  await page.getByLabel(/^Contraseña/).fill('Arenal-Mossos-2026');
  await save(page);
  await saved(page);
  await page.reload();
  await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');
  await expect(page.getByText('Déjala en blanco para mantenerla.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Autoridad' })).toHaveValue("Mossos d'Esquadra");
});

test("smart locks: an empty key says 'Por favor ingrese una clave de acceso'; dynamic keys are offered; saved and reloaded", async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await resetSection(page, id, 'smart-locks', {
    enabled: false,
    delivery_time: 'checkin_completed',
    key_type: 'static',
    master_code: '',
  });
  await page.goto(edition(id, 'smart-locks'));
  await expect(page.getByText('Extra de pago')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Clave estática' })).toBeChecked();
  // Issue 14: dynamic keys are offered (smart-locks.spec.ts connects a lock and saves them).
  await expect(page.getByRole('radio', { name: 'Clave dinámica' })).toBeEnabled();

  const enabled = page.getByRole('switch', { name: 'Enviar el código de acceso a los huéspedes' });
  await expect(enabled).not.toBeChecked();
  await enabled.click({ force: true });
  const code = page.getByLabel('Clave maestra');
  await code.fill('');
  await save(page);
  await expect(page.getByText('Por favor ingrese una clave de acceso')).toBeVisible();
  expect((await settingsOf(page, id)).smart_locks.enabled).toBe(false);

  await page.getByRole('textbox', { name: 'Cuándo se envía el código' }).click();
  await page.getByRole('option', { name: '2 días antes de la llegada' }).click();
  await code.fill('4821#');
  await save(page);
  await saved(page);
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'Enviar el código de acceso a los huéspedes' }),
  ).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Cuándo se envía el código' })).toHaveValue(
    '2 días antes de la llegada',
  );
  await page.getByRole('button', { name: 'Mostrar la clave' }).click();
  await expect(page.getByLabel('Clave maestra')).toHaveValue('4821#');
});

test('check-in schedule: changing it asks first; cancelling saves nothing, confirming saves', async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await resetSection(page, id, 'checkin-programming', { schedule: '24h' });
  await page.goto(edition(id, 'checkin-programming'));
  await expect(page.getByRole('radio', { name: '24 horas antes' })).toBeChecked();
  await expect(page.getByText('A las 22:00 de la noche anterior a la llegada.')).toBeVisible();
  await expect(page.getByText('A las 6:00 del día de llegada.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Desactivado (envío manual)' })).toBeVisible();

  await page.getByRole('radio', { name: '72 horas antes' }).click();
  await save(page);
  const dialog = page.getByRole('dialog', { name: '¿Cambiar la programación del check-in?' });
  await expect(dialog).toContainText('72 horas antes, a las 22:00 tres días antes de la llegada');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Cambios guardados.')).toHaveCount(0);
  expect((await settingsOf(page, id)).checkin_schedule).toBe('24h');
  await expect(page.getByRole('radio', { name: '72 horas antes' })).toBeChecked();

  await save(page);
  await page
    .getByRole('dialog', { name: '¿Cambiar la programación del check-in?' })
    .getByRole('button', { name: 'Cambiar' })
    .click();
  await saved(page);
  expect((await settingsOf(page, id)).checkin_schedule).toBe('72h');
  await page.reload();
  await expect(page.getByRole('radio', { name: '72 horas antes' })).toBeChecked();

  // Manual sending is a change too, and says what it means.
  await page.getByRole('radio', { name: 'Desactivado (envío manual)' }).click();
  await save(page);
  await expect(page.getByRole('dialog', { name: '¿Cambiar la programación del check-in?' })).toContainText(
    'dejarán de enviarse automáticamente',
  );
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await saved(page);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Desactivado (envío manual)' })).toBeChecked();
});
