import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, storeSession } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/ports.ts';

/**
 * Issue 13: the operator lists fit a 1280 px screen (no cell, header or row action outside the screen or
 * its table, no horizontal scroll, headers apart, also after a row menu opens) in Spanish and Arabic, and
 * become cards on a 390 px phone.
 */

type Lang = 'es' | 'ar';

async function open(page: Page, path: string, lang: Lang) {
  const r = await page.request.post('/api/login', { data: { email: demo.hotel, password: DEMO_PASSWORD } });
  expect(r.status()).toBe(200);
  const { token, user } = (await r.json()).data;
  await storeSession(page, { token, user }, lang);
  await page.goto(path);
}

interface Fit {
  scrolls: boolean;
  outside: string[];
  touching: string[];
}

/** Every header, cell and control of the table inside the screen and the table's box; headers apart. */
async function fitOf(page: Page, container: string): Promise<Fit> {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector);
    if (!box) return { scrolls: true, outside: ['no list'], touching: [] };
    // Whatever holds the table (the box, a scroll area's viewport) must neither overflow nor be scrolled.
    const holders = [box, ...Array.from(box.querySelectorAll('*'))].filter((el) => el.querySelector('table'));
    const outer = box.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    const items = box.querySelectorAll('th, td, button, [role="switch"], .mantine-Badge-root');
    for (const el of Array.from(items)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const label = `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (r.left < Math.max(0, outer.left) - 1 || r.right > Math.min(width, outer.right) + 1)
        outside.push(label);
    }
    // The text of each header, measured as drawn: two must not touch (4 px at least between them).
    const texts = Array.from(box.querySelectorAll('thead th'))
      .map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const r = range.getBoundingClientRect();
        return {
          text: (th.textContent ?? '').trim(),
          left: r.left,
          right: r.right,
          clipped: th.scrollWidth > th.clientWidth + 1,
        };
      })
      .filter((h) => h.text && h.right > h.left);
    const touching: string[] = [];
    for (const h of texts) if (h.clipped) touching.push(`${h.text} is cut`);
    for (const [i, a] of texts.entries()) {
      for (const b of texts.slice(i + 1)) {
        if (a.left < b.right + 4 && b.left < a.right + 4) touching.push(`${a.text} / ${b.text}`);
      }
    }
    return {
      scrolls: holders.some((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollLeft !== 0),
      outside,
      touching,
    };
  }, container);
}

const desktop = { viewport: { width: 1280, height: 800 } };

for (const lang of ['es', 'ar'] as const) {
  test.describe(`at 1280 px in ${lang}`, () => {
    test.use(desktop);

    test('the check-in list fits, also after a row menu opens, and so does its history', async ({ page }) => {
      await open(page, '/business/checkin-management', lang);
      const rows = page.getByTestId('checkin-row');
      await expect(rows.first()).toBeVisible();
      expect(await fitOf(page, '[data-testid="checkin-list"]')).toEqual({
        scrolls: false,
        outside: [],
        touching: [],
      });
      await rows
        .first()
        .getByRole('button', { name: lang === 'es' ? /^Acciones de/ : /^إجراءات/ })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await fitOf(page, '[data-testid="checkin-list"]')).toEqual({
        scrolls: false,
        outside: [],
        touching: [],
      });
      await page.keyboard.press('Escape');

      await page.goto('/business/checkin-management?view=history');
      await expect(page.getByTestId('history-row').first()).toBeVisible();
      expect(await fitOf(page, '[data-testid="checkin-list"]')).toEqual({
        scrolls: false,
        outside: [],
        touching: [],
      });
    });

    test('the Reservas list fits', async ({ page }) => {
      await open(page, '/business/scheduled-checkins', lang);
      await expect(page.getByTestId('reservas-list')).toBeVisible();
      await expect(page.getByTestId('reservas-list').locator('tbody tr').first()).toBeVisible();
      expect(await fitOf(page, '[data-testid="reservas-list"]')).toEqual({
        scrolls: false,
        outside: [],
        touching: [],
      });
    });
  });
}

async function phone(browser: Browser) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}

for (const lang of ['es', 'ar'] as const) {
  test(`on a 390 px phone the check-in list and history are cards, not tables (${lang})`, async ({
    browser,
  }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    await open(page, '/business/checkin-management', lang);
    await expect(page.getByTestId('checkin-row').first()).toBeVisible();
    await expect(page.getByTestId('checkin-list').locator('table')).toHaveCount(0);
    const widths = await page
      .getByTestId('checkin-row')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().right));
    for (const right of widths) expect(right).toBeLessThanOrEqual(390);
    await page.goto('/business/checkin-management?view=history');
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await expect(page.getByTestId('checkin-list').locator('table')).toHaveCount(0);
    await context.close();
  });
}
