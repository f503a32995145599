import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 15, the channel screens: connect an Airbnb calendar through ChannelConnectOta with the e2e
 * server's iCal fake (support/e2e-server.ts), see it healthy with what it imported, sync now, see a
 * refused feed's plain error, regenerate the property's export URL, and look at the screens in es, en
 * and ar at 1280 and 390 px. Own accounts: connections and tokens change.
 */
const own = accountsFor(test, 'channels');
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const languages = ['es', 'en', 'ar'] as const;

test.describe.configure({ mode: 'serial' });

/** The fake channel's feed URLs (GET on the e2e server's side port). */
async function feeds(): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/ical`);
  return ((await res.json()) as { feeds: Record<string, string> }).feeds;
}

const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

/** Signs in with the first property active (as the picker would), so the Main layout shows the page. */
async function signIn(request: APIRequestContext, email: string): Promise<ApiSession> {
  const session = await apiLogin(request, email);
  const first = session.user.properties[0];
  if (!first) throw new Error(`${email} has properties`);
  const chosen = await request.put('/api/user/active-property', {
    headers: bearer(session),
    data: { property_id: first.id },
  });
  expect(chosen.status()).toBe(200);
  return { ...session, user: { ...session.user, active_property_id: first.id } as ApiSession['user'] };
}

async function connections(request: APIRequestContext, session: ApiSession, propertyId?: string) {
  const r = await request.get('/api/channel-calendars', {
    headers: bearer(session),
    params: propertyId ? { property_id: propertyId } : {},
  });
  expect(r.status()).toBe(200);
  return (await r.json()).data as {
    id: string;
    property_id: string;
    export_url: string;
    health: { state: string; events_read: number };
  }[];
}

/** Nothing of the page wider than the screen, and no element drawn past its right or left edge. */
async function expectNothingOutside(page: Page) {
  const result = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    const hidden = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || hidden(el)) continue;
      if (r.left < -1 || r.right > width + 1)
        outside.push(
          `${el.tagName}.${String(el.className).slice(0, 40)} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        );
    }
    return { scrolls: document.documentElement.scrollWidth > width + 1, outside: outside.slice(0, 5) };
  });
  expect(result).toEqual({ scrolls: false, outside: [] });
}

/** Badges and buttons whose text is cut (drawn wider than their box). */
async function expectNothingCut(page: Page) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main .mantine-Badge-label, main .mantine-Button-label'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim()),
  );
  expect(cut).toEqual([]);
}

test('connect Airbnb step by step with the fake channel, see it healthy with its imports, and sync now', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(desktop);
  const session = await signIn(request, own.empresa);
  const [first] = session.user.properties;
  if (!first) throw new Error('the demo empresa has properties');
  const urls = await feeds();

  await openAs(page, session, '/business/channel-connect');
  await expect(page.getByRole('heading', { name: 'Canales de reserva', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Canales' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Reserva directa' })).toBeVisible();
  await expect(page.getByText('Aún no has conectado ningún canal')).toBeVisible();
  for (const name of ['Airbnb', 'Booking.com', 'Vrbo', 'Otro'])
    await expect(page.getByRole('link', { name: `Conectar ${name}` })).toBeVisible();

  await page.getByRole('link', { name: 'Conectar Airbnb' }).click();
  await expect(page).toHaveURL(/\/business\/channel-connect\/airbnb$/);
  await expect(page.getByRole('heading', { name: 'Conectar Airbnb', level: 1 })).toBeVisible();
  await expect(page.getByTestId('help-video')).toContainText('Vídeo de ayuda: conectar canales');

  // 1) The unit: the property being worked with comes chosen; any other can be picked.
  const unit = page.getByRole('textbox', { name: 'Alojamiento' });
  await expect(unit).toHaveValue(first.nombre);
  await unit.click();
  await page.getByRole('option', { name: first.nombre }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 2) Airbnb's link: where to find it, and what is typed stays when it is refused.
  await expect(page.getByText('Dónde encontrar el enlace en Airbnb')).toBeVisible();
  await expect(page.getByText('Pulsa «Exportar calendario» y copia el enlace que aparece.')).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Enlace de exportación de Airbnb' });
  await link.fill('airbnb calendario');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('No parece un enlace: pégalo completo, empezando por https://')).toBeVisible();
  await expect(link).toHaveValue('airbnb calendario');
  // A link of another channel is only a hint.
  await link.fill('https://admin.booking.com/hotel/hoteladmin/ical.html?t=abc');
  await expect(page.getByText('Este enlace no parece de Airbnb. Compruébalo antes de seguir.')).toBeVisible();
  await link.fill(urls['/airbnb/listing-e2e.ics'] ?? '');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 3) Our link for Airbnb, to copy, and where to paste it.
  const ours = page.getByRole('textbox', { name: 'Tu enlace para Airbnb' });
  await expect(ours).toHaveValue(/\/ical\/[\w-]+\.ics$/);
  await expect(page.getByText('Dónde pegarlo en Airbnb')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar: Tu enlace para Airbnb' }).click();
  await expect(page.getByText('Enlace copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await ours.inputValue());
  // Our feed answers as iCalendar, with no personal data.
  const feed = await request.get(new URL(await ours.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 4) The first sync: two reservations and a block read from the fake.
  await expect(page.getByTestId('first-sync')).toContainText('Airbnb conectado');
  await expect(page.getByTestId('first-sync')).toContainText(
    'Primera sincronización: 3 reservas o bloqueos nuevos.',
  );
  await page.getByRole('link', { name: 'Ver mis conexiones' }).click();

  const card = page.getByTestId('channel-connection');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-state', 'ok');
  await expect(card.getByText('Sincronizado')).toBeVisible();
  await expect(card.getByText('Eventos leídos')).toBeVisible();
  await expect(card.getByText('3', { exact: true })).toBeVisible();
  await expect(card.getByText('Calendario en 127.0.0.1')).toBeVisible();
  await expect(page.getByRole('heading', { name: first.nombre })).toBeVisible();
  await expect(page.getByTestId('channel-card-airbnb')).toContainText('1 conexión');

  // Sync now: nothing new at the channel.
  await card.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await expect(page.getByText('Sincronización completada')).toBeVisible();
  await expect(page.getByText('Sin cambios: el calendario ya estaba al día.')).toBeVisible();

  // The Reserva directa tab is the direct-booking panel.
  await page.getByRole('tab', { name: 'Reserva directa' }).click();
  await expect(page).toHaveURL(/tab=direct/);
  await page.getByRole('tab', { name: 'Canales' }).click();
  await expect(card).toBeVisible();
});

test('a feed the channel refuses shows its error in plain words, and a connection is deleted after confirming', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await signIn(request, own.empresa);
  const second = session.user.properties[1];
  if (!second) throw new Error('the demo empresa has two properties');
  const urls = await feeds();
  const created = await request.post('/api/channel-calendars', {
    headers: bearer(session),
    data: { property_id: second.id, channel: 'airbnb', url: urls['/airbnb/listing-refused.ics'] },
  });
  expect(created.status()).toBe(201);

  await openAs(page, session, '/business/channel-connect');
  const card = page.getByRole('article', { name: `Airbnb · ${second.nombre}` });
  await card.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await expect(
    page.getByText('Error al conectar con el canal. Por favor, inténtalo nuevamente.'),
  ).toBeVisible();
  await expect(card).toHaveAttribute('data-state', 'failing');
  await expect(card.getByText('Con errores')).toBeVisible();
  await expect(card.getByTestId('channel-connection-error')).toContainText(
    'El canal rechazó la descarga (403)',
  );

  // The profile's connection-channel tab counts it as failing.
  await openAs(page, session, '/business/profile/connection-channel');
  await expect(page.getByRole('tab', { name: 'Canales' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('1 conexión falla')).toBeVisible();
  await expect(page.getByTestId('channel-connection')).toHaveCount(2);

  // Delete it: a confirmation first.
  await openAs(page, session, '/business/channel-connect');
  await card.getByRole('button', { name: 'Más acciones de la conexión' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar conexión' }).click();
  await expect(page.getByRole('dialog')).toContainText('¿Eliminar esta conexión?');
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar conexión' }).click();
  await expect(page.getByText('Conexión eliminada')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await connections(request, session, second.id)).length).toBe(0);
});

test("the property's export URL is regenerated after a warning, and the old one stops answering", async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await signIn(request, own.empresa);
  const [first] = session.user.properties;
  if (!first) throw new Error('the demo empresa has properties');
  await openAs(page, session, `/business/properties/edition/${first.id}/sync-calendar`);
  await expect(page.getByRole('heading', { name: 'Sincronizar calendarios', level: 1 })).toBeVisible();
  await expect(page.getByTestId('channel-connection')).toHaveCount(1);
  const field = page.getByRole('textbox', { name: `Enlace de exportación de «${first.nombre}»` });
  await expect(field).toHaveValue(/\/ical\/[\w-]+\.ics$/);
  const old = await field.inputValue();
  expect((await request.get(new URL(old).pathname)).status()).toBe(200);

  await page.getByRole('button', { name: 'Regenerar' }).click();
  await expect(page.getByRole('dialog')).toContainText('El enlace actual dejará de funcionar');
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerar enlace' }).click();
  await expect(page.getByText('Enlace nuevo generado. Pégalo en tus canales.')).toBeVisible();
  await expect(field).not.toHaveValue(old);
  expect((await request.get(new URL(old).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await field.inputValue()).pathname)).status()).toBe(200);

  // Another property with no connection says what to do, and "Añadir conexión" opens the steps with it chosen.
  const second = session.user.properties[1];
  if (!second) throw new Error('the demo empresa has two properties');
  await openAs(page, session, `/business/properties/edition/${second.id}/sync-calendar`);
  await expect(page.getByText('Este alojamiento aún no tiene canales conectados')).toBeVisible();
  await page.getByRole('button', { name: 'Añadir conexión' }).click();
  await page.getByRole('menuitem', { name: 'Vrbo' }).click();
  await expect(page).toHaveURL(new RegExp(`/channel-connect/vrbo\\?property_id=${second.id}$`));
  await expect(page.getByRole('textbox', { name: 'Alojamiento' })).toHaveValue(second.nombre);
});

test('a hotel connects one room, and its settings page lists one export URL per room', async ({
  page,
  request,
}) => {
  await page.setViewportSize(phone);
  const session = await signIn(request, own.hotel);
  const [hotel] = session.user.properties;
  if (!hotel) throw new Error('the demo hotel has a property');
  const urls = await feeds();
  await openAs(page, session, '/business/channel-connect/other');
  await expect(page.getByRole('heading', { name: 'Conectar Otro', level: 1 })).toBeVisible();
  // A hotel sells room by room: the room is required.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Elige una habitación')).toBeVisible();
  await page.getByRole('textbox', { name: 'Habitación' }).click();
  await page.getByRole('option', { name: '101', exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByRole('textbox', { name: 'Enlace de exportación de Otro' })
    .fill(urls['/airbnb/listing-e2e.ics'] ?? '');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('textbox', { name: 'Tu enlace para Otro' })).toHaveValue(
    /\/ical\/[\w-]+\.ics$/,
  );
  await expectNothingOutside(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByTestId('first-sync')).toContainText('Otro conectado');

  await openAs(page, session, `/business/properties/edition/${hotel.id}/sync-calendar`);
  await expect(page.getByRole('heading', { name: `${hotel.nombre} · 101` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Enlace de exportación de «101»' })).toHaveValue(/\.ics$/);
  await expect(page.getByRole('textbox', { name: 'Enlace de exportación de «304»' })).toHaveValue(/\.ics$/);
  await expectNothingOutside(page);
});

test("another account's connections and export answer 404", async ({ request }) => {
  const owner = await apiLogin(request, own.empresa);
  const other = await apiLogin(request, own.hotel);
  const [first] = owner.user.properties;
  if (!first) throw new Error('the demo empresa has properties');
  const [connection] = await connections(request, owner, first.id);
  if (!connection) throw new Error('the first test connected Airbnb');
  const headers = bearer(other);
  expect(
    (await request.get('/api/channel-calendars', { headers, params: { property_id: first.id } })).status(),
  ).toBe(404);
  expect((await request.post(`/api/channel-calendars/${connection.id}/sync`, { headers })).status()).toBe(
    404,
  );
  expect((await request.delete(`/api/channel-calendars/${connection.id}`, { headers })).status()).toBe(404);
  expect((await request.get(`/api/properties/${first.id}/ical-export`, { headers })).status()).toBe(404);
  expect((await connections(request, other)).map((c) => c.id)).not.toContain(connection.id);
});

test('screenshots: the channel screens in es, en and ar at 1280 and 390 px, nothing cut or outside', async ({
  page,
  request,
}, testInfo) => {
  // 24 screens: three languages, two widths, four pages.
  test.setTimeout(240_000);
  const session = await signIn(request, own.empresa);
  const [first] = session.user.properties;
  if (!first) throw new Error('the demo empresa has properties');
  const screens = [
    ['channels', '/business/channel-connect'],
    ['connect-airbnb', '/business/channel-connect/airbnb'],
    ['sync-calendar', `/business/properties/edition/${first.id}/sync-calendar`],
    ['connection-channel', '/business/profile/connection-channel'],
  ] as const;
  // Every run checks Spanish and Arabic (the longest texts, and right to left); English and the pictures
  // themselves when screenshots are asked for (E2E_SHOTS_DIR).
  const shoot = Boolean(process.env.E2E_SHOTS_DIR);
  for (const lang of shoot ? languages : (['es', 'ar'] as const)) {
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const [name, path] of screens) {
        await openAs(page, session, path, lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        if (name === 'connect-airbnb') await expect(page.getByTestId('help-video')).toBeVisible();
        else if (name === 'sync-calendar')
          await expect(page.locator('input[readonly]').first()).toHaveValue(/\.ics$/);
        else await expect(page.getByTestId('channel-connection').first()).toBeVisible();
        await expectNothingOutside(page);
        await expectNothingCut(page);
        if (shoot)
          await page.screenshot({
            path: testInfo.outputPath(`${name}-${lang}-${viewport.width}.png`),
            fullPage: true,
          });
      }
    }
  }
});
