// Issue 27: every state on screen is the current one. A stay that ended without its online check-in reads
// "Caducado" in the check-ins list and its detail, and offers nothing to send (the API refuses it too); in
// Spanish on a desktop and in Arabic on a 390 px phone.
import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { apiLogin, openAs } from './support/auth.ts';

const own = accountsFor(test, 'checkin-expired');

interface Item {
  id: string;
  name: string;
  link_expired: boolean;
}

for (const [lang, phone] of [
  ['es', false],
  ['ar', true],
] as const) {
  test(`a past stay's pending check-in reads expired, with nothing to send (${lang}${phone ? ', 390 px' : ''})`, async ({
    page,
    request,
  }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const session = await apiLogin(request, own.hotel);
    const auth = { Authorization: `Bearer ${session.token}` };
    // Pending check-ins of stays that ended in the last two months.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = (await (
      await request.get(`/api/checkins?tab=pending&from=${day(-60)}&to=${day(-2)}&page_size=200`, {
        headers: auth,
      })
    ).json()) as { data: { items: Item[] } };
    const expired = list.data.items.find((i) => i.link_expired);
    expect(expired, 'the demo has a past stay whose check-in was never done').toBeTruthy();
    const item = expired as Item;
    // The API sends nothing for it.
    const resend = await request.post(`/api/checkins/${item.id}/resend`, { headers: auth, data: {} });
    expect(resend.status()).toBe(409);

    await openAs(page, session, `/business/checkin-management?q=${encodeURIComponent(item.name)}`, lang);
    // The search leaves this one stay: its badge, table row or phone card alike.
    const row = page.getByTestId('checkin-row').filter({ hasText: item.name }).first();
    await expect(page.locator('[data-state="expired"]').first()).toHaveText(
      lang === 'es' ? 'Caducado' : 'منتهي',
    );
    await openMenu(page, row, item.name, lang);
    // View, link, resend: the link and the resend are off.
    const items = page.getByRole('menu').getByRole('menuitem');
    if (lang === 'es') await expect(items.nth(2)).toHaveText('Reenviar enlace');
    await expect(items.nth(1)).toBeDisabled();
    await expect(items.nth(2)).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath(`checkin-expired-${lang}.png`) });
  });
}

/** The row's actions menu (its button is named after the guest in every language). */
async function openMenu(page: Page, row: ReturnType<Page['getByTestId']>, name: string, lang: string) {
  const label = lang === 'es' ? `Acciones de ${name}` : new RegExp(name);
  await row.getByRole('button', { name: label }).last().click();
  await expect(page.getByRole('menu')).toBeVisible();
}
