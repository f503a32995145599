// Issue 27: nobody can lock an owner out. Wrong passwords from one address throttle that address's tries at
// the account only; the owner elsewhere signs in, and the owner at the throttled address gets in through a
// link e-mailed to them. The addresses are given with X-Forwarded-For (the e2e server trusts its proxy).
import { type Browser, expect, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { fillLogin } from './support/auth.ts';
import { linkFromMail } from './support/mail.ts';

const own = accountsFor(test, 'sign-in-link');
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A browser at `address`, on a desktop or a 390 px phone. */
function at(browser: Browser, address: string, phone = false) {
  return browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': address },
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
}

test('five wrong passwords lock only that address; the owner there gets in with the e-mailed link (es)', async ({
  browser,
}) => {
  const office = '203.0.113.27';
  const attacker = await at(browser, office);
  for (let i = 0; i < 5; i++) {
    await attacker.request.post('/api/login', { data: { email: own.basico, password: `wrong-${i}` } });
  }
  await attacker.close();

  // The owner at home signs in as usual.
  const home = await at(browser, '198.51.100.4');
  const homePage = await home.newPage();
  await homePage.goto('/');
  await fillLogin(homePage, own.basico, own.password);
  await expect(homePage).not.toHaveURL(/\/$/);
  await home.close();

  // At the throttled address the right password waits, and the link is offered.
  const context = await at(browser, office);
  const page = await context.newPage();
  await page.goto('/');
  await fillLogin(page, own.basico, own.password);
  await expect(page.getByText('Demasiados intentos desde esta conexión')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: /Inténtalo de nuevo en \d+ segundos/ }),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-in-throttled-es-1280.png` });
  await page.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
  await expect(page.getByText('Revisa tu correo')).toBeVisible();
  await expect(page.getByText(/te hemos enviado un enlace para entrar/)).toBeVisible();

  const link = await linkFromMail(own.basico, '/entrar/');
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/business\//);
  // Used once: the same link again says so.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Este enlace para entrar ya se ha utilizado.', { exact: false })).toBeVisible();
  await context.close();
});

test('the throttled sign-in offers the link in Arabic on a phone', async ({ browser }) => {
  const office = '203.0.113.72';
  const attacker = await at(browser, office);
  for (let i = 0; i < 5; i++) {
    await attacker.request.post('/api/login', { data: { email: own.empresa, password: `wrong-${i}` } });
  }
  await attacker.close();
  const context = await at(browser, office, true);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('posada.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('input[type=email]').fill(own.empresa);
  await page.locator('input[type=password]').fill(own.password);
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('محاولات كثيرة من هذا الاتصال')).toBeVisible();
  const offer = page.getByRole('button', { name: 'أرسلوا إليّ رابطًا للدخول' });
  await expect(offer).toBeVisible();
  // The offer fits the phone's width.
  const box = await offer.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-in-throttled-ar-390.png`, fullPage: true });
  await offer.click();
  await expect(page.getByText('تحقّق من بريدك')).toBeVisible();
  await context.close();
});
