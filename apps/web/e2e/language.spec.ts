import { expect, test } from '@playwright/test';
import { demo } from './support/auth.ts';

test('server messages come in the chosen language', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'English' }).click();
  await page.getByLabel('Email').fill(demo.empresa);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
});
