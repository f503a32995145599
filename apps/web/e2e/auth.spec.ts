import { expect, test } from '@playwright/test';
import { demo, fillLogin, login } from './support/auth.ts';
import { linkFromMail, uniqueEmail } from './support/mail.ts';

test('a new operator registers, confirms the e-mailed link and logs in', async ({ page }) => {
  const email = uniqueEmail('alta');
  await page.goto('/register');
  await page.getByLabel('Nombre y apellidos').fill('Lucía Fernández');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Alojamiento-2026');
  await page.getByLabel('Repite la contraseña').fill('Alojamiento-2026');
  await page.getByLabel('Teléfono').fill('612345678');
  await page.getByRole('radio', { name: 'Apartamento' }).check();
  await page.getByRole('textbox', { name: 'Número de habitaciones' }).click();
  await page.getByRole('option', { name: 'De 1 a 4' }).click();
  await expect(page.getByText('14 días de prueba gratis, sin tarjeta de crédito')).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  // Until the e-mail is confirmed the account cannot log in.
  await page.goto('/');
  await fillLogin(page, email, 'Alojamiento-2026');
  await expect(page.getByRole('alert').filter({ hasText: 'confirma' }).first()).toBeVisible();

  const link = await linkFromMail(email, '/verific/token/account/');
  await page.goto(link);
  await expect(page.getByText('¡Correo confirmado!')).toBeVisible();

  await login(page, email, 'Alojamiento-2026');
  // spec 2.3: the root for a user with no property is the first-property wizard.
  await expect(page).toHaveURL(/\/create\/properties/);
  await expect(page.getByText('Paso 1 de 7')).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const registered = await request.post('/api/register', {
    data: {
      name: 'Marta Ruiz',
      email,
      password: 'Primera-clave-1',
      password_confirmation: 'Primera-clave-1',
      phone: '+34 612 345 679',
      tipo_hospedaje: 'villa',
      room_range: '1-4',
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/reset');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('te hemos enviado un enlace')).toBeVisible();

  const link = await linkFromMail(email, '/recuperar/');
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Segunda-clave-2');
  await page.getByLabel('Repite la nueva contraseña').fill('Segunda-clave-2');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The old password no longer works; the new one does (the reset also confirms the e-mail).
  await fillLogin(page, email, 'Primera-clave-1');
  await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
  await login(page, email, 'Segunda-clave-2');
  await expect(page).toHaveURL(/\/create\/properties/);

  // The link is single-use.
  await page.goto('/logout');
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Tercera-clave-3');
  await page.getByLabel('Repite la nueva contraseña').fill('Tercera-clave-3');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Este enlace ya no es válido' })).toBeVisible();
});

test('logout ends the session: protected pages send the visitor back to Login', async ({ page }) => {
  await login(page, demo.hotel);
  await expect(page).toHaveURL(/\/business\/dashboard/);
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  expect(token).toBeTruthy();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('posada.token'))).toBeNull();

  // The old token was revoked on the server too.
  const res = await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);

  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('Continuar con Google signs in through the provider (authorization code with PKCE)', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  // The local provider consents at once and sends the browser back to /auth/google/callback; a new
  // account has no property yet, so it lands on the first-property wizard (spec 2.3).
  await expect(page).toHaveURL(/\/create\/properties/);
  await expect(page.getByRole('heading', { name: '¿Cómo se llama tu alojamiento?' })).toBeVisible();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('posada.user') ?? '{}'));
  expect(user.email).toBe('gala.google@example.com');
  expect(user.status_subscription).toBe('demo');
});
