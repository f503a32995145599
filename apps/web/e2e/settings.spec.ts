import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'settings');

/** Logs in and makes the named property the active one (as the picker would), returning its id. */
async function openAs(page: Page, email: string, propertyName: string): Promise<string> {
  await login(page, email);
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await page.request.get('/api/properties', { headers })).json();
  const property = list.data.items.find((p: { nombre: string }) => p.nombre === propertyName);
  const chosen = await page.request.put('/api/user/active-property', {
    headers,
    data: { property_id: property.id },
  });
  expect(chosen.ok()).toBe(true);
  return property.id as string;
}

const save = (page: Page) => page.getByRole('button', { name: 'Guardar cambios' }).click();
const saved = (page: Page) => expect(page.getByText('Cambios guardados.')).toBeVisible();

// The hotel account is used throughout: demo@posada.local's active property is remembered server-side,
// and shell.spec.ts expects that account to meet the property picker on a fresh login.
test('a renamed property keeps its new name after a reload', async ({ page }) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await page.goto(`/business/properties/edition/${id}/name-property`);
  const name = page.getByLabel('Nombre del alojamiento');
  await expect(name).toHaveValue('Hotel Alameda Centro');
  await name.fill('Hotel Alameda Centro Plaza');
  await save(page);
  await saved(page);
  await page.reload();
  await expect(page.getByLabel('Nombre del alojamiento')).toHaveValue('Hotel Alameda Centro Plaza');
  // The shell shows the new name too; then the demo name is restored for the other flows.
  await expect(page.getByText('Hotel Alameda Centro Plaza').first()).toBeVisible();
  await page.getByLabel('Nombre del alojamiento').fill('Hotel Alameda Centro');
  await save(page);
  await saved(page);
});

test('policies: the sample policy in three languages, the name placeholder preview, saved and reloaded', async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await page.goto(`/business/properties/edition/${id}/accommodation-policies`);
  const field = page.getByLabel('Políticas (Español)');
  await expect(field).not.toHaveValue('');

  // Existing text: the sample asks before overwriting; cancelling keeps it.
  const before = await field.inputValue();
  await page.getByRole('button', { name: 'Usar política de ejemplo' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Sustituir las políticas?' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(field).toHaveValue(before);

  await page.getByRole('button', { name: 'Usar política de ejemplo' }).click();
  await page
    .getByRole('dialog', { name: '¿Sustituir las políticas?' })
    .getByRole('button', { name: 'Sustituir' })
    .click();
  await expect(field).toHaveValue(/\{alojamiento\}.*14:00.*12:00.*20 EUR.*15 EUR/);
  await expect(page.getByTestId('policy-preview')).toContainText(
    'Bienvenido a Hotel Alameda Centro. La entrada es a partir de las 14:00',
  );
  await page.getByRole('tab', { name: /Inglés/ }).click();
  await expect(page.getByLabel('Políticas (Inglés)')).toHaveValue(/Check-in is from 14:00/);
  await page.getByRole('tab', { name: /Árabe/ }).click();
  await expect(page.getByLabel('Políticas (Árabe)')).toHaveValue(/14:00/);

  await save(page);
  await saved(page);
  await page.reload();
  await expect(page.getByLabel('Políticas (Español)')).toHaveValue(/^Bienvenido a \{alojamiento\}/);

  // All three languages empty: refused, with the required text.
  for (const language of ['Español', 'Inglés', 'Árabe']) {
    await page.getByRole('tab', { name: new RegExp(language) }).click();
    await page.getByLabel(`Políticas (${language})`).fill('');
  }
  await save(page);
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
});

test('security code: a bad code is refused and kept; a generated one is saved and reloaded', async ({
  page,
}) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await page.goto(`/business/properties/edition/${id}/seguridad-property`);
  const code = page.getByLabel('Código de seguridad', { exact: true });
  await expect(code).toHaveValue('1185');
  await expect(code).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar el código' }).click();
  await expect(code).toHaveAttribute('type', 'text');

  await code.fill('ab 1');
  await save(page);
  await expect(
    page.getByText('El código debe tener entre 4 y 12 letras o números, sin espacios.'),
  ).toBeVisible();
  await expect(code).toHaveValue('ab 1');

  await page.getByRole('button', { name: 'Generar un código aleatorio' }).click();
  const generated = await code.inputValue();
  expect(generated).toMatch(/^[A-Z2-9]{6}$/);
  await save(page);
  await saved(page);
  await page.reload();
  await page.getByRole('button', { name: 'Mostrar el código' }).click();
  await expect(page.getByLabel('Código de seguridad', { exact: true })).toHaveValue(generated);
});

test('disabling the property asks first, saves, and the list shows it disabled', async ({ page }) => {
  const id = await openAs(page, own.hotel, 'Hotel Alameda Centro');
  await page.goto(`/business/properties/edition/${id}/data-basic-accommodation`);
  const active = page.getByRole('switch', { name: 'Check-in online activo' });
  await expect(active).toBeChecked();
  await active.click({ force: true });
  await expect(
    page.getByText('El propietario ha desactivado los check-ins de este alojamiento.'),
  ).toBeVisible();

  // Leaving with the change unsaved asks first.
  await page.getByRole('link', { name: 'Nombre' }).click();
  const leave = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
  await leave.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/data-basic-accommodation$/);

  await save(page);
  const confirm = page.getByRole('dialog', { name: '¿Desactivar el alojamiento?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Cambios guardados.')).toHaveCount(0);
  await save(page);
  await page
    .getByRole('dialog', { name: '¿Desactivar el alojamiento?' })
    .getByRole('button', { name: 'Desactivar' })
    .click();
  await saved(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Check-in online activo' })).not.toBeChecked();

  await page.goto('/business/properties');
  await expect(page.getByText('Desactivado')).toBeVisible();
  await page.getByRole('link', { name: 'Configurar Hotel Alameda Centro' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/properties/edition/${id}$`));

  // Turned back on without a confirmation.
  await page.getByRole('link', { name: /^Estado del alojamiento/ }).click();
  await page.getByRole('switch', { name: 'Check-in online activo' }).click({ force: true });
  await save(page);
  await saved(page);
});
