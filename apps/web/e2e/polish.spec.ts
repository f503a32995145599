import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, fillLogin, openAs } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/ports.ts';

/** How long a toast stays by itself (src/lib/notify.ts TOAST_MS, spec 9). */
const TOAST_MS = 5_000;

/**
 * Issue 13 (polish) on the operator screens: the phone top bar, the monthly calendar's "Hoy", the mobile
 * menu's Configuración, where toasts appear and how long the sign-in one stays, one localized date input
 * and date format, the reservations filter placeholders, a bad e-mail confirmation link, server messages
 * in the interface language, and the hotel calendar's compact density.
 */

type Lang = 'es' | 'en' | 'ar';
type Json = Record<string, Record<string, string> | undefined>;
const locale = (lang: Lang, ns: string): Json =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));

// Its own copies of the demo empresas: these flows create and pause bookings and choose properties.
const own = accountsFor(test, 'polish');
const BASICO = own.basico;
const VILLA = 'Villa Mar Azul';

/**
 * Signs in through the API and opens `path` in `lang`; an account with two properties works on the villa
 * (other flows may have left it with none chosen, which shows the picker instead of the page).
 */
async function open(page: Page, email: string, path: string, lang: Lang = 'es'): Promise<ApiSession> {
  let session = await apiLogin(page.request, email);
  if (email === own.empresa) {
    const villa = session.user.properties.find((p) => p.nombre === VILLA);
    const chosen = await page.request.put('/api/user/active-property', {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { property_id: villa?.id },
    });
    expect(chosen.status()).toBe(200);
    // The stored user carries the choice.
    session = await apiLogin(page.request, email);
  }
  await openAs(page, session, path, lang);
  return session;
}

const phone = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    hasTouch: true,
    isMobile: true,
  });

type Box = { what: string; x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The top bar's controls: burger, property name, bell, its badge, language and user menu. */
async function topBarBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return [];
    const named: [string, string][] = [
      ['burger', '.mantine-Burger-root'],
      ['name', '[data-topbar="name"]'],
      ['bell', '[data-testid="notification-bell"]'],
      ['badge', '.mantine-Indicator-indicator'],
      ['end-button', '[data-topbar="end"] > button'],
    ];
    return named.flatMap(([what, selector]) =>
      [...header.querySelectorAll(selector)].map((el, i) => {
        const r = el.getBoundingClientRect();
        return { what: `${what}${i}`, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
  });
}

function expectApart(boxes: Box[], width: number) {
  const shown = boxes.filter((b) => b.width > 0 && b.height > 0);
  for (const box of shown) {
    expect(box.x, `${box.what} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.what} ends inside the screen`).toBeLessThanOrEqual(width);
  }
  for (const [i, a] of shown.entries()) {
    for (const b of shown.slice(i + 1)) {
      // The badge sits on the bell by design.
      if (a.what.startsWith('bell') && b.what.startsWith('badge')) continue;
      expect(overlap(a, b), `${a.what} and ${b.what} overlap`).toBe(false);
    }
  }
}

test.describe('on a 390 px phone', () => {
  for (const lang of ['es', 'ar'] as const) {
    for (const [who, email] of [
      ['an operator with two properties', own.empresa],
      ['a hotel', own.hotel],
    ] as const) {
      test(`${who}: the top bar's controls do not overlap in ${lang}`, async ({ browser }) => {
        const context = await phone(browser);
        const page = await context.newPage();
        await open(page, email, '/business/dashboard', lang);
        await expect(page.getByTestId('notification-bell')).toBeVisible();
        const name = page.locator('header [data-topbar="name"]');
        await expect(name).toBeVisible();
        const boxes = await topBarBoxes(page);
        expect(boxes.filter((b) => b.what.startsWith('end-button'))).toHaveLength(2);
        expectApart(boxes, 390);
        // A long name is cut with an ellipsis on one line, not wrapped.
        expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
        await page.screenshot({ path: `test-results/polish/topbar-${lang}-${email.split('@')[0]}.png` });
        await context.close();
      });
    }

    test(`the monthly calendar's today button is inside the screen in ${lang}`, async ({ browser }) => {
      const context = await phone(browser);
      const page = await context.newPage();
      // September has the longest month name in Spanish.
      await open(page, own.empresa, '/calendar-monthly/bookings?date=2029-09-01', lang);
      const today = page.getByRole('button', { name: locale(lang, 'calendar').toolbar?.today, exact: true });
      await expect(today).toBeVisible();
      const box = await today.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // Its label is not squeezed either.
      expect(await today.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: `test-results/polish/monthly-${lang}.png` });
      await context.close();
    });

    test(`the hotel calendar names each room type in full, not "Doble…" twice (${lang})`, async ({
      browser,
    }) => {
      const context = await phone(browser);
      const page = await context.newPage();
      await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-05-01', lang);
      const types = page.getByTestId('timeline').locator('button[aria-expanded] [dir="auto"]');
      await expect(types.first()).toBeVisible();
      const names = await types.evaluateAll((els) =>
        els.map((el) => ({
          name: el.textContent ?? '',
          cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        })),
      );
      expect(names.length).toBeGreaterThan(1);
      expect(names.filter((n) => n.cut)).toEqual([]);
      // Nor is any word of the names column cut at its edge ("Mantenimiento" under a room in maintenance).
      const spilling = await page.getByTestId('timeline').evaluate((scroller) =>
        [...scroller.querySelectorAll('button span, [class*="nameButton"] span')]
          .filter((span) => span.children.length === 0 && (span.textContent ?? '').trim())
          .filter((span) => {
            const cell = span.closest('[class*="name"]:not([class*="nameButton"])')?.getBoundingClientRect();
            const r = span.getBoundingClientRect();
            return cell && (r.left < cell.left - 1 || r.right > cell.right + 1);
          })
          .map((span) => span.textContent),
      );
      expect(spilling).toEqual([]);
      await page.screenshot({ path: `test-results/polish/hotel-phone-${lang}.png` });
      await context.close();
    });

    test(`the send check-in form shows its four channels whole (${lang})`, async ({ browser }) => {
      const context = await phone(browser);
      const page = await context.newPage();
      await open(page, own.hotel, '/business/checkin/service/previe/link/system', lang);
      const channels = page.locator('.mantine-SegmentedControl-root').first();
      await expect(channels).toBeVisible();
      const cut = await channels.evaluate((root) => {
        const box = root.getBoundingClientRect();
        return [...root.querySelectorAll('label')]
          .filter((label) => {
            const r = label.getBoundingClientRect();
            return r.left < Math.max(0, box.left) - 1 || r.right > Math.min(390, box.right) + 1;
          })
          .map((label) => label.textContent);
      });
      expect(cut).toEqual([]);
      expect(await channels.evaluate((root) => root.scrollWidth <= root.clientWidth + 1)).toBe(true);
      await context.close();
    });

    test(`the manual check-in's three steps keep to one row (${lang})`, async ({ browser }) => {
      const context = await phone(browser);
      const page = await context.newPage();
      await open(page, own.hotel, '/business/checkin/service/manager/system', lang);
      const steps = page.getByTestId('manual-steps').locator('.mantine-Stepper-step');
      await expect(steps).toHaveCount(3);
      const boxes = await steps.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      const tops = boxes.map((b) => Math.round(b.top));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
      for (const b of boxes) {
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(390);
      }
      await context.close();
    });
  }

  test('the mobile menu has Configuración, as the sidebar does', async ({ browser }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    const session = await open(page, own.hotel, '/business/dashboard');
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('navigation', { name: locale('es', 'shell').menu?.mobile });
    const settings = menu.getByRole('link', { name: 'Configuración' });
    await expect(settings).toBeVisible();
    const propertyId = session.user.properties[0]?.id;
    await expect(settings).toHaveAttribute('href', `/business/properties/edition/${propertyId}`);
    await settings.click();
    await expect(page).toHaveURL(new RegExp(`/business/properties/edition/${propertyId}$`));
    await context.close();
  });
});

test.describe('toasts', () => {
  test('the sign-in toast leaves with its page and covers no top-bar control', async ({ page }) => {
    await page.goto('/');
    await fillLogin(page, own.hotel, DEMO_PASSWORD);
    const toast = page.getByRole('alert').filter({ hasText: 'Has iniciado sesión correctamente.' });
    await expect(toast).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box).toBeTruthy();
    if (header && box) expect(overlap({ what: 'toast', ...box }, { what: 'header', ...header })).toBe(false);

    // The pointer rests on the toast, which holds its 5 s timer: past them it is still there, so only
    // the navigation can take it away (no race with the timer on a slow machine).
    await toast.hover();
    await page.waitForTimeout(TOAST_MS + 500);
    await expect(toast).toBeVisible();
    // Navigating away by keyboard (the pointer stays on the toast) takes it along.
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Reservas' })
      .press('Enter');
    await expect(page).toHaveURL(/\/business\/scheduled-checkins/);
    await expect(toast).toBeHidden({ timeout: 10_000 });
  });

  for (const lang of ['es', 'ar'] as const) {
    test(`a toast does not cover the booking panel's header or the top bar (${lang})`, async ({ page }) => {
      const session = await open(page, own.empresa, '/calendar/bookings?date=2029-12-01', lang);
      const villa = session.user.properties.find((p) => p.nombre === VILLA);
      const headers = { Authorization: `Bearer ${session.token}` };
      const guest = `Aviso ${lang} ${Date.now().toString(36).slice(-5)}`;
      const created = await page.request.post('/api/create/new-booking', {
        headers,
        data: {
          property_id: villa?.id,
          start_date: lang === 'es' ? '2029-12-03' : '2029-12-10',
          end_date: lang === 'es' ? '2029-12-06' : '2029-12-13',
          name: guest,
          email: 'aviso@example.com',
          phone: '+34 612 345 678',
          number_of_guests: 2,
          price: 30_000,
        },
      });
      expect(created.status()).toBe(201);
      const bookingId = (await created.json()).data.id as string;
      await page.reload();

      const res = locale(lang, 'reservations');
      const bar = page
        .locator(`[data-testid="unit-row"][data-unit="${VILLA}"]`)
        .getByRole('button', { name: new RegExp(`^${guest}`) });
      await bar.click();
      const panel = page.getByRole('dialog', { name: locale(lang, 'calendar').panel?.title });
      await expect(panel.getByText(guest, { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: res.actions?.pause, exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: res.toasts?.paused ?? '' });
      await expect(toast).toBeVisible();
      await page.screenshot({ path: `test-results/polish/toast-panel-${lang}.png` });

      const toastBox = await toast.boundingBox();
      const panelHeader = await panel.locator('.mantine-Drawer-header').boundingBox();
      const topBar = await page.locator('header').first().boundingBox();
      expect(toastBox && panelHeader && topBar).toBeTruthy();
      if (toastBox && panelHeader && topBar) {
        const t = { what: 'toast', ...toastBox };
        expect(overlap(t, { what: 'panel header', ...panelHeader })).toBe(false);
        expect(overlap(t, { what: 'top bar', ...topBar })).toBe(false);
        // Nor does it sit over the panel at all (docked at the inline end).
        const panelBox = await panel.boundingBox();
        if (panelBox) expect(overlap(t, { what: 'panel', ...panelBox })).toBe(false);
      }

      const cancelled = await page.request.post('/api/booking/cancelled', {
        headers,
        data: { booking_id: bookingId },
      });
      expect(cancelled.status()).toBe(200);
    });
  }
});

test.describe('one localized date input and one date format', () => {
  test('no native date input on the check-in forms; a typed date reads day-month-year', async ({ page }) => {
    await open(page, BASICO, '/business/checkin/service/previe/system');
    await expect(page.getByRole('heading', { name: 'Enviar check-in' })).toBeVisible();
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    const departure = page.getByLabel('Salida');
    await departure.fill('2/3/2029');
    await departure.blur();
    await expect(departure).toHaveValue('2 mar 2029');

    await page.goto('/business/checkin/service/manager/system');
    await expect(page.getByRole('heading', { name: 'Check-in manual' })).toBeVisible();
    await expect(page.locator('input[type="date"]')).toHaveCount(0);

    await page.goto('/business/scheduled-checkins/bell');
    await page.getByRole('button', { name: 'Nuevo recordatorio' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Día')).toBeVisible();
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await expect(dialog.getByLabel('Día')).toHaveValue(/^\d{1,2} [a-z]+ \d{4}$/);
  });
});

test("the reservations filter's placeholders fit their boxes at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, own.empresa, '/business/scheduled-checkins');
  const property = page.getByRole('textbox', { name: 'Alojamiento' });
  await expect(property).toHaveAttribute('placeholder', 'Todos los alojamientos');
  // An input's scrollWidth grows with its placeholder when it is cut.
  const fits = await property.evaluate((el: HTMLInputElement) => {
    const probe = document.createElement('span');
    const style = getComputedStyle(el);
    probe.style.font = style.font;
    probe.style.whiteSpace = 'pre';
    probe.textContent = el.placeholder;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room =
      el.clientWidth -
      Number.parseFloat(style.paddingInlineStart) -
      Number.parseFloat(style.paddingInlineEnd);
    return { text, room, scroll: el.scrollWidth, client: el.clientWidth };
  });
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  expect(fits.text).toBeLessThanOrEqual(fits.room);
  await page.screenshot({ path: 'test-results/polish/reservas-filters-es.png' });
});

// What the pages show of these messages (the chatbot page of a plan without it, a bad confirmation link)
// in each language are component tests (chatbot-page.test.tsx, confirm-email-page.test.tsx); here, the
// real API's own refusal in the language asked.
test.describe('server messages in the interface language', () => {
  const unavailable = {
    es: 'Servicio no disponible en tu suscripción actual',
    en: 'Service not available in your current subscription',
    ar: 'الخدمة غير متاحة في اشتراكك الحالي',
  };
  for (const lang of ['es', 'en', 'ar'] as const) {
    test(`the API refuses the chatbot page's save of a plan without it in ${lang}`, async ({ request }) => {
      const session = await apiLogin(request, BASICO);
      const propertyId = session.user.properties[0]?.id ?? '';
      const refused = await request.put(`/api/properties/${propertyId}/settings/page-chat-bot-ia`, {
        headers: { Authorization: `Bearer ${session.token}`, 'Accept-Language': lang },
        data: { enabled: true },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toBe(unavailable[lang]);
    });
  }
});

/** The days wholly visible beside the names of the timeline on screen. */
const visibleDays = (page: Page) =>
  page.getByTestId('timeline').evaluate((scroller) => {
    const area = scroller.getBoundingClientRect();
    const corner = scroller.querySelector('[class*="corner"]')?.getBoundingClientRect();
    const start = corner ? corner.right : area.left;
    const heads = [...scroller.querySelectorAll('[class*="dayHead"]')].map((el) =>
      el.getBoundingClientRect(),
    );
    return heads.filter((r) => r.left >= start - 1 && r.right <= area.right + 1).length;
  });

const timelines = [
  { name: 'hotel calendar', account: () => own.hotel, path: '/hotel-calendar/bookings?date=2029-05-01' },
  { name: 'apartments calendar', account: () => own.empresa, path: '/calendar/bookings?date=2029-05-01' },
] as const;

for (const timeline of timelines) {
  test(`the ${timeline.name} in compact density shows a month at 1280 px, and remembers it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, timeline.account(), timeline.path);
    await expect(page.getByTestId('timeline')).toBeVisible();
    expect(await visibleDays(page)).toBeLessThan(30);

    await page.getByText('Compacta', { exact: true }).click();
    await expect.poll(() => visibleDays(page)).toBeGreaterThanOrEqual(30);
    // The names keep to their narrower column (cut with an ellipsis, never running under the days).
    const spill = await page.getByTestId('timeline').evaluate((scroller) => {
      const corner = scroller.querySelector('[class*="corner"]')?.getBoundingClientRect();
      const buttons = [...scroller.querySelectorAll('[class*="nameButton"]')];
      return buttons.length === 0 || !corner
        ? -1000
        : Math.max(...buttons.map((b) => b.getBoundingClientRect().right - corner.right));
    });
    expect(spill).toBeGreaterThan(-200);
    expect(spill).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `test-results/polish/${timeline.name.replace(' ', '-')}-compact-es.png` });

    await page.reload();
    await expect(page.getByTestId('timeline')).toBeVisible();
    await expect.poll(() => visibleDays(page)).toBeGreaterThanOrEqual(30);
    // Back to normal for the other flows on this browser profile.
    await page.getByText('Normal', { exact: true }).click();
    await expect.poll(() => visibleDays(page)).toBeLessThan(30);
  });
}
