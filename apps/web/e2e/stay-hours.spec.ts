// issue 13: the stay's hours on the policies page. A 24-hour time input typed hour then minute (arrow keys
// step them), saved with the policies and shown back; its clock icon never sits on the digits (es at
// 1280 px, ar at 390 px); the guest's welcome page then says the saved hours.
import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';

const own = accountsFor(test, 'stay-hours');

/** The clock icon of a time field against its hour and minute inputs: the overlapping ones (none). */
async function iconOverlaps(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const root = el.closest('.mantine-InputWrapper-root') ?? el;
    const icon = root
      .querySelector('[data-position="left"] svg, .mantine-Input-section svg')
      ?.getBoundingClientRect();
    const fields = [...root.querySelectorAll('input:not([type="hidden"])')].map((f) =>
      f.getBoundingClientRect(),
    );
    if (!icon || fields.length < 2) return [`icon ${Boolean(icon)}, ${fields.length} inputs`];
    return fields
      .filter((f) => !(icon.right <= f.left || f.right <= icon.left))
      .map((f) => `icon ${icon.left}-${icon.right} over input ${f.left}-${f.right}`);
  });
}

async function openPolicies(page: Page, session: ApiSession, lang: 'es' | 'ar') {
  const propertyId = session.user.properties[0]?.id as string;
  await openAs(page, session, `/business/properties/edition/${propertyId}/accommodation-policies`, lang);
  await expect(page.getByTestId('checkin_time-field')).toBeVisible();
  return propertyId;
}

test('the stay hours are typed by keyboard, saved, shown back and reach the guest', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await apiLogin(page.request, own.basico);
  const propertyId = await openPolicies(page, session, 'es');
  expect(await iconOverlaps(page, 'checkin_time-field')).toEqual([]);

  await page.getByRole('spinbutton', { name: 'Entrada a partir de: hora' }).focus();
  await page.keyboard.type('1630');
  const checkoutHours = page.getByRole('spinbutton', { name: 'Salida hasta: hora' });
  await checkoutHours.focus();
  // The arrow steps the hour down by one (the seeded 12 becomes 11).
  const before = Number(await checkoutHours.inputValue());
  const hour = String(before - 1).padStart(2, '0');
  await page.keyboard.press('ArrowDown');
  await expect(checkoutHours).toHaveValue(hour);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();

  const auth = { Authorization: `Bearer ${session.token}` };
  const saved = await page.request.get(`/api/properties/${propertyId}/settings`, { headers: auth });
  expect((await saved.json()).data).toMatchObject({ checkin_time: '16:30', checkout_time: `${hour}:00` });
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Entrada a partir de: hora' })).toHaveValue('16');
  await expect(page.getByRole('spinbutton', { name: 'Entrada a partir de: minutos' })).toHaveValue('30');
  await expect(checkoutHours).toHaveValue(hour);

  // The guest's welcome page says them.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const sent = await page.request.post('/api/checkins/send', {
    headers: auth,
    data: {
      property_id: propertyId,
      name: 'Ana Ruiz',
      channel: 'qr',
      start_date: day(1),
      end_date: day(3),
      guests: 1,
      language: 'es',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const link = new URL((await sent.json()).data.link.url);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('stay-hours')).toHaveText(
    `Entrada a partir de las 16:30 · Salida hasta las ${hour}:00`,
  );
});

test('in Arabic on a phone the clock icons keep off the digits', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const session = await apiLogin(page.request, own.basico);
  await openPolicies(page, session, 'ar');
  expect(await iconOverlaps(page, 'checkin_time-field')).toEqual([]);
  expect(await iconOverlaps(page, 'checkout_time-field')).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await context.close();
});
