import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { apiLogin, login, openAs } from './support/auth.ts';
import { E2E_BASE_URL, E2E_MAIL_PORT } from './support/ports.ts';

// The WhatsApp connection (issue 17) against the Cloud API fake: the operator connects their own number
// through Meta's (fake) Embedded Signup dialog, sees the number and its quality, and disconnects after a
// confirmation. The fake's controls answer on the side port: /whatsapp/<path> = its /_fake/<path>.
const own = accountsFor(test, 'whatsapp-connection');
test.describe.configure({ mode: 'serial' });
const shots = process.env.SCREENSHOTS_DIR;

async function fakeBusinesses(): Promise<
  { waba_id: string; subscribed: boolean; phone: { display_phone_number: string } }[]
> {
  const r = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/whatsapp/businesses`);
  return (await r.json()).data;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing sticks out sideways on a phone.
  // (polled: the shell switches to its phone layout a moment after the resize).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an operator connects their own WhatsApp number through Meta, sees it, and disconnects it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The hotel demo has one property, so no property chooser stands in the way.
  await login(page, own.hotel);

  // Profile › WhatsApp: a small account sends from the shared number until it chooses.
  await page.goto('/business/profile/account-waba');
  await expect(page.getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute('aria-selected', 'true');
  const status = page.getByTestId('waba-status');
  await expect(status).toHaveAttribute('data-status', 'connected');
  await expect(status).toContainText('Número compartido de Posada');
  await expect(page.getByText('Aún no has elegido conexión')).toBeVisible();

  // Choose: the own number through Meta (the 50-place rule and the costs are said), with the PIN.
  await page.getByRole('link', { name: 'Cambiar conexión' }).click();
  await expect(page).toHaveURL(/\/business\/profile\/waba-integration$/);
  await expect(page.getByTestId('waba-shared')).toContainText(
    /Solo para cuentas de hasta 50 alojamientos \(tienes \d+\)\./,
  );
  await expect(page.getByTestId('waba-own')).toContainText('1.000 conversaciones al día');
  for (const [i, digit] of [...'123456'].entries()) {
    await page.getByRole('textbox', { name: `Cifra ${i + 1} del PIN` }).fill(digit);
  }
  await page.getByRole('button', { name: 'Conectar con Meta' }).click();

  // Meta's dialog (the fake), outside the app; "Continuar" returns to the callback with code and state.
  await page.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
  await expect(page.getByRole('heading', { name: 'Conectar WhatsApp Business' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/business\/waba_integration\/embedded-signup/);
  await expect(page.getByText('¡WhatsApp conectado!').or(page.getByTestId('waba-status'))).toBeVisible();

  // Back on account-waba: the number, its verified name, Meta's quality and the daily limit.
  await page.waitForURL(/\/business\/profile\/account-waba$/);
  await expect(status).toContainText('Tu propio número');
  const number = (await page.getByTestId('waba-number').textContent()) ?? '';
  expect(number).toMatch(/^\+34 6\d/);
  await expect(status).toContainText('Casa Rural La Fuente');
  await expect(page.getByTestId('waba-quality')).toHaveText('Alta');
  await expect(page.getByTestId('waba-limit')).toContainText('conversaciones al día');
  await expect(page.getByTestId('waba-templates')).toContainText('checkin_reminder');
  const business = (await fakeBusinesses()).find((b) => b.phone.display_phone_number === number);
  expect(business?.subscribed).toBe(true);
  await shoot(page, 'waba-account-es');

  // Disconnect: a confirmation first; cancelling keeps it.
  await status.getByRole('button', { name: 'Desconectar' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Desconectar WhatsApp?' });
  await expect(dialog).toContainText('Tu número y tu cuenta de Meta no se borran');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveAttribute('data-status', 'connected');
  await status.getByRole('button', { name: 'Desconectar' }).click();
  await dialog.getByRole('button', { name: 'Desconectar' }).click();
  await expect(page.getByText('WhatsApp desconectado.')).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'disconnected');
  await expect(page.getByRole('heading', { name: 'WhatsApp no está conectado' })).toBeVisible();
  expect((await fakeBusinesses()).find((b) => b.waba_id === business?.waba_id)?.subscribed).toBe(false);
});

test('the connection screens read in English and Arabic (right to left), on a phone too', async ({
  page,
}) => {
  const session = await apiLogin(page.request, own.hotel);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back on the shared number (the first flow disconnected the own one).
  const shared = await page.request.post('/api/whatsapp/shared', {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  await openAs(page, session, '/business/profile/waba-integration', 'en');
  await expect(page.getByRole('heading', { name: 'Connect WhatsApp' })).toBeVisible();
  await expect(page.getByTestId('waba-own')).toContainText('about €0.035 per conversation');
  await expect(page.getByTestId('waba-shared')).toContainText('Current connection');
  await shoot(page, 'waba-integration-en');
  await openAs(page, session, '/business/profile/waba-integration', 'es');
  await expect(page.getByTestId('waba-own')).toContainText('Conecta tu número');
  await shoot(page, 'waba-integration-es');
  await openAs(page, session, '/business/profile/account-waba', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'واتساب للأعمال' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الردود السريعة' })).toBeVisible();
  await expect(page.getByTestId('waba-status')).toContainText('رقم Posada المشترك');
  await shoot(page, 'waba-account-ar');
  await openAs(page, session, '/business/profile/waba-integration', 'ar');
  await expect(page.getByRole('heading', { name: 'ربط واتساب' })).toBeVisible();
  await expect(page.getByTestId('waba-own')).toContainText('اربط رقمك');
  await shoot(page, 'waba-integration-ar');
  // Back from Meta without a code (the operator cancelled): a clear error and a way back.
  await openAs(page, session, '/business/waba_integration/embedded-signup?error=access_denied&state=x', 'es');
  await expect(page.getByTestId('waba-signup')).toHaveAttribute('data-outcome', 'failed');
  await expect(page.getByText('Cancelaste la conexión en Meta.')).toBeVisible();
  await shoot(page, 'waba-signup-failed-es');
});
