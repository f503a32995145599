import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'inbox');
const SHOTS = process.env.E2E_SHOTS_DIR;
const SIDE = `http://127.0.0.1:${E2E_MAIL_PORT}`;

/**
 * The unified inbox (issue 17): a guest writes on WhatsApp (the fake Cloud API signs the webhook and posts it
 * to the app) and the message appears live in the open inbox, in a thread linked to their booking; the
 * operator answers and the fake's record of sent messages shows it. Desktop in Spanish; a 390 px phone in
 * Arabic (list → thread → back).
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);

async function guestWithBooking(request: APIRequestContext, session: ApiSession, name: string) {
  // A phone of its own per run: the shared number finds the account by the guest's phone (their booking).
  const digits = `346${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const start = new Date(Date.now() + (300 + Math.floor(Math.random() * 2000)) * 86_400_000);
  const end = new Date(start.getTime() + 3 * 86_400_000);
  const res = await request.post('/api/create/new-booking', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      name,
      email: 'huesped@example.com',
      phone: `+${digits}`,
      number_of_guests: 1,
      price: 20_000,
      property_id: session.user.properties[0]?.id,
      start_date: iso(start),
      end_date: iso(end),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return digits;
}

async function guestWrites(from: string, name: string, text: string) {
  const res = await fetch(`${SIDE}/whatsapp/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, name, text }),
  });
  expect(res.ok, await res.text()).toBe(true);
}

async function sentTo(digits: string): Promise<{ text: string | null }[]> {
  const res = await fetch(`${SIDE}/whatsapp/sent?to=${digits}`);
  return ((await res.json()) as { data: { text: string | null }[] }).data;
}

async function signIn(request: APIRequestContext) {
  // The account with every paid extra (messaging included), on its first property (no picker in the way).
  const session = await apiLogin(request, own.empresa);
  const active = await request.put('/api/user/active-property', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { property_id: session.user.properties[0]?.id },
  });
  expect(active.status()).toBe(200);
  // The demo seeds the AI concierge on; these flows are about the operator answering, so it stays quiet.
  const bot = await request.put(
    `/api/properties/${session.user.properties[0]?.id}/settings/page-chat-bot-ia`,
    {
      headers: { authorization: `Bearer ${session.token}` },
      data: { enabled: false },
    },
  );
  expect(bot.status(), await bot.text()).toBe(200);
  return session;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a guest message arrives live, linked to the booking, and the answer goes out on WhatsApp', async ({
  page,
  request,
}) => {
  const session = await signIn(request);
  const digits = await guestWithBooking(request, session, 'Lucía Bandeja');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, session, '/business/messages-channel');
  await expect(page.getByRole('heading', { name: 'Buzón de entrada', level: 1 })).toBeVisible();

  await guestWrites(digits, 'Lucía', '¿Puedo dejar las maletas antes del check-in?');
  // Live: no reload; the thread comes to the top with its preview and an unread badge.
  const thread = page.getByTestId('inbox-thread').filter({ hasText: 'Lucía' }).first();
  await expect(thread).toContainText('¿Puedo dejar las maletas antes del check-in?');
  await expect(thread.getByTestId('inbox-thread-unread')).toHaveText('1');
  await expect(page.getByTestId('nav-badge-inbox')).toBeVisible();

  await thread.click();
  const conversation = page.getByTestId('inbox-conversation');
  await expect(conversation.getByTestId('inbox-message')).toContainText([
    '¿Puedo dejar las maletas antes del check-in?',
  ]);
  // The booking card beside the thread: the booking the guest's phone belongs to.
  const card = page.getByTestId('inbox-booking-card');
  await expect(card).toContainText('Lucía Bandeja');
  await expect(card.getByRole('link', { name: 'Ver la reserva' })).toBeVisible();
  // Opening it marks it read: the badge leaves the list and the menu.
  await expect(thread.getByTestId('inbox-thread-unread')).toHaveCount(0);
  await expect(page.getByTestId('nav-badge-inbox')).toHaveCount(0);
  await shot(page, 'thread-es-1280');

  await page.getByTestId('inbox-composer-text').fill('¡Claro, {{guest_name}}! Desde las 11:00.');
  await page.getByTestId('inbox-send').click();
  // The toast says what WhatsApp did with it (issue 26): sent once accepted, or still queued.
  await expect(page.getByText(/^(Enviado por WhatsApp|En cola: saldrá por WhatsApp)/)).toBeVisible();
  const answer = conversation.getByTestId('inbox-message').last();
  await expect(answer).toContainText('¡Claro, Lucía Bandeja! Desde las 11:00.');
  await expect(answer.getByTestId('inbox-tick')).toHaveAttribute(
    'data-status',
    /accepted|sent|delivered|read/,
  );
  await expect
    .poll(async () => (await sentTo(digits)).map((s) => s.text))
    .toContain('¡Claro, Lucía Bandeja! Desde las 11:00.');

  // A second message while the thread is open shows up in it at once.
  await guestWrites(digits, 'Lucía', '¡Perfecto, gracias!');
  await expect(conversation.getByTestId('inbox-message').last()).toContainText('¡Perfecto, gracias!');
});

test('on a 390 px phone in Arabic: list, thread, answer, back', async ({ page, request }) => {
  const session = await signIn(request);
  const digits = await guestWithBooking(request, session, 'Omar Bandeja');
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, session, '/business/messages-channel', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'صندوق الوارد', level: 1 })).toBeVisible();

  await guestWrites(digits, 'Omar', 'مرحبا، هل يوجد موقف سيارات؟');
  const thread = page.getByTestId('inbox-thread').filter({ hasText: 'Omar' }).first();
  await expect(thread).toContainText('مرحبا، هل يوجد موقف سيارات؟');
  await shot(page, 'list-ar-390');
  await thread.click();
  // One pane at a time: the list is gone, the conversation has a way back.
  await expect(page.getByTestId('inbox-thread')).toHaveCount(0);
  await expect(page.getByTestId('inbox-thread-name')).toHaveText('Omar');
  await page.getByTestId('inbox-composer-text').fill('نعم، يوجد موقف مجاني.');
  await page.getByTestId('inbox-send').click();
  await expect(page.getByText(/^(أُرسلت عبر واتساب|في الانتظار: ستُرسل عبر واتساب)/)).toBeVisible();
  await expect.poll(async () => (await sentTo(digits)).map((s) => s.text)).toContain('نعم، يوجد موقف مجاني.');
  // The booking card opens in a drawer on a phone.
  await page.getByRole('button', { name: 'الحجز', exact: true }).click();
  await expect(page.getByTestId('inbox-booking-card')).toContainText('Omar Bandeja');
  // The drawer slides in: the picture once it has stopped.
  if (SHOTS) await page.waitForTimeout(600);
  await shot(page, 'card-ar-390');
  await page.keyboard.press('Escape');
  await shot(page, 'thread-ar-390');
  await page.getByTestId('inbox-back').click();
  await expect(page.getByTestId('inbox-thread').filter({ hasText: 'Omar' }).first()).toBeVisible();
});

test('screens in es, en and ar, desktop and phone', async ({ page, request }) => {
  test.skip(!SHOTS, 'screenshots only when E2E_SHOTS_DIR is set');
  const session = await signIn(request);
  const digits = await guestWithBooking(request, session, 'Ana Capturas');
  await guestWrites(digits, 'Ana', 'Hola, llegamos a las 20:00. ¿Hay alguien para darnos las llaves?');
  for (const lang of ['es', 'en', 'ar'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await openAs(page, session, '/business/messages-channel', lang);
      const thread = page.getByTestId('inbox-thread').filter({ hasText: 'Ana' }).first();
      await expect(thread).toBeVisible();
      await shot(page, `list-${lang}-${width}`);
      await thread.click();
      await expect(page.getByTestId('inbox-message').first()).toBeVisible();
      await shot(page, `thread-${lang}-${width}`);
    }
  }
  // Without the messaging module (the subscribed account without add-ons): the upgrade prompt.
  const basico = await apiLogin(request, own.basico);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, basico, '/business/messages-channel');
  await expect(page.getByTestId('inbox-plan-prompt')).toBeVisible();
  await shot(page, 'plan-es-1280');
});
