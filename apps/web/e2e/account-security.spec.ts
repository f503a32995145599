import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { totpCode } from '../../api/src/modules/auth/totp.ts';
import { fillLogin, login } from './support/auth.ts';
import { linkFromMail, uniqueEmail } from './support/mail.ts';
import { DEMO_PASSWORD } from './support/ports.ts';
import { enterTwoFactorCode, unenrolledAdmin } from './support/two-factor.ts';

const PASSWORD = 'Alojamiento-2026';
/** Where a new operator lands once signed in: the business area, or the first-property wizard it leads to. */
const SIGNED_IN = /\/(business|create\/properties)(\/|$)/;

/** A confirmed operator of its own (the demo users are shared by every flow, and these change passwords). */
async function newOperator(request: APIRequestContext, name: string): Promise<string> {
  const email = uniqueEmail('seguridad');
  const registered = await request.post('/api/register', {
    data: {
      name,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone: '612345678',
      tipo_hospedaje: 'apartamento',
      room_range: '1-4',
    },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(email, '/verific/token/account/');
  const token = link.slice(link.lastIndexOf('/') + 1);
  expect((await request.post('/api/auth/email-confirmation', { data: { token } })).status()).toBe(200);
  return email;
}

/** A second device: another browser context signed in as the same user. */
async function otherDevice(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await login(page, email, password);
  return page;
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
}

async function openSecurity(page: Page) {
  await page.goto('/business/profile/secure-sesion');
  await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
}

test('changing the password signs the other device out and e-mails the owner', async ({
  page,
  browser,
  request,
}) => {
  const email = await newOperator(request, 'Clara Soler');
  const phone = await otherDevice(browser, email);
  await login(page, email, PASSWORD);
  await openSecurity(page);
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await expect(page.getByText('Safari 18 · iOS')).toBeVisible();

  // A wrong current password is refused on its field.
  await page.getByLabel('Contraseña actual').fill('no-es-esta');
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('Nueva-clave-2027');
  await page.getByLabel('Repite la contraseña nueva').fill('Nueva-clave-2027');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña actual no es correcta.')).toBeVisible();

  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña cambiada. Se han cerrado las demás sesiones.')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);

  // The other device is signed out; the new password works.
  await phone.goto('/business/profile/config-account');
  await expect(phone.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await fillLogin(phone, email, 'Nueva-clave-2027');
  await expect(phone).toHaveURL(/\/business\//);
  await linkFromMail(email, '/reset');
});

test('an operator signs out another device from the session list', async ({ page, browser, request }) => {
  const email = await newOperator(request, 'Pau Ribas');
  const phone = await otherDevice(browser, email);
  await login(page, email, PASSWORD);
  await openSecurity(page);
  const row = page.getByTestId('session-row').filter({ hasText: 'Safari 18 · iOS' });
  await expect(row).toContainText('Dirección IP aproximada');
  await expect(page.getByTestId('session-row').filter({ hasText: 'Este dispositivo' })).toHaveCount(1);
  await row.getByRole('button', { name: 'Cerrar la sesión de Safari 18 · iOS' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¿Cerrar esta sesión?');
  await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByText('Sesión cerrada en ese dispositivo.')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await phone.goto('/business/profile/config-account');
  await expect(phone.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

test('an operator turns on two-step verification and then signs in with a code', async ({
  page,
  request,
}) => {
  const email = await newOperator(request, 'Irene Vidal');
  await login(page, email, PASSWORD);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Configurar' }).click();
  await page.getByRole('button', { name: 'Empezar la configuración' }).click();
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Código de 6 dígitos').fill('000000');
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText(/El código no es correcto/)).toBeVisible();
  const confirmedAt = new Date();
  await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret, confirmedAt));
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Verificación en dos pasos activada').first()).toBeVisible();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const recovery = (await page.getByTestId('recovery-code').first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page.getByText('Te quedan 10 códigos de recuperación.')).toBeVisible();

  // Signing in now takes the code; a recovery code works too, once.
  await signOut(page);
  await fillLogin(page, email, PASSWORD);
  await enterTwoFactorCode(page, secret, confirmedAt);
  // Signed in: an operator without a property yet is taken on from the business area to the wizard.
  await expect(page).toHaveURL(SIGNED_IN);

  await signOut(page);
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel('Código de recuperación').fill(recovery);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(SIGNED_IN);
});

test('an admin without two-step verification is taken to enrolment before the back office', async ({
  page,
}) => {
  await page.goto('/');
  await fillLogin(page, unenrolledAdmin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/manager\/secure-sesion/);
  await expect(page.getByText('Activa la verificación en dos pasos para continuar')).toBeVisible();
  await page.goto('/manager/users');
  await expect(page).toHaveURL(/\/manager\/secure-sesion/);

  await page.getByRole('button', { name: 'Empezar la configuración' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  const confirmedAt = new Date();
  await page.getByLabel('Código de 6 dígitos').fill(totpCode(secret, confirmedAt));
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page).toHaveURL(/\/manager\/home/);
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
});
