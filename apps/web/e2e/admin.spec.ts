import { expect, test } from '@playwright/test';
import { login } from './support/auth.ts';
import { uniqueEmail } from './support/mail.ts';
import { specAdmin } from './support/two-factor.ts';

function registration(email: string, advisorCode: string) {
  return {
    name: 'Pablo Ortega',
    email,
    password: 'Clave-segura-9',
    password_confirmation: 'Clave-segura-9',
    phone: '+34 622 111 222',
    tipo_hospedaje: 'hotel',
    room_range: '21-50',
    advisor_code: advisorCode,
  };
}

test('an admin creates an advisor code that registration accepts, and deactivating it makes it invalid', async ({
  page,
  request,
}) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  // A name of this run only: a retry must not find (and deactivate) the advisor of the first try.
  const advisor = `Elena Soto ${code.slice(-4)}`;
  await login(page, specAdmin('admin'));
  await expect(page).toHaveURL(/\/manager\/home/);
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();

  await page.getByRole('link', { name: 'Asesores' }).first().click();
  await expect(page).toHaveURL(/\/manager\/advisors/);
  await page.getByRole('button', { name: 'Nuevo asesor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill(advisor);
  await dialog.getByLabel('Código').fill(code);
  await dialog.getByRole('button', { name: 'Crear asesor' }).click();
  await expect(page.getByText(code).first()).toBeVisible();

  // The new code is real: registration accepts it.
  const accepted = await request.post('/api/register', {
    data: registration(uniqueEmail('asesor-ok'), code),
  });
  expect(accepted.status()).toBe(201);

  await page
    .getByRole('button', { name: `Desactivar a ${advisor}` })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByRole('button', { name: `Activar a ${advisor}` }).first()).toBeVisible();

  // A deactivated code is refused with the spec's text, and nothing is created.
  const email = uniqueEmail('asesor-ko');
  const refused = await request.post('/api/register', { data: registration(email, code) });
  expect(refused.status()).toBe(422);
  const body = await refused.json();
  expect(body.errors.advisor_code[0]).toContain('El código de asesor no es correcto');
  const again = await request.post('/api/register', { data: registration(email, '') });
  expect(again.status()).toBe(201);
});

test('an admin finds a registered operator in Usuarios', async ({ page }) => {
  // The sign-in may wait up to 30 s for a free authenticator step (support/two-factor.ts).
  test.setTimeout(90_000);
  await login(page, specAdmin('admin'));
  // The menu is drawn while the landing page settles after sign-in: the click is tried until it navigates.
  await expect(async () => {
    await page.getByRole('link', { name: 'Usuarios' }).first().click();
    await expect(page).toHaveURL(/\/manager\/users/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('hotel@posada');
  await expect(page).toHaveURL(/search=hotel/);
  await expect(page.getByText('hotel@posada.local').first()).toBeVisible();
  await expect(page.getByText('demo@posada.local')).toHaveCount(0);
});
