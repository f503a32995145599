import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './ports.ts';
import { enterTwoFactorCode, totpSecretOf } from './two-factor.ts';

export const demo = {
  empresa: 'demo@posada.local',
  hotel: 'hotel@posada.local',
  admin: 'admin@posada.local',
  password: DEMO_PASSWORD,
};

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Logs in through the real login screen and waits for the landing page. The demo admin has two-factor
 * sign-in on (required for admins): its second step gets the authenticator code.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await fillLogin(page, email, password);
  if (email === demo.admin) await enterTwoFactorCode(page, await totpSecretOf(email));
  await expect(page).not.toHaveURL(/\/$/);
}
