import { expect, test } from '@playwright/test';
import { demo, login } from './support/auth.ts';
import { specAdmin } from './support/two-factor.ts';

test('a visitor on a business page is sent to Login', async ({ page }) => {
  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

test('an empresa on /manager/* goes to Dashboard', async ({ page }) => {
  await login(page, demo.hotel);
  await page.goto('/manager/home');
  await expect(page).toHaveURL(/\/business\/dashboard/);
});

test('an admin lands on HomeManager and on /business/* goes back to HomeManager', async ({ page }) => {
  await login(page, specAdmin('guard'));
  await expect(page).toHaveURL(/\/manager\/home/);
  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/manager\/home/);
});

test('a signed-in empresa opening Login is taken to Dashboard', async ({ page }) => {
  await login(page, demo.hotel);
  await page.goto('/');
  await expect(page).toHaveURL(/\/business\/dashboard/);
});
