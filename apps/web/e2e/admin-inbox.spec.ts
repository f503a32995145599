import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { apiLogin, login } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';
import { specAdmin } from './support/two-factor.ts';

// The assignment changes an account's inbox: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'admin-inbox');
const SHOTS = process.env.E2E_SHOTS_DIR;
const SIDE = `http://127.0.0.1:${E2E_MAIL_PORT}`;

/**
 * Unrouted messages (issue 26): a stranger writes to the platform's shared WhatsApp number (a delivery signed
 * with the app secret, as Meta sends it); no account knows the phone, so the admin back office lists it; the
 * admin assigns it to an account, and the account's inbox has it. Desktop in Spanish; a 390 px phone in Arabic.
 */

/** The e2e server's WhatsApp settings (the fake's app secret and the shared number). */
async function whatsappSettings(): Promise<{
  WHATSAPP_APP_SECRET: string;
  WHATSAPP_PHONE_NUMBER_ID: string;
}> {
  const res = await fetch(`${SIDE}/whatsapp`);
  expect(res.ok).toBe(true);
  return res.json();
}

/** A stranger's text on the shared number, signed like Meta's deliveries and posted to the webhook. */
async function strangerWrites(request: APIRequestContext, name: string, text: string): Promise<string> {
  const settings = await whatsappSettings();
  const phone = `3469${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_E2E',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '34911000000',
                phone_number_id: settings.WHATSAPP_PHONE_NUMBER_ID,
              },
              contacts: [{ profile: { name }, wa_id: phone }],
              messages: [
                {
                  from: phone,
                  id: `wamid.e2e.${phone}.${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', settings.WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const res = await request.post('/api/webhooks/whatsapp', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
  expect(res.status(), await res.text()).toBe(200);
  return phone;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin assigns a message no account knows to an account, and it reaches that inbox', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36).slice(-5);
  const name = `Marta Unrouted ${run}`;
  const text = `Hola, ¿tenéis sitio para dos en diciembre? (${run})`;
  const phone = await strangerWrites(request, name, text);

  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, specAdmin('admin-inbox'));
  await expect(page).toHaveURL(/\/manager\/home/);
  await page.getByRole('link', { name: 'Ver mensajes sin asignar' }).click();
  await expect(page).toHaveURL(/\/manager\/unrouted-messages/);
  await expect(page.getByRole('heading', { name: 'Mensajes sin asignar', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar mensajes sin asignar' }).fill(run);
  await expect(page.getByTestId('unrouted-row')).toHaveCount(1);
  const row = page.getByTestId('unrouted-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(text);
  await expect(row).toContainText(`+${phone}`);
  await expect(row).toContainText('+34911000000');
  await shot(page, 'admin-unrouted-es-1280');

  await row.getByRole('button', { name: `Asignar el mensaje de ${name} a una cuenta` }).click();
  const dialog = page.getByRole('dialog', { name: 'Asignar a una cuenta' });
  await dialog.getByRole('searchbox', { name: 'Buscar la cuenta' }).fill(own.hotel);
  // Every spec's copy of the hotel has its name: the owner's e-mail tells this one apart.
  await dialog.getByRole('radio', { name: new RegExp(own.hotel.replace(/[.+]/g, '\\$&')) }).click();
  await shot(page, 'admin-unrouted-assign-es-1280');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Asignar este mensaje?' });
  await expect(confirm).toContainText('Hotel Alameda Centro S.L.');
  await confirm.getByRole('button', { name: 'Asignar', exact: true }).click();
  await expect(page.getByText(`Mensaje de ${name} asignado a Hotel Alameda Centro S.L.`)).toBeVisible();
  await expect(row.getByTestId('unrouted-assigned')).toContainText('Asignado a Hotel Alameda Centro S.L.');
  await expect(row.getByRole('button', { name: /Asignar/ })).toHaveCount(0);
  await expect(row.getByRole('link')).toHaveCount(0);
  await shot(page, 'admin-unrouted-assigned-es-1280');

  // The hotel's inbox has the conversation (no booking yet: the operator can link one).
  const hotel = await apiLogin(request, own.hotel);
  const threads = await request.get(`/api/inbox/threads?search=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${hotel.token}` },
  });
  expect(threads.status()).toBe(200);
  const items = (await threads.json()).data.items as { guest_name: string; booking_id: string | null }[];
  expect(items).toEqual([expect.objectContaining({ guest_name: name, booking_id: null })]);
});

test('the unrouted messages page on a 390 px phone in Arabic', async ({ page, request }) => {
  const run = Date.now().toString(36).slice(-5);
  const name = `Rania ${run}`;
  await strangerWrites(request, name, `مرحبا، هل لديكم غرفة؟ (${run})`);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, specAdmin('admin-inbox'));
  await page.evaluate(() => localStorage.setItem('posada.lang', 'ar'));
  await page.goto('/manager/unrouted-messages');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'رسائل غير معيّنة', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'البحث في الرسائل غير المعيّنة' }).fill(run);
  // Only this run's message once the search has answered.
  await expect(page.getByRole('listitem')).toHaveCount(1);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: `تعيين رسالة ${name} لحساب` })).toBeVisible();
  // Nothing runs off the side of the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'admin-unrouted-ar-390');
  await card.getByRole('button', { name: `تعيين رسالة ${name} لحساب` }).click();
  await expect(page.getByRole('dialog', { name: 'تعيين لحساب' })).toBeVisible();
  await shot(page, 'admin-unrouted-assign-ar-390');
});
