// Issue 17, mass messages (spec 2.2 whatsapp-mass-communication): the operator chooses the guests of three
// bookings, picks an approved template and what fills its variables, browses the preview per guest, confirms
// against the daily limit and sends; the WhatsApp fake receives three template messages, and the statuses it
// posts (sent → delivered → read) show on the broadcast live. Screenshots in es, en and ar, desktop and 390 px.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

// The hotel demo is on its trial: messaging is included, and with one property it writes from the shared number.
const own = accountsFor(test, 'broadcasts');
/** Screenshots only when E2E_SHOTS_DIR is set (the layout checks run always). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const PAGE = '/business/whatsapp-mass-communication';
test.describe.configure({ mode: 'serial' });

/** A stay far ahead (days from today) that no seeded booking overlaps. */
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dmy = (isoDate: string) => isoDate.split('-').reverse().join('/');
const FROM = iso(420);
const TO = iso(440);
const guests = [
  { name: 'Ana Broadcast', phone: '+34 611 200 301', digits: '34611200301', start: iso(421), end: iso(423) },
  { name: 'Bea Broadcast', phone: '+34 611 200 302', digits: '34611200302', start: iso(424), end: iso(426) },
  {
    name: 'Carlos Broadcast',
    phone: '+34 611 200 303',
    digits: '34611200303',
    start: iso(427),
    end: iso(429),
  },
];

interface FakeSent {
  wamid: string;
  to: string;
  type: string;
  template: { name: string; params: string[] } | null;
}
const fakeSent = async (): Promise<FakeSent[]> =>
  (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/whatsapp/sent`)).json()).data;

/**
 * A template fit for a broadcast (the guest and the arrival, no link of one check-in), approved at the
 * WhatsApp fake for every WABA through the e2e server's side port (/whatsapp/<path> = its /_fake/<path>).
 */
const TEMPLATE = 'stay_welcome';
async function registerTemplate() {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/whatsapp/templates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      waba_id: '*',
      name: TEMPLATE,
      language: 'es',
      category: 'UTILITY',
      body: 'Hola {{1}}, te esperamos el {{2}}. Completa tu check-in online antes de llegar.',
    }),
  });
  expect(res.ok, await res.text()).toBe(true);
}

let session: ApiSession;

async function bookGuests(request: APIRequestContext) {
  const auth = { Authorization: `Bearer ${session.token}` };
  const propertyId = session.user.properties[0]?.id as string;
  const types = (
    await (await request.get(`/api/properties/${propertyId}/room-types`, { headers: auth })).json()
  ).data as { id: string }[] | { items: { id: string }[] };
  const roomTypeId = (Array.isArray(types) ? types : types.items)[0]?.id;
  for (const guest of guests) {
    const res = await request.post('/api/create/new-booking', {
      headers: auth,
      data: {
        property_id: propertyId,
        room_type_id: roomTypeId,
        quantity: 1,
        start_date: guest.start,
        end_date: guest.end,
        name: guest.name,
        email: `${guest.digits}@example.com`,
        phone: guest.phone,
        number_of_guests: 1,
        price: 10_000,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function shoot(page: Page, name: string) {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bcast-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bcast-${name}-390.png`, fullPage: true });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a broadcast goes to three guests and a delivered status shows', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  session = await apiLogin(request, own.hotel);
  await bookGuests(request);
  await registerTemplate();
  const before = (await fakeSent()).length;

  await openAs(page, session, PAGE);
  await expect(page.getByRole('heading', { name: 'Mensajes masivos', exact: true })).toBeVisible();
  // The account's first broadcast (a retry finds the one its first try sent).
  if (testInfo.retry === 0)
    await expect(page.getByText('Todavía no has enviado mensajes masivos')).toBeVisible();

  // 1. Recipients: the stay dates of the three bookings, status booked.
  await page.getByRole('textbox', { name: 'Estancias desde' }).fill(dmy(FROM));
  await page.getByRole('textbox', { name: 'Hasta' }).fill(dmy(TO));
  await page.getByRole('heading', { name: 'Mensajes masivos', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar huéspedes' }).click();
  await expect(page.getByTestId('broadcast-count')).toHaveText('3 huéspedes recibirán el mensaje');
  for (const guest of guests) await expect(page.getByRole('cell', { name: guest.name })).toBeVisible();
  await shoot(page, 'es-1-recipients');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 2. Template: fetched from WhatsApp (the shared number's approved ones, the one registered above
  // included), its variables mapped.
  const sync = page.getByRole('button', { name: 'Sincronizar plantillas' }).first();
  await expect(sync).toBeVisible();
  const radio = page.getByRole('radio', { name: new RegExp(TEMPLATE) });
  if (!(await radio.isVisible())) {
    await sync.click();
    await expect(page.getByText('Plantillas actualizadas desde WhatsApp.')).toBeVisible();
  }
  await radio.check({ force: true });
  await expect(radio).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Variable 1' })).toHaveValue('Nombre del huésped');
  await expect(page.getByRole('textbox', { name: 'Variable 2' })).toHaveValue('Llegada');
  await shoot(page, 'es-2-template');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 3. Preview per guest, browsed.
  const preview = page.getByTestId('broadcast-preview');
  await expect(preview).toContainText('Hola Ana Broadcast, te esperamos el');
  await page.getByRole('button', { name: 'Siguiente huésped' }).click();
  await expect(preview).toContainText('Hola Bea Broadcast');
  await expect(preview).toContainText('Huésped 2 de 3');
  await shoot(page, 'es-3-preview');
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  // 4. Confirm: the count and the daily limit; send.
  const confirm = page.getByTestId('broadcast-confirm');
  await expect(confirm).toContainText('Se enviará a 3 huéspedes');
  await expect(confirm).toContainText('Límite diario de tu número: 1000 mensajes');
  await shoot(page, 'es-4-confirm');
  await page.getByRole('button', { name: 'Enviar a 3 huéspedes' }).click();
  await expect(page.getByText('Enviando el mensaje a 3 huéspedes')).toBeVisible();

  // The fake received three template messages, one per guest.
  let mine: FakeSent[] = [];
  await expect
    .poll(
      async () => {
        mine = (await fakeSent()).slice(before).filter((m) => guests.some((g) => g.digits === m.to));
        return mine.length;
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  expect(mine.every((m) => m.type === 'template' && m.template?.name === TEMPLATE)).toBe(true);
  expect(mine.find((m) => m.to === guests[0]?.digits)?.template?.params[0]).toBe('Ana Broadcast');

  // The drawer of the new broadcast: each message follows WhatsApp's own statuses, which the fake posts after
  // every accepted send (sent → delivered → read): every guest ends up read, live.
  const detail = page.getByTestId('broadcast-detail');
  await expect(detail.getByTestId('broadcast-recipient')).toHaveCount(3);
  await expect(detail.locator('[data-testid="recipient-status"][data-status="read"]')).toHaveCount(3, {
    timeout: 15_000,
  });
  await expect(
    detail
      .getByTestId('broadcast-recipient')
      .filter({ hasText: 'Ana Broadcast' })
      .getByTestId('recipient-status'),
  ).toContainText('Leído');
  await shoot(page, 'es-5-detail');
  await page.keyboard.press('Escape');

  // The list shows the broadcast with its counts.
  const item = page.getByTestId('broadcast-item').first();
  await expect(item).toContainText(TEMPLATE);
  // The counts follow the statuses live (delivery.changed); the drawer above already showed them.
  await expect(item.locator('[data-count="read"]')).toContainText('3');
});

for (const lang of ['en', 'ar'] as const) {
  test(`the screen in ${lang}`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    session ??= await apiLogin(request, own.hotel);
    await openAs(page, session, PAGE, lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(
      page.getByRole('heading', { name: lang === 'ar' ? 'الرسائل الجماعية' : 'Mass messages', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('broadcast-item').first()).toBeVisible();
    await shoot(page, `${lang}-page`);
    await page.getByTestId('broadcast-item').first().getByRole('button').click();
    await expect(page.getByTestId('broadcast-recipient')).toHaveCount(3);
    await shoot(page, `${lang}-detail`);
  });
}
