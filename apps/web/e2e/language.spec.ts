import { expect, test } from '@playwright/test';
import { demo, login } from './support/auth.ts';

test('switching to Arabic gives a right-to-left page, and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'العربية' }).click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'اللغة: العربية' })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('the first visit takes the language from the browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await context.close();
});

test('server messages come in the chosen language', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'English' }).click();
  await page.getByLabel('Email').fill(demo.empresa);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
});

test('a signed-in operator switches the whole shell to Arabic', async ({ page }) => {
  await login(page, demo.hotel);
  await expect(page).toHaveURL(/\/business\/dashboard/);
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
});
