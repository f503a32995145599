import { expect, type Locator, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { demo, login } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'reservations');

/**
 * Reservas (/business/scheduled-checkins), the reservation modal and the booking details: spec 2.4, 4, 5
 * and 8. The one-apartment account (no demo bookings, no property picker) books; the hotel account has a
 * year of demo bookings, Booking.com ones among them.
 */

const BASICO = own.basico;
const RESERVAS = '/business/scheduled-checkins';

// biome-ignore lint/suspicious/noExplicitAny: the flows read API answers loosely
type Data = any;
type Answer = Promise<{ status: number; body: { ok: boolean; data?: Data; code?: string } }>;

interface Api {
  token: string;
  get: (path: string) => Answer;
  post: (path: string, data: unknown) => Answer;
  put: (path: string, data: unknown) => Answer;
}

function apiOf(page: Page, token: string): Api {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    get: async (path) => {
      const r = await page.request.get(path, { headers });
      return { status: r.status(), body: await r.json() };
    },
    post: async (path, data) => {
      const r = await page.request.post(path, { headers, data });
      return { status: r.status(), body: await r.json() };
    },
    put: async (path, data) => {
      const r = await page.request.put(path, { headers, data });
      return { status: r.status(), body: await r.json() };
    },
  };
}

async function signIn(page: Page, email: string, language: 'es' | 'en' | 'ar' = 'es'): Promise<Api> {
  await login(page, email);
  const token = (await page.evaluate(() => localStorage.getItem('posada.token'))) as string;
  if (language !== 'es') await page.evaluate((lng) => localStorage.setItem('posada.lang', lng), language);
  return apiOf(page, token);
}

async function firstPropertyId(api: Api): Promise<string> {
  return (await api.get('/api/properties')).body.data.items[0].id as string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

/** The first free range of `nights` nights from `fromOffset` days ahead (asked to the API, so reruns never collide). */
async function freeRange(
  api: Api,
  propertyId: string,
  fromOffset: number,
  nights = 3,
  roomType?: { id: string; atLeast: number },
) {
  const today = iso(new Date());
  for (let offset = fromOffset; offset < fromOffset + 300; offset += 1) {
    const start = plusDays(today, offset);
    const end = plusDays(start, nights);
    // Free with a night to spare on both sides (hotels: enough rooms of the type), so neighbouring tests never touch.
    const r = await api.post('/api/bookings/availability', {
      property_id: propertyId,
      start_date: plusDays(start, -1),
      end_date: plusDays(end, 1),
      ...(roomType ? { room_type_id: roomType.id } : {}),
    });
    const free = roomType ? r.body.data?.available_instances >= roomType.atLeast : r.body.data?.available;
    if (free) return { start, end };
  }
  throw new Error('no free range');
}

async function createViaApi(
  api: Api,
  body: { property_id: string; start_date: string; end_date: string; name: string; price?: number },
) {
  const r = await api.post('/api/create/new-booking', {
    email: 'guest@example.com',
    phone: '+34 612 345 678',
    number_of_guests: 2,
    price: 30_000,
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; code: string };
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks arrival and departure in a range picker, moving month by month towards each date. */
async function pickRange(page: Page, scope: Locator, label: string | RegExp, start: string, end: string) {
  await scope.getByRole('button', { name: label }).click();
  for (const date of [start, end]) {
    const day = page.locator(`[data-iso="${date}"]:not([data-outside])`);
    for (let i = 0; i < 24 && !(await day.isVisible()); i += 1) {
      const shown =
        (await page.locator('[data-iso]:not([data-outside])').first().getAttribute('data-iso')) ?? '';
      const direction = date < shown ? 'previous' : 'next';
      const names = {
        previous: /^(Mes anterior|Previous month|الشهر السابق)$/,
        next: /^(Mes siguiente|Next month|الشهر التالي)$/,
      };
      await page.getByRole('button', { name: names[direction] }).click();
    }
    await day.click();
  }
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Crear reserva' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nueva reserva' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function rowMenu(page: Page, code: string) {
  await page.getByRole('button', { name: `Acciones de la reserva ${code}` }).click();
  return page.getByRole('menu');
}

test('create from Reservas: required fields, phone minimum, no past arrival, computed total, then listed', async ({
  page,
}) => {
  const api = await signIn(page, BASICO);
  const propertyId = await firstPropertyId(api);
  const { start, end } = await freeRange(api, propertyId, 10);
  await page.goto(RESERVAS);
  await expect(page.getByRole('heading', { name: 'Reservas', exact: true })).toBeVisible();

  const dialog = await openCreate(page);
  await expect(dialog.getByLabel('Alojamiento')).toHaveValue('Apartamento Plaza Mayor');
  // Nothing filled: every spec 5 alert under its field.
  await dialog.getByRole('button', { name: 'Crear reserva' }).click();
  await expect(dialog.getByText('Completa este campo obligatorio.')).toHaveCount(4); // name, e-mail, phone, price
  await expect(dialog.getByText('Selecciona las fechas de llegada y salida.')).toBeVisible();

  // Phone: at least 5 digits.
  await dialog.getByLabel('Teléfono').fill('1234');
  await expect(dialog.getByText('El teléfono debe tener al menos 5 dígitos.')).toBeVisible();
  await dialog.getByLabel('Teléfono').fill('612 345 678');
  await expect(dialog.getByText('El teléfono debe tener al menos 5 dígitos.')).toHaveCount(0);

  // An arrival before today cannot be picked.
  await dialog.getByRole('button', { name: 'Llegada y salida' }).click();
  await expect(page.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
  const today = iso(new Date());
  const yesterday = page.locator(`[data-iso="${plusDays(today, -1)}"]:not([data-outside])`);
  if (await yesterday.count()) await expect(yesterday).toBeDisabled();
  await page.keyboard.press('Escape');

  await pickRange(page, dialog, 'Llegada y salida', start, end);
  await expect(dialog.getByText('3 noches').first()).toBeVisible();
  // The price comes from the property's rates (Apartamento Plaza Mayor: 72,00 € a night).
  const price = dialog.getByLabel('Precio de la estancia');
  await expect(price).not.toHaveValue('');
  await price.fill('300');

  await dialog.getByRole('button', { name: 'Añadir promoción' }).click();
  await dialog.getByLabel('Descripción de Promoción').fill('Cliente habitual');
  await dialog.getByLabel('Importe de Promoción').fill('30');
  // One promotion at most: a second one is refused with a warning.
  await dialog.getByRole('button', { name: 'Añadir promoción' }).click();
  await expect(page.getByText('Solo se permite una promoción por reserva')).toBeVisible();
  await expect(dialog.getByLabel('Importe de Promoción')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Añadir impuesto' }).click();
  await dialog.getByLabel('Importe de Impuesto').fill('10');
  // Total = price − promotions + taxes.
  await expect(dialog.getByTestId('reservation-total')).toHaveText('280,00 €');

  const name = unique('Lucía Creada');
  await dialog.getByLabel('Nombre y apellidos').fill(name);
  await dialog.getByLabel('Correo electrónico').fill('lucia@example.com');
  // Guests from 1 to the apartment's capacity (3).
  await expect(dialog.getByText('Capacidad: 3 huéspedes')).toBeVisible();
  await dialog.getByLabel('Huéspedes').fill('4');
  await dialog.getByLabel('Huéspedes').blur();
  await expect(dialog.getByLabel('Huéspedes')).toHaveValue('3');
  await dialog.getByLabel('Huéspedes').fill('2');
  await dialog.getByRole('button', { name: 'Crear reserva' }).click();

  await expect(page.getByText('Reserva creada exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('280,00 €');
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('Reservada');
  await expect(row).toContainText('Pago pendiente');
});

test('hotel: room type and a quantity of rooms up to the free ones, guests up to their capacity', async ({
  page,
}) => {
  const api = await signIn(page, own.hotel);
  const propertyId = await firstPropertyId(api);
  const types = (await api.get(`/api/properties/${propertyId}/room-types`)).body.data.items as Array<{
    id: string;
    name: string;
    rooms_count: number;
  }>;
  const superior = types.find((type) => type.name === 'Doble superior');
  if (!superior) throw new Error('demo room type missing');
  // Beyond the demo's six months of bookings the type's rooms are free (but one in maintenance).
  const { start, end } = await freeRange(api, propertyId, 200, 2, { id: superior.id, atLeast: 3 });
  const free = (
    await api.post('/api/bookings/availability', {
      property_id: propertyId,
      start_date: start,
      end_date: end,
      room_type_id: superior.id,
    })
  ).body.data.available_instances as number;

  await page.goto(RESERVAS);
  const dialog = await openCreate(page);
  await expect(dialog.getByLabel('Alojamiento')).toHaveValue('Hotel Alameda Centro');
  await expect(dialog.getByText('Elige el tipo de habitación para ver la capacidad.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Crear reserva' }).click();
  await expect(dialog.getByText('Elige el tipo de habitación.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Tipo de habitación' }).click();
  await page.getByRole('option', { name: 'Doble superior · hasta 3 huéspedes' }).click();
  await pickRange(page, dialog, 'Llegada y salida', start, end);
  await expect(dialog.getByText(`${free} libres en esas fechas`)).toBeVisible();
  const price = dialog.getByLabel('Precio de la estancia');
  await expect(price).not.toHaveValue('');
  const onePrice = await price.inputValue();

  // More rooms than are free is not possible; two rooms double the capacity and the price.
  const rooms = dialog.getByLabel('Habitaciones');
  await rooms.fill(String(free + 1));
  await rooms.blur();
  await expect(rooms).toHaveValue(String(free));
  await rooms.fill('2');
  await rooms.blur();
  await expect(dialog.getByText('Capacidad: 6 huéspedes')).toBeVisible();
  await expect(price).not.toHaveValue(onePrice);
  await dialog.getByLabel('Huéspedes').fill('5');

  const name = unique('Grupo Hotel');
  await dialog.getByLabel('Nombre y apellidos').fill(name);
  await dialog.getByLabel('Correo electrónico').fill('grupo@example.com');
  await dialog.getByLabel('Teléfono').fill('612345678');
  await dialog.getByRole('button', { name: 'Crear reserva' }).click();
  await expect(page.getByText('Reserva creada exitosamente')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('5 huéspedes');
  await expect(row).toContainText(/\d+, \d+/); // the two rooms assigned

  const after = await api.post('/api/bookings/availability', {
    property_id: propertyId,
    start_date: start,
    end_date: end,
    room_type_id: superior.id,
  });
  expect(after.body.data.available_instances).toBe(free - 2);
});

test('booking nights already taken: the spec 8 warning, and nothing typed is lost', async ({ page }) => {
  const api = await signIn(page, BASICO);
  const propertyId = await firstPropertyId(api);
  const { start, end } = await freeRange(api, propertyId, 40);
  await createViaApi(api, {
    property_id: propertyId,
    start_date: start,
    end_date: end,
    name: unique('Ocupa'),
  });

  await page.goto(RESERVAS);
  const dialog = await openCreate(page);
  await dialog.getByLabel('Nombre y apellidos').fill('Pedro Solapa');
  await dialog.getByLabel('Correo electrónico').fill('pedro@example.com');
  await dialog.getByLabel('Teléfono').fill('600111222');
  await pickRange(page, dialog, 'Llegada y salida', plusDays(start, 1), plusDays(end, 1));
  await expect(dialog.getByTestId('availability-warning')).toHaveText(
    'Las fechas ya están reservadas o bloqueadas',
  );
  await expect(dialog.getByLabel('Precio de la estancia')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Crear reserva' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Las fechas ya están reservadas o bloqueadas' }).first(),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nombre y apellidos')).toHaveValue('Pedro Solapa');
  await expect(dialog.getByLabel('Teléfono')).toHaveValue('600111222');
});

test('edit, pause and activate, payment status, and cancel after confirmation', async ({ page }) => {
  const api = await signIn(page, BASICO);
  const propertyId = await firstPropertyId(api);
  const first = await freeRange(api, propertyId, 70);
  const name = unique('Elena Editar');
  const booking = await createViaApi(api, {
    property_id: propertyId,
    start_date: first.start,
    end_date: first.end,
    name,
  });
  const other = await freeRange(api, propertyId, 100);
  await createViaApi(api, {
    property_id: propertyId,
    start_date: other.start,
    end_date: other.end,
    name: unique('Otra'),
  });

  await page.goto(`${RESERVAS}?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(booking.code) });
  await expect(row).toBeVisible();

  // Edit: moving onto taken nights is refused with the update warning; a new name and guests are saved.
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar reserva' });
  await expect(dialog.getByLabel('Nombre y apellidos')).toHaveValue(name);
  await expect(dialog.getByLabel('Teléfono')).toHaveValue('612345678');
  await pickRange(page, dialog, 'Llegada y salida', other.start, other.end);
  await expect(dialog.getByTestId('availability-warning')).toHaveText(
    'Las nuevas fechas ya están reservadas o bloqueadas',
  );
  await pickRange(page, dialog, 'Llegada y salida', first.start, first.end);
  await expect(dialog.getByTestId('availability-warning')).toHaveCount(0);
  const renamed = `${name} Gil`;
  await dialog.getByLabel('Nombre y apellidos').fill(renamed);
  await dialog.getByLabel('Huéspedes').fill('3');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Reserva actualizada exitosamente')).toBeVisible();
  await expect(row).toContainText(renamed);
  await expect(row).toContainText('3 huéspedes');

  // Pause and activate.
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Pausar' }).click();
  await expect(page.getByText('Reserva pausada: no se enviará el check-in automático')).toBeVisible();
  await expect(row.getByText('Pausada')).toBeVisible();
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Activar' }).click();
  await expect(page.getByText('Reserva activada: el check-in automático vuelve a enviarse')).toBeVisible();
  await expect(row.getByText('Pausada')).toHaveCount(0);

  // Payment: pending → paid → pending.
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Marcar como pagada' }).click();
  await expect(page.getByText('Pago marcado como pagado')).toBeVisible();
  await expect(row.getByText('Pagada', { exact: true })).toBeVisible();
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Marcar pago pendiente' }).click();
  await expect(row.getByText('Pago pendiente')).toBeVisible();

  // Cancel asks first; keeping it changes nothing, confirming cancels.
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Cancelar reserva' }).click();
  const confirm = page.getByRole('dialog', { name: `¿Cancelar la reserva ${booking.code}?` });
  await expect(confirm).toContainText('Esta acción no se puede deshacer.');
  await confirm.getByRole('button', { name: 'Mantener reserva' }).click();
  await expect(row).toContainText('Reservada');
  await (await rowMenu(page, booking.code)).getByRole('menuitem', { name: 'Cancelar reserva' }).click();
  await confirm.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(page.getByText('Reserva cancelada', { exact: true })).toBeVisible();
  await expect(row).toContainText('Cancelada');
  // Its nights are free again.
  const again = await api.post('/api/bookings/availability', {
    property_id: propertyId,
    start_date: first.start,
    end_date: first.end,
  });
  expect(again.body.data.available).toBe(true);
});

test('an external-channel booking cannot be cancelled here: warned in the menu and refused by the API', async ({
  page,
}) => {
  const api = await signIn(page, own.hotel);
  await page.goto(`${RESERVAS}?channel=booking&status=booked`);
  const first = page.locator('tbody tr[data-booking]').first();
  await expect(first).toContainText('Booking.com');
  const code = (await first.getAttribute('data-booking')) as string;
  const menu = await rowMenu(page, code);
  await expect(menu.getByRole('menuitem', { name: 'Cancelar reserva' })).toBeDisabled();
  await expect(menu.getByText('Esta reserva viene de Booking.com: cancélala en ese canal.')).toBeVisible();
  // Changed on its channel only (spec 4): the API refuses an update too.
  await expect(menu.getByRole('menuitem', { name: 'Editar' })).toBeDisabled();
  await page.keyboard.press('Escape');

  const list = await api.get('/api/bookings?channel=booking&status=booked&page_size=1');
  const external = list.body.data.items[0];
  const refused = await api.post('/api/booking/cancelled', { booking_id: external.id });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('booking.external_not_cancellable');
  expect((await api.get(`/api/bookings/${external.id}`)).body.data.status).toBe('booked');
});

test('search and filters narrow the list, live in the URL and survive a reload', async ({ page }) => {
  const api = await signIn(page, BASICO);
  const propertyId = await firstPropertyId(api);
  const tag = unique('Filtro');
  const a = await freeRange(api, propertyId, 130);
  const paid = await createViaApi(api, {
    property_id: propertyId,
    start_date: a.start,
    end_date: a.end,
    name: `${tag} Pagada`,
  });
  expect((await api.put(`/api/bookings/${paid.id}/payment-status`, { payment_status: 'paid' })).status).toBe(
    200,
  );
  const b = await freeRange(api, propertyId, 160);
  const pending = await createViaApi(api, {
    property_id: propertyId,
    start_date: b.start,
    end_date: b.end,
    name: `${tag} Pendiente`,
  });

  await page.goto(RESERVAS);
  await page.getByLabel('Buscar reservas').fill(tag);
  await expect(page).toHaveURL(/search=/);
  await expect(page.locator('tbody tr[data-booking]')).toHaveCount(2);

  await page.getByRole('textbox', { name: 'Pago' }).click();
  await page.getByRole('option', { name: 'Pagada' }).click();
  await expect(page).toHaveURL(/payment_status=paid/);
  await expect(page.locator('tbody tr[data-booking]')).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(paid.code) })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Buscar reservas')).toHaveValue(tag);
  await expect(page.locator('tbody tr[data-booking]')).toHaveCount(1);

  // The code finds it too; a search with no match says what to do.
  await page.goto(`${RESERVAS}?search=${pending.code}`);
  await expect(page.locator('tbody tr[data-booking]')).toHaveCount(1);
  await page.goto(`${RESERVAS}?search=${encodeURIComponent('nadie-se-llama-asi')}`);
  await expect(page.getByText('Ninguna reserva coincide')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar búsqueda y filtros' }).click();
  await expect(page).toHaveURL(new RegExp(`${RESERVAS}$`));
});

test("the booking page shows the spec 2.4 details; another account's booking is not found", async ({
  page,
}) => {
  // A booking of the hotel account, read with the hotel's own session.
  const hotelLogin = await (
    await page.request.post('/api/login', { data: { email: own.hotel, password: demo.password } })
  ).json();
  const hotelBooking = (await apiOf(page, hotelLogin.data.token).get('/api/bookings?page_size=1')).body.data
    .items[0];

  const api = await signIn(page, BASICO);
  const propertyId = await firstPropertyId(api);
  const { start, end } = await freeRange(api, propertyId, 190);
  const name = unique('Ana Detalle');
  const booking = await createViaApi(api, {
    property_id: propertyId,
    start_date: start,
    end_date: end,
    name,
  });

  await page.goto(`${RESERVAS}?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: booking.code }).click();
  await expect(page).toHaveURL(new RegExp(`/business/scheduled-checkins/[^/]+/${booking.id}/booking$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Apartamento Plaza Mayor')).toBeVisible();
  await expect(page.getByText('4 días · 3 noches')).toBeVisible();
  await expect(page.getByTestId('checkin-pending')).toContainText('Check-in pendiente');
  await expect(page.getByText('Pendiente del check-in')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Cancelar reserva' })).toBeEnabled();

  // Another account's booking id in the URL.
  const userId = page.url().split('/').at(-3) as string;
  await page.goto(`${RESERVAS}/${userId}/${hotelBooking.id}/booking`);
  await expect(page.getByTestId('booking-not-found')).toContainText('Reserva no encontrada');
  await expect(page.getByText(hotelBooking.name)).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir a Reservas' }).click();
  await expect(page).toHaveURL(new RegExp(`${RESERVAS}$`));
});

test('in Arabic: right-to-left list and modal, a booking created with the Arabic texts', async ({ page }) => {
  const api = await signIn(page, BASICO, 'ar');
  const propertyId = await firstPropertyId(api);
  const { start, end } = await freeRange(api, propertyId, 220);
  await page.goto(RESERVAS);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الحجوزات', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'إنشاء حجز' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'حجز جديد' });
  await expect(dialog).toBeVisible();
  // The side dialog opens on the left in right-to-left.
  const box = await dialog.boundingBox();
  expect(box?.x ?? 999).toBeLessThan(10);
  await dialog.getByRole('button', { name: 'إنشاء الحجز' }).click();
  await expect(dialog.getByText('املأ هذا الحقل الإلزامي.').first()).toBeVisible();

  await pickRange(page, dialog, 'الوصول والمغادرة', start, end);
  await expect(dialog.getByText('3 ليالٍ').first()).toBeVisible();
  const name = unique('سارة');
  await dialog.getByLabel('الاسم الكامل').fill(name);
  await dialog.getByLabel('البريد الإلكتروني').fill('sara@example.com');
  await dialog.getByLabel('الهاتف').fill('612345678');
  await expect(dialog.getByLabel('سعر الإقامة')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'إنشاء الحجز' }).click();
  await expect(page.getByText('تم إنشاء الحجز بنجاح')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('محجوز');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards instead of the table, a full-width modal, and a booking created', async ({ page }) => {
    const api = await signIn(page, BASICO);
    const propertyId = await firstPropertyId(api);
    const { start, end } = await freeRange(api, propertyId, 250);
    await page.goto(RESERVAS);
    await expect(page.getByRole('heading', { name: 'Reservas', exact: true })).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);

    const dialog = await openCreate(page);
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(390);
    await pickRange(page, dialog, 'Llegada y salida', start, end);
    const name = unique('Móvil');
    await dialog.getByLabel('Nombre y apellidos').fill(name);
    await dialog.getByLabel('Correo electrónico').fill('movil@example.com');
    await dialog.getByLabel('Teléfono').fill('612345678');
    await expect(dialog.getByLabel('Precio de la estancia')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Crear reserva' }).click();
    await expect(page.getByText('Reserva creada exitosamente')).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('3 noches');
    // The filters fold under one button on phones.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('textbox', { name: 'Estado' })).toBeVisible();
  });
});
