import { expect, test } from '@playwright/test';
import { demo, login } from './support/auth.ts';

test('an operator with two properties picks one, and the choice is remembered', async ({ page }) => {
  // Other flows choose a property for this account; start from no choice, as on a first visit.
  await login(page, demo.empresa);
  const token = await page.evaluate(() => localStorage.getItem('posada.token'));
  const cleared = await page.request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${token}` },
    data: { property_id: null },
  });
  expect(cleared.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/business\/dashboard/);
  const villa = page.getByRole('button', { name: /Villa Mar Azul/ });
  await expect(villa).toBeVisible();
  await expect(page.getByRole('button', { name: /Apartamento Sol de Triana/ })).toBeVisible();
  await villa.click();

  // The navigation dropdown shows the chosen property (cut at 15 characters) and the picker is gone.
  const dropdown = page.getByRole('button', { name: 'Alojamiento: Villa Mar Azul' });
  await expect(dropdown).toBeVisible();
  await page.reload();
  await expect(dropdown).toBeVisible();
  await expect(page.getByRole('button', { name: /Apartamento Sol de Triana/ })).toHaveCount(0);

  // Switching property from the dropdown.
  await dropdown.click();
  await page.getByRole('menuitem', { name: /Apartamento Sol de Triana/ }).click();
  await expect(page.getByRole('button', { name: 'Alojamiento: Apartamento Sol de Triana' })).toBeVisible();
});

test('on a 390 px phone the menu opens from the burger', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  const page = await context.newPage();
  await login(page, demo.hotel);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await expect(page.getByRole('link', { name: 'Inicio' }).first()).toBeVisible();
  await context.close();
});
