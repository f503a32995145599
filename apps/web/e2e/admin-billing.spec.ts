import { expect, test } from '@playwright/test';
import { login } from './support/auth.ts';
import { uniqueEmail } from './support/mail.ts';
import { specAdmin } from './support/two-factor.ts';

/** The label of a tier's monthly price input (price-table-editor.tsx). */
const tierInput = 'Precio mensual por unidad, plan Smart, Hoteles y campings, 151+ unidades';

test('an admin edits a tier price, confirms it applies to new periods and sees the new version', async ({
  page,
}) => {
  await login(page, specAdmin('admin-billing'));
  await page.getByRole('link', { name: 'Precios' }).first().click();
  await expect(page).toHaveURL(/\/manager\/prices/);
  await expect(page.getByText('Los cambios se aplican a los periodos nuevos')).toBeVisible();

  const input = page.getByLabel(tierInput);
  await expect(input).toBeVisible();
  const original = await input.inputValue();
  const versionsBefore = await page.getByTestId('price-version').count();

  await input.fill('3,75');
  await input.blur();
  // The annual figure beside it follows: 10 months charged (2 free).
  await expect(input.locator('xpath=ancestor::tr')).toContainText('37,50');
  await page.getByLabel('Nota de la versión').fill('Prueba e2e del tramo alto');
  await page.getByRole('button', { name: 'Guardar nueva versión' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('las suscripciones actuales mantienen su precio');
  await confirm.getByRole('button', { name: 'Guardar versión' }).click();

  await expect(page.getByText(/Versión \d+ de precios guardada/)).toBeVisible();
  await expect(page.getByTestId('price-version')).toHaveCount(versionsBefore + 1);
  const newest = page.getByTestId('price-version').first();
  await expect(newest).toContainText('Actual');
  await expect(newest).toContainText('Prueba e2e del tramo alto');
  await expect(page.getByLabel(tierInput)).toHaveValue(/3[,.]75/);

  // Put the price back (another version) so other flows see the seeded list's figures.
  await page.getByLabel(tierInput).fill(original.replace(/[^\d,.]/g, ''));
  await page.getByRole('button', { name: 'Guardar nueva versión' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar versión' }).click();
  await expect(page.getByTestId('price-version')).toHaveCount(versionsBefore + 2);
});

test("an admin extends a user's trial with a reason and sees it in the account's audit trail", async ({
  page,
  request,
}) => {
  // Registration, an admin's two-step sign-in and the account search: one of the first flows of a run,
  // while the server is still warming up.
  test.setTimeout(90_000);
  const email = uniqueEmail('prorroga');
  const name = `Prórroga ${Date.now().toString(36)}`;
  const registered = await request.post('/api/register', {
    data: {
      name,
      email,
      password: 'Clave-segura-9',
      password_confirmation: 'Clave-segura-9',
      phone: '+34 622 333 444',
      tipo_hospedaje: 'apartamento',
      room_range: '1-4',
    },
  });
  expect(registered.status()).toBe(201);

  await login(page, specAdmin('admin-billing'));
  await page.getByRole('link', { name: 'Gestión de usuarios' }).first().click();
  await expect(page).toHaveURL(/\/manager\/user_management/);
  await page.getByRole('searchbox', { name: 'Buscar cuentas' }).fill(email);
  // The search answers after a pause and redraws the list: the account's own row, once it is the only one.
  await expect(page.getByText('Cuentas: 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Gestionar la cuenta/ }).click();

  const panel = page.getByRole('dialog', { name: /Gestionar/ });
  await expect(panel).toBeVisible();
  const trialEnd = panel.getByLabel('Fin de la prueba');
  await trialEnd.fill('31/12/2027');
  await trialEnd.press('Tab');
  // No reason: refused on the field, nothing sent.
  await panel.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(panel.getByText('Indica el motivo del cambio.')).toBeVisible();

  await panel.getByLabel('Motivo').fill('Prórroga pactada por teléfono');
  await panel.getByRole('button', { name: 'Guardar cambios' }).click();
  const confirm = page.getByRole('dialog', { name: /Aplicar estos cambios/ });
  await expect(confirm).toContainText('2027-12-31');
  await confirm.getByRole('button', { name: 'Aplicar cambios' }).click();

  await expect(page.getByText(/Cambios aplicados a/)).toBeVisible();
  const entry = panel.getByTestId('audit-entry').first();
  await expect(entry).toContainText('Suscripción modificada');
  await expect(entry).toContainText('Prórroga pactada por teléfono');
  await expect(entry).toContainText('31 dic 2027');
});
