// issue 11: a check-in holds at most its guest count; the operator raises it from the check-in's detail.
import { expect, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { demo } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'checkin-guest-cap');

const SHOTS = process.env.E2E_SHOTS_DIR;

test('the operator changes how many guests a check-in holds, never below those registered (es, by keyboard)', async ({
  page,
  request,
}) => {
  const signed = await request.post('/api/login', { data: { email: own.hotel, password: demo.password } });
  const token = ((await signed.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  // The first completed check-in of the demo, as the list shows it first: it has registered guests.
  const list = (await (await request.get('/api/checkins?tab=complete', { headers: auth })).json()) as {
    data: { items: { id: string; name: string; guests_registered: number }[] };
  };
  const checkin = list.data.items[0];
  expect(checkin?.guests_registered).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByLabel('Correo electrónico').fill(own.hotel);
  await page.getByLabel('Contraseña', { exact: true }).fill(demo.password);
  await page.getByLabel('Contraseña', { exact: true }).press('Enter');
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/business/checkin-management?tab=complete');
  await page
    .getByTestId('checkin-row')
    .first()
    .getByText(checkin?.name as string, { exact: true })
    .click();
  const detail = page.getByTestId('checkin-detail');
  await expect(detail).toBeVisible();
  // By keyboard, as an operator without a mouse would.
  await detail
    .getByRole('button', { name: `Cambiar el número de huéspedes de ${checkin?.name}` })
    .press('Enter');
  const input = page.getByLabel('Huéspedes del check-in');
  // Never below the guests already registered: the number goes back to them.
  await input.fill('0');
  await input.press('Tab');
  await expect(input).toHaveValue(String(checkin?.guests_registered));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/expected-guests-es.png` });
  const more = (checkin?.guests_registered ?? 1) + 2;
  await input.fill(String(more));
  await page.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(detail.getByText(`${checkin?.guests_registered} de ${more} registrados`)).toBeVisible();
  const after = await request.post('/api/information/data/checkin', {
    headers: auth,
    data: { id: checkin?.id },
  });
  expect(((await after.json()) as { data: { guests_expected: number } }).data.guests_expected).toBe(more);
});
