import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';

/**
 * Issue 15 item 7: the operator's side of direct booking, the "Reserva directa" tab of the Channels
 * screen (spec 2.4: booking status, prices and payments, share) and the /prueba/website preview. What the
 * panel does on its own (refusals going back, the plan prompt, the fixed discount in cents, the preview's off
 * notice) is in src/features/direct-booking/components/direct-booking-panel.test.tsx.
 */

type Lang = 'es' | 'en' | 'ar';
type Texts = Record<string, Record<string, string> | undefined>;
const files = new Map<Lang, Texts>();
/** A text of the direct-booking namespace ('status.allTitle'), as the screen shows it. */
function tr(lang: Lang, key: string, params: Record<string, string> = {}): string {
  let texts = files.get(lang);
  if (!texts) {
    const file = new URL(`../src/locales/${lang}/direct-booking.json`, import.meta.url);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
    files.set(lang, texts);
  }
  const [group = '', name = ''] = key.split('.');
  const text = texts[group]?.[name];
  if (text === undefined) throw new Error(`no text ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => params[p] ?? '');
}

// Its own copies of the demo empresas: these flows switch web booking and save the discount.
const own = accountsFor(test, 'direct-booking');
const shots = process.env.SCREENSHOTS_DIR;

const CHANNELS = '/business/channel-connect';
const PREVIEW = '/prueba/website';
const SETTINGS = '/api/direct-booking/settings';

interface Settings {
  enable_web_reservations: boolean;
  payment_type: 'on_arrival' | 'online';
  online_payments_ready: boolean;
  discount_enabled: boolean;
  discount_type: 'percentage' | 'fixed';
  discount_value: number;
  slug: string;
  url: string;
  units: { id: string; name: string; web_reservation_active: boolean }[];
  plan_active: boolean;
}

const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

async function readSettings(request: APIRequestContext, session: ApiSession): Promise<Settings> {
  const r = await request.get(SETTINGS, { headers: auth(session) });
  expect(r.status()).toBe(200);
  return (await r.json()).data as Settings;
}

/** The account's web booking back to off, paid on arrival, no discount, every unit off. */
async function resetSettings(request: APIRequestContext, session: ApiSession): Promise<Settings> {
  const r = await request.put(SETTINGS, {
    headers: auth(session),
    data: { enable_web_reservations: false, payment_type: 'on_arrival', discount_enabled: false },
  });
  expect(r.status()).toBe(200);
  const settings = await readSettings(request, session);
  for (const unit of settings.units.filter((u) => u.web_reservation_active)) {
    const off = await request.put(`/api/direct-booking/units/${unit.id}`, {
      headers: auth(session),
      data: { web_reservation_active: false },
    });
    expect(off.status()).toBe(200);
  }
  return readSettings(request, session);
}

/** Opens the Channels screen on its "Reserva directa" tab, in `lang`. */
async function openPanel(page: Page, session: ApiSession, lang: Lang = 'es') {
  await openAs(page, session, `${CHANNELS}?tab=direct`, lang);
  await expect(page.getByTestId('direct-booking-panel')).toBeVisible();
}

const innerTab = (page: Page, lang: Lang, key: 'status' | 'prices' | 'share') =>
  page.getByRole('tab', { name: tr(lang, `tabs.${key}`) });

/**
 * Flips a switch as a finger would: Mantine draws the track over the hidden input, so the click goes to
 * the track, in the middle of the screen (the support button sits at the bottom corner).
 */
async function flip(toggle: Locator) {
  await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await toggle.click({ force: true });
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Signs in as an account with two properties, one of them chosen (otherwise the screen asks which one
 * to work on first; web booking is the account's, whichever is chosen).
 */
async function signInWithPropertyChosen(request: APIRequestContext, email: string): Promise<ApiSession> {
  const first = await apiLogin(request, email);
  const chosen = await request.put('/api/user/active-property', {
    headers: auth(first),
    data: { property_id: first.user.properties[0]?.id },
  });
  expect(chosen.status()).toBe(200);
  return apiLogin(request, email);
}

test('turn web booking on, sell one unit, set a 10 % discount, copy and share the link, open the preview', async ({
  page,
  context,
}) => {
  const session = await signInWithPropertyChosen(page.request, own.empresa);
  const before = await resetSettings(page.request, session);
  expect(before.plan_active).toBe(true);
  const unit = before.units[0];
  if (!unit) throw new Error('the demo account has no unit to sell');

  await openPanel(page, session);
  await expect(page.getByTestId('website-state')).toContainText(tr('es', 'state.off'));

  // The switch for all, shown at once, kept after a reload.
  const all = page.getByRole('switch', { name: tr('es', 'status.allTitle') });
  await expect(all).not.toBeChecked();
  // One state (issue 27): off says so with a way to turn it on, and no unit claims to be on sale.
  const off = page.getByTestId('web-booking-off');
  await expect(off).toContainText(tr('es', 'status.offTitle'));
  await expect(page.getByText(tr('es', 'status.onSale'), { exact: true })).toHaveCount(0);
  await expect(off.getByRole('button', { name: tr('es', 'status.turnOn') })).toBeVisible();
  await flip(all);
  await expect(all).toBeChecked();
  await expect(page.getByText(tr('es', 'status.allOn'))).toBeVisible();
  await expect(off).toHaveCount(0);
  // No unit is on sale yet: the banner says what is missing.
  await expect(page.getByTestId('website-state')).toContainText(tr('es', 'state.noUnits'));

  const unitSwitch = page.getByRole('switch', { name: tr('es', 'status.unitLabel', { name: unit.name }) });
  await flip(unitSwitch);
  await expect(unitSwitch).toBeChecked();
  await expect(page.getByText(tr('es', 'status.unitOn', { name: unit.name }))).toBeVisible();
  await expect(page.getByTestId('website-state')).toContainText(tr('es', 'state.on'));
  const saved = await readSettings(page.request, session);
  expect(saved.enable_web_reservations).toBe(true);
  expect(saved.units.find((u) => u.id === unit.id)?.web_reservation_active).toBe(true);

  // Prices and payments: online payment needs a payments account; a discount over 100 % is refused.
  await innerTab(page, 'es', 'prices').click();
  const onArrival = page.getByRole('radio', { name: tr('es', 'payment.on_arrival') });
  const online = page.getByRole('radio', { name: tr('es', 'payment.online') });
  await expect(onArrival).toBeChecked();
  if (!saved.online_payments_ready) {
    await expect(online).toBeDisabled();
    await expect(page.getByTestId('online-payments-note')).toContainText(tr('es', 'payment.onlineNote'));
  } else {
    await online.click();
    await expect(online).toBeChecked();
    await expect(page.getByText(tr('es', 'payment.saved'))).toBeVisible();
    await onArrival.click();
    await expect(onArrival).toBeChecked();
  }

  await flip(page.getByRole('switch', { name: tr('es', 'discount.title') }));
  await page.getByText(tr('es', 'discount.percentage'), { exact: true }).click();
  const value = page.getByLabel(tr('es', 'discount.valuePercentage'));
  await value.fill('150');
  await page.getByRole('button', { name: tr('es', 'discount.save') }).click();
  await expect(page.getByText(tr('es', 'validation.discount_percentage'))).toBeVisible();
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  // What was typed stays, to be corrected.
  await expect(value).toHaveValue('150 %');
  if (shots)
    await page.screenshot({ path: `${shots}/direct-booking-discount-refused-es.png`, fullPage: true });
  expect((await readSettings(page.request, session)).discount_enabled).toBe(false);

  await value.fill('10');
  await page.getByRole('button', { name: tr('es', 'discount.save') }).click();
  await expect(page.getByText(tr('es', 'discount.saved'))).toBeVisible();
  await expect(page.getByText(tr('es', 'validation.discount_percentage'))).toHaveCount(0);
  const discounted = await readSettings(page.request, session);
  expect(discounted).toMatchObject({
    discount_enabled: true,
    discount_type: 'percentage',
    discount_value: 10,
  });

  // Share: copy the link, WhatsApp, the QR and the widget snippets.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await innerTab(page, 'es', 'share').click();
  await expect(page.getByTestId('direct-booking-url')).toHaveValue(saved.url);
  await page.getByRole('button', { name: tr('es', 'share.copyLink') }).click();
  await expect(page.getByText(tr('es', 'share.linkCopied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved.url);
  await expect(page.getByTestId('share-whatsapp')).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(tr('es', 'share.whatsappText', { url: saved.url }))}`,
  );
  const qr = page.getByTestId('direct-booking-qr');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('link', { name: tr('es', 'share.qrDownload') })).toHaveAttribute(
    'href',
    /^data:image\/png;base64,/,
  );
  await expect(page.getByTestId('snippet-iframe')).toContainText(`<iframe src="${saved.url}"`);
  await expect(page.getByTestId('snippet-button')).toContainText(`href="${saved.url}"`);

  // The preview shows the public website in a frame, at desktop or phone width.
  await page.getByRole('link', { name: tr('es', 'share.viewSite') }).click();
  await expect(page).toHaveURL(new RegExp(`${PREVIEW}$`));
  const frame = page.getByTestId('preview-frame');
  await expect(frame).toHaveAttribute('src', new RegExp(`^/book/${saved.slug}\\?lang=es$`));
  await expect(page.getByTestId('preview-off-notice')).toHaveCount(0);
  await page.getByText(tr('es', 'preview.phone')).click();
  await expect(frame).toHaveAttribute('data-device', 'phone');
  const box = await frame.boundingBox();
  expect(box && box.width <= 390 && box.width > 300).toBe(true);
  if (shots)
    await page.screenshot({ path: `${shots}/direct-booking-preview-phone-on-es.png`, fullPage: true });
});

test("another account's unit answers 404", async ({ request }) => {
  const empresa = await apiLogin(request, own.empresa);
  const hotel = await apiLogin(request, own.hotel);
  const hotelUnit = (await readSettings(request, hotel)).units[0];
  if (!hotelUnit) throw new Error('the hotel has no unit');
  const r = await request.put(`/api/direct-booking/units/${hotelUnit.id}`, {
    headers: auth(empresa),
    data: { web_reservation_active: true },
  });
  expect(r.status()).toBe(404);
});

const phone = (browser: Browser, lang: Lang) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: lang === 'es' ? 'es-ES' : lang === 'en' ? 'en-GB' : 'ar',
    hasTouch: true,
    isMobile: true,
  });

for (const lang of ['es', 'en', 'ar'] as const) {
  test(`the three tabs and the preview fit a phone and a desktop in ${lang}`, async ({ browser }) => {
    for (const width of [1280, 390]) {
      const context =
        width === 390
          ? await phone(browser, lang)
          : await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const session = await apiLogin(page.request, own.hotel);
      await openPanel(page, session, lang);
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      for (const key of ['status', 'prices', 'share'] as const) {
        await innerTab(page, lang, key).click();
        await expect(innerTab(page, lang, key)).toHaveAttribute('aria-selected', 'true');
        if (key === 'share') await expect(page.getByTestId('direct-booking-qr')).toBeVisible();
        await expect(innerTab(page, lang, key)).toBeInViewport();
        await expectNoSideScroll(page);
        if (shots)
          await page.screenshot({
            path: `${shots}/direct-booking-${key}-${lang}-${width}.png`,
            fullPage: true,
          });
      }
      await openAs(page, session, PREVIEW, lang);
      await expect(page.getByRole('heading', { name: tr(lang, 'preview.title') })).toBeVisible();
      await expectNoSideScroll(page);
      if (shots) await page.screenshot({ path: `${shots}/direct-booking-preview-${lang}-${width}.png` });
      await context.close();
    }
  });
}

test('ar, 390 px: web booking off reads as one state, with the way to turn it on', async ({ page }) => {
  const session = await apiLogin(page.request, own.basico);
  await resetSettings(page.request, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanel(page, session, 'ar');
  const off = page.getByTestId('web-booking-off');
  await expect(off).toContainText(tr('ar', 'status.offTitle'));
  await expect(off.getByRole('button', { name: tr('ar', 'status.turnOn') })).toBeVisible();
  await expect(page.getByText(tr('ar', 'status.onSale'), { exact: true })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('web-booking-off-ar-390.png'), fullPage: true });
});
