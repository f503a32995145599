import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { demo } from '../support/auth.ts';
import { DEMO_PASSWORD } from '../support/ports.ts';

/**
 * The screenshot gallery (docs/screens, issue 13): the main screens in Spanish, English and Arabic, at 1280 px and
 * on a 390 px phone, viewport-sized and palette-compressed so the folder stays small. The index is
 * docs/screens/README.md.
 */

const OUT = new URL('../../../../docs/screens/', import.meta.url);
mkdirSync(OUT, { recursive: true });

type Lang = 'es' | 'en' | 'ar';
/** The guest pages' language buttons. */
const languageButton: Record<Lang, string> = { es: 'Español', en: 'English', ar: 'العربية' };
const sizes = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

interface Session {
  token: string;
  user: { id: string; active_property_id?: string | null; properties: { id: string; nombre: string }[] };
}

async function signIn(page: Page, lang: Lang): Promise<Session> {
  const r = await page.request.post('/api/login', { data: { email: demo.hotel, password: DEMO_PASSWORD } });
  expect(r.status()).toBe(200);
  const session = (await r.json()).data as Session;
  await page.goto('/');
  await page.evaluate(
    ({ token, user, lang }) => {
      localStorage.setItem('posada.token', token);
      localStorage.setItem('posada.user', JSON.stringify(user));
      localStorage.setItem('posada.lang', lang);
    },
    { ...session, lang },
  );
  return session;
}

/** Waits for the page to settle (data loaded, skeletons gone, animations done), then writes a small PNG. */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.waitForTimeout(400);
  const png = await page.screenshot({ animations: 'disabled' });
  const small = await sharp(png)
    .png({ palette: true, quality: 85, effort: 8, compressionLevel: 9 })
    .toBuffer();
  writeFileSync(new URL(name, OUT), small);
}

for (const lang of ['es', 'en', 'ar'] as const) {
  for (const [size, options] of Object.entries(sizes)) {
    test.describe(`${lang} ${size}`, () => {
      test.use(options);

      test('main screens', async ({ page }) => {
        const file = (screen: string) => `${lang}-${size}-${screen}.png`;
        // Login, in the language chosen before signing in.
        await page.goto('/');
        await page.evaluate((l) => localStorage.setItem('posada.lang', l), lang);
        await page.goto('/');
        await expect(page.locator('input[type="email"]')).toBeVisible();
        await shoot(page, file('01-login'));

        const session = await signIn(page, lang);
        const headers = { Authorization: `Bearer ${session.token}` };
        const propertyId = session.user.active_property_id ?? session.user.properties[0]?.id ?? '';

        await page.goto('/business/dashboard');
        await shoot(page, file('02-dashboard'));

        await page.goto('/calendar/bookings');
        const bar = page.getByTestId('booking-bar').first();
        await expect(bar).toBeVisible();
        await shoot(page, file('03-reservations-calendar'));
        await bar.click();
        await expect(page.getByTestId('booking-panel')).toBeVisible();
        await expect(page.getByTestId('programmed-checkin')).toBeVisible();
        await shoot(page, file('06-booking-panel'));

        await page.goto('/hotel-calendar/bookings');
        await expect(page.getByTestId('booking-bar').first()).toBeVisible();
        await shoot(page, file('04-hotel-calendar'));

        await page.goto('/business/scheduled-checkins');
        await expect(page.getByTestId('reservas-list')).toBeVisible();
        await shoot(page, file('05-reservas-list'));

        await page.goto('/business/checkin-management');
        await expect(page.getByTestId('checkin-row').first()).toBeVisible();
        await shoot(page, file('07-checkin-list'));
        await page.goto('/business/checkin-management?tab=complete');
        await page.getByTestId('checkin-row').first().locator('p').first().click();
        await expect(page.getByTestId('checkin-detail')).toBeVisible();
        await shoot(page, file('08-checkin-detail'));

        await page.goto('/business/checkin/service/manager/system');
        await shoot(page, file('09-manual-checkin'));

        await page.goto(`/business/properties/edition/${propertyId}`);
        await shoot(page, file('10-settings-hub'));
        await page.goto(`/business/properties/edition/${propertyId}/data-basic-accommodation`);
        await shoot(page, file('11-property-settings'));
        await page.goto('/business/profile/secure-sesion');
        await shoot(page, file('12-account-security'));
        // The policies page: the stay's hours (24-hour time inputs) above the policy in three languages.
        await page.goto(`/business/properties/edition/${propertyId}/accommodation-policies`);
        await expect(page.getByTestId('checkin_time-field')).toBeVisible();
        await shoot(page, file('16-settings-policies'));

        // The guest: a fresh link for the welcome and the first step, a completed one for the end.
        const sent = await page.request.post('/api/checkins/send', {
          headers,
          data: {
            property_id: propertyId,
            name: 'Marie Dupont',
            channel: 'qr',
            start_date: new Date().toISOString().slice(0, 10),
            end_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
            guests: 1,
            language: lang,
          },
        });
        expect(sent.ok(), await sent.text()).toBe(true);
        const link = new URL((await sent.json()).data.link.url);
        await page.goto(`${link.pathname}${link.search}`);
        await expect(page.locator('.g-btn-primary').first()).toBeVisible();
        const chooser = page.getByRole('button', { name: languageButton[lang], exact: true });
        await chooser.click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await shoot(page, file('13-guest-welcome'));
        await page.locator('.g-btn-primary').first().click();
        await expect(page).toHaveURL(/\/app/);
        await shoot(page, file('14-guest-step'));

        const complete = await page.request.get('/api/checkins?tab=complete&page_size=1', { headers });
        const completeId = (await complete.json()).data.items[0]?.id as string;
        const done = await page.request.get(`/api/checkins/${completeId}/link`, { headers });
        const doneLink = new URL((await done.json()).data.url);
        await page.goto(`${doneLink.pathname}${doneLink.search}`);
        // The stay's own language first (the seeded stays are in Spanish); then the gallery's.
        await expect(page.getByTestId('checkin-completed')).toBeVisible();
        await chooser.click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await shoot(page, file('15-guest-done'));
      });
    });
  }
}
