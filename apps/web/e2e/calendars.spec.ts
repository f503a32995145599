import { expect, type Locator, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'calendars');

/**
 * The three calendars and availabilityPrices (spec 2.4 Calendars, 5 Calendar, 8 Calendar and prices):
 * create a booking from a selection, block dates (and see a booking refused on them), edit the price per
 * night, open and cancel a booking, change room and the maintenance modal on the hotel calendar, the
 * monthly calendar on a 390 px phone in Spanish and Arabic; pause and activate, payment status, and the
 * create-edit-pause-cancel and change-room passes in English. Every test works on its own nights in 2029,
 * far from the demo year of bookings and from the other flows, and puts back what it changed.
 */

const APARTMENT = 'Apartamento Sol de Triana';
const VILLA = 'Villa Mar Azul';
type Lang = 'es' | 'en' | 'ar';

/** Signs in through the API (the login screen has its own flows) and opens `path` in `lang`. */
async function open(page: Page, email: string, path: string, lang: Lang = 'es'): Promise<ApiSession> {
  const session = await apiLogin(page.request, email);
  await openAs(page, session, path, lang);
  return session;
}

const unitRow = (page: Page, name: string) => page.locator(`[data-testid="unit-row"][data-unit="${name}"]`);

/** Drags along a timeline row from one day to another (arrival to departure). */
async function dragDays(page: Page, row: Locator, from: string, to: string) {
  // A dialog still closing would catch the pointer.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Rows and days are virtualised: bring the row on screen first.
  await row.locator(`[data-date="${from}"]`).scrollIntoViewIfNeeded();
  const a = await row.locator(`[data-date="${from}"]`).boundingBox();
  const b = await row.locator(`[data-date="${to}"]`).boundingBox();
  if (!a || !b) throw new Error(`day cells ${from} or ${to} not drawn`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height - 6);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 6, { steps: 8 });
  await page.mouse.up();
}

function chooser(page: Page, title = '¿Qué quieres hacer con estas fechas?') {
  return page.getByRole('dialog', { name: title });
}

/** The texts the flows click and read, in Spanish and English. */
const texts = {
  es: {
    chooser: '¿Qué quieres hacer con estas fechas?',
    book: 'Crear reserva',
    newBooking: 'Nueva reserva',
    name: 'Nombre y apellidos',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    create: 'Crear reserva',
    created: 'Reserva creada exitosamente',
    panel: 'Detalles de la reserva',
    cancel: 'Cancelar reserva',
    cancelTitle: '¿Cancelar la reserva?',
    cancelled: 'Reserva cancelada.',
    pause: 'Pausar',
    activate: 'Activar',
    pausedToast: 'Reserva pausada: no se enviará el check-in automático',
    activatedToast: 'Reserva activada: el check-in automático vuelve a enviarse',
    pausedBadge: 'En pausa',
  },
  en: {
    chooser: 'What do you want to do with these dates?',
    book: 'Create booking',
    newBooking: 'New reservation',
    name: 'Full name',
    email: 'E-mail',
    phone: 'Phone',
    create: 'Create reservation',
    created: 'Reservation created successfully',
    panel: 'Booking details',
    cancel: 'Cancel booking',
    cancelTitle: 'Cancel this booking?',
    cancelled: 'Booking cancelled.',
    pause: 'Pause',
    activate: 'Activate',
    pausedToast: 'Reservation paused: no automatic check-in will be sent',
    activatedToast: 'Reservation activated: automatic check-in is sent again',
    pausedBadge: 'Paused',
  },
} as const;

/** Fills the reservation modal's guest fields and creates the booking. */
async function createInModal(page: Page, guest: string, lang: 'es' | 'en' = 'es') {
  const x = texts[lang];
  const modal = page.getByRole('dialog', { name: x.newBooking });
  await expect(modal).toBeVisible();
  await modal.getByLabel(x.name).fill(guest);
  await modal.getByLabel(x.email).fill('calendario@example.com');
  await modal.getByRole('textbox', { name: x.phone }).fill('612345678');
  await modal.getByRole('button', { name: x.create }).click();
  await expect(page.getByText(x.created)).toBeVisible();
  await expect(modal).toBeHidden();
}

/** Opens a booking bar and cancels it after the confirmation. */
async function cancelFromPanel(page: Page, bar: Locator, lang: 'es' | 'en' = 'es') {
  const x = texts[lang];
  await bar.click();
  const panel = page.getByRole('dialog', { name: x.panel });
  await expect(panel.getByTestId('booking-panel')).toBeVisible();
  await panel.getByRole('button', { name: x.cancel }).click();
  const confirm = page.getByRole('dialog', { name: x.cancelTitle });
  await confirm.getByRole('button', { name: x.cancel }).click();
  await expect(page.getByText(x.cancelled)).toBeVisible();
}

/** In the open panel: pause (badge, hint, toast), then activate again (badge gone). */
async function pauseAndActivate(page: Page, panel: Locator, lang: 'es' | 'en' = 'es') {
  const x = texts[lang];
  await panel.getByRole('button', { name: x.pause, exact: true }).click();
  await expect(page.getByText(x.pausedToast)).toBeVisible();
  await expect(panel.getByText(x.pausedBadge, { exact: true })).toBeVisible();
  await expect(panel.getByTestId('paused-hint')).toBeVisible();
  await panel.getByRole('button', { name: x.activate, exact: true }).click();
  await expect(page.getByText(x.activatedToast)).toBeVisible();
  await expect(panel.getByText(x.pausedBadge, { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: x.pause, exact: true })).toBeVisible();
}

/**
 * Moves the timeline's keyboard cursor onto `row` and `date` with the arrow keys (the timeline has focus
 * and the cursor is placed). `forward` is the key that goes to the next day (ArrowLeft right to left).
 */
async function cursorTo(page: Page, row: Locator, date: string, forward = 'ArrowRight') {
  const back = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const cursor = page.getByTestId('timeline-cursor');
  const key = await row.locator('[data-day-area]').getAttribute('data-row-key');
  for (let i = 0; i < 30 && (await cursor.getAttribute('data-row-key')) !== key; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(cursor).toHaveAttribute('data-row-key', key ?? '');
  const at = (await cursor.getAttribute('data-date')) ?? date;
  const steps = Math.round((Date.parse(date) - Date.parse(at)) / 86_400_000);
  for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? forward : back);
  await expect(cursor).toHaveAttribute('data-date', date);
}

/** Opens a closed-dates block and deletes it after the confirmation. */
async function deleteBlock(page: Page, block: Locator) {
  await block.click();
  await page
    .getByRole('dialog', { name: 'Fechas bloqueadas' })
    .getByRole('button', { name: 'Eliminar bloqueo' })
    .click();
  await page
    .getByRole('dialog', { name: '¿Eliminar el bloqueo?' })
    .getByRole('button', { name: 'Eliminar bloqueo' })
    .click();
  await expect(block).toHaveCount(0);
}

const guestName = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

test.describe('ReservationCalendar (desktop, apartments and villas)', () => {
  test('a booking is created from a dragged selection, opened in the panel and cancelled', async ({
    page,
  }) => {
    await open(page, own.empresa, '/calendar/bookings?date=2029-03-03');
    await expect(page.getByRole('heading', { name: 'Calendario de reservas' })).toBeVisible();
    const row = unitRow(page, VILLA);
    await dragDays(page, row, '2029-03-05', '2029-03-08');

    const dialog = chooser(page);
    await expect(dialog.getByTestId('chooser-target')).toHaveText(VILLA);
    await expect(dialog).toContainText('3 noches');
    await dialog.getByRole('button', { name: 'Crear reserva' }).click();
    // The modal arrives with the property and the dates of the selection.
    const modal = page.getByRole('dialog', { name: 'Nueva reserva' });
    await expect(modal.getByLabel('Alojamiento')).toHaveValue(VILLA);
    await expect(modal.getByRole('button', { name: 'Llegada y salida' })).toContainText('5 mar 2029');
    const guest = guestName('Calendario');
    await createInModal(page, guest);

    const bar = row.getByRole('button', { name: new RegExp(`^${guest}`) });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-label', /3 noches/);

    // Edit from the panel: the reservation modal opens on the booking.
    await bar.click();
    const panel = page.getByRole('dialog', { name: 'Detalles de la reserva' });
    await expect(panel.getByText(guest, { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar reserva' });
    const renamed = `${guest} Ruiz`;
    await edit.getByLabel('Nombre y apellidos').fill(renamed);
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Reserva actualizada exitosamente')).toBeVisible();
    const renamedBar = row.getByRole('button', { name: new RegExp(`^${renamed}`) });
    await expect(renamedBar).toBeVisible();

    await cancelFromPanel(page, renamedBar);
    await expect(renamedBar).toHaveCount(0);
  });

  test('in English: create, edit, pause and activate, mark paid and pending, then cancel', async ({
    page,
  }) => {
    const x = texts.en;
    await open(page, own.empresa, '/calendar/bookings?date=2029-08-03', 'en');
    await expect(page.getByRole('heading', { name: 'Booking calendar' })).toBeVisible();
    const row = unitRow(page, VILLA);
    await dragDays(page, row, '2029-08-06', '2029-08-09');
    const dialog = chooser(page, x.chooser);
    await expect(dialog).toContainText('3 nights');
    await dialog.getByRole('button', { name: x.book }).click();
    const guest = guestName('Calendar');
    await createInModal(page, guest, 'en');

    const bar = row.getByRole('button', { name: new RegExp(`^${guest}`) });
    await expect(bar).toHaveAttribute('aria-label', /\(3 nights\)/);

    // Edit from the panel.
    await bar.click();
    const panel = page.getByRole('dialog', { name: x.panel });
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit reservation' });
    const renamed = `${guest} Smith`;
    await edit.getByLabel(x.name).fill(renamed);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Reservation updated successfully')).toBeVisible();
    const renamedBar = row.getByRole('button', { name: new RegExp(`^${renamed}`) });
    await expect(renamedBar).toBeVisible();

    // Pause: the bar says so too; then activate.
    await renamedBar.click();
    await expect(panel.getByText(renamed, { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: x.pause, exact: true }).click();
    await expect(page.getByText(x.pausedToast)).toBeVisible();
    await expect(panel.getByText(x.pausedBadge, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('paused-hint')).toHaveText(
      'Paused: no automatic check-in message will be sent for this booking.',
    );
    await expect(renamedBar).toHaveAttribute('data-paused', 'true');
    await panel.getByRole('button', { name: x.activate, exact: true }).click();
    await expect(page.getByText(x.activatedToast)).toBeVisible();
    await expect(panel.getByText(x.pausedBadge, { exact: true })).toHaveCount(0);
    await expect(renamedBar).not.toHaveAttribute('data-paused', 'true');

    // Payment: pending → paid → pending.
    await expect(panel.getByText('Payment pending', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page.getByText('Payment marked as paid')).toBeVisible();
    await expect(panel.getByText('Paid', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Mark payment pending' }).click();
    await expect(page.getByText('Payment marked as pending')).toBeVisible();
    await expect(panel.getByText('Payment pending', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await cancelFromPanel(page, renamedBar, 'en');
    await expect(renamedBar).toHaveCount(0);
  });

  test('closed dates are hatched, refuse a booking, and can be deleted', async ({ page }) => {
    const session = await open(page, own.empresa, '/calendar/bookings?date=2029-03-10');
    const row = unitRow(page, APARTMENT);
    await dragDays(page, row, '2029-03-12', '2029-03-15');
    await chooser(page).getByRole('button', { name: 'Bloquear fechas' }).click();

    const modal = page.getByRole('dialog', { name: 'Bloquear fechas' });
    await expect(modal.getByTestId('close-dates-summary')).toContainText('3 noches bloqueadas');
    await modal.getByLabel('Motivo (opcional)').fill('Pintura E2E');
    await modal.getByRole('button', { name: 'Bloquear fechas' }).click();
    await expect(page.getByText('Fechas bloqueadas: 3 noches.')).toBeVisible();
    const block = row.getByTestId('closed-block');
    await expect(block).toHaveAttribute('aria-label', /Pintura E2E/);

    // The calendar refuses a booking on them (dragged from a free day: a closed night opens its block)…
    await dragDays(page, row, '2029-03-16', '2029-03-13');
    const dialog = chooser(page);
    await expect(dialog.getByRole('button', { name: 'Crear reserva' })).toBeDisabled();
    await expect(dialog.getByText('Fechas cerradas: no se pueden reservar.')).toBeVisible();
    await page.keyboard.press('Escape');
    // …and so does the API, with the spec 8 warning.
    const property = session.user.properties.find((p) => p.nombre === APARTMENT);
    const refused = await page.request.post('/api/create/new-booking', {
      headers: { Authorization: `Bearer ${session.token}` },
      data: {
        property_id: property?.id,
        start_date: '2029-03-13',
        end_date: '2029-03-16',
        name: 'Sobre fechas bloqueadas',
        email: 'bloqueo@example.com',
        phone: '+34 612 345 678',
        number_of_guests: 2,
        price: 10_000,
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('Las fechas ya están reservadas o bloqueadas');

    // Edit: the block opens its modal; its reason changes, then it is deleted after confirmation.
    await block.click();
    const edit = page.getByRole('dialog', { name: 'Fechas bloqueadas' });
    await expect(edit.getByLabel('Motivo (opcional)')).toHaveValue('Pintura E2E');
    await edit.getByLabel('Motivo (opcional)').fill('Pintura y suelos E2E');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Bloqueo actualizado.')).toBeVisible();
    await expect(block).toHaveAttribute('aria-label', /Pintura y suelos E2E/);
    await block.click();
    await edit.getByRole('button', { name: 'Eliminar bloqueo' }).click();
    await page
      .getByRole('dialog', { name: '¿Eliminar el bloqueo?' })
      .getByRole('button', { name: 'Eliminar bloqueo' })
      .click();
    await expect(page.getByText('Bloqueo eliminado: las noches vuelven a estar disponibles.')).toBeVisible();
    await expect(block).toHaveCount(0);
  });

  test('the price per night and minimum stay of a range are saved and shown in the cells', async ({
    page,
  }) => {
    await open(page, own.empresa, '/calendar/bookings?date=2029-03-17');
    const row = unitRow(page, VILLA);
    await dragDays(page, row, '2029-03-19', '2029-03-22');
    await chooser(page).getByRole('button', { name: 'Editar precio por noche' }).click();

    const modal = page.getByRole('dialog', { name: 'Editar precio por noche' });
    await modal.getByLabel('Precio por noche (EUR)').fill('199');
    await modal.getByLabel('Estancia mínima').fill('2');
    await modal.getByRole('button', { name: 'Guardar precios' }).click();
    await expect(page.getByText('Precios actualizados para 3 noches.')).toBeVisible();
    for (const date of ['2029-03-19', '2029-03-20', '2029-03-21']) {
      await expect(row.locator(`[data-date="${date}"]`)).toContainText('199');
      await expect(row.locator(`[data-date="${date}"]`)).toContainText('mín. 2');
    }
    // The departure day keeps its own price.
    await expect(row.locator('[data-date="2029-03-22"]')).not.toContainText('199');

    // One night on a two-night minimum is refused by the calendar.
    await dragDays(page, row, '2029-03-19', '2029-03-20');
    await expect(chooser(page).getByText('Estancia mínima: 2 noches.')).toBeVisible();
    await expect(chooser(page).getByRole('button', { name: 'Crear reserva' })).toBeDisabled();
  });

  test('by keyboard: a spoken cursor, Enter on the arrival and the departure, and the dates blocked', async ({
    page,
  }) => {
    await open(page, own.empresa, '/calendar/bookings?date=2029-04-02');
    const row = unitRow(page, APARTMENT);
    await expect(row).toBeVisible();
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAccessibleDescription(/Intro: elegir la llegada y después la salida/);
    await timeline.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('timeline-cursor')).toBeVisible();
    await cursorTo(page, row, '2029-04-05');
    const spoken = page.getByTestId('timeline-cursor-text');
    await expect(spoken).toHaveText(new RegExp(`^${APARTMENT}, .*5.*abril.*2029: libre`));

    // Enter, then Escape: the arrival is dropped.
    await page.keyboard.press('Enter');
    await expect(row.getByTestId('selection')).toHaveText('Llegada');
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('selection')).toHaveCount(0);

    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(row.getByTestId('selection')).toHaveText('3 noches');
    await expect(spoken).toContainText('Llegada');
    await expect(spoken).toContainText('3 noches');
    await page.keyboard.press('Enter');
    await chooser(page).getByRole('button', { name: 'Bloquear fechas' }).click();
    const modal = page.getByRole('dialog', { name: 'Bloquear fechas' });
    await expect(modal.getByTestId('close-dates-summary')).toContainText('3 noches bloqueadas');
    await modal.getByRole('button', { name: 'Bloquear fechas' }).click();
    await expect(page.getByText('Fechas bloqueadas: 3 noches.')).toBeVisible();
    const block = row.getByTestId('closed-block');
    await expect(block).toHaveCount(1);

    // The cursor speaks a blocked night.
    await timeline.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('timeline-cursor')).toHaveAttribute('data-date', '2029-04-07');
    await expect(spoken).toHaveText(/: Cerrado$/);

    await deleteBlock(page, block);
  });

  test('a phone is sent to the monthly calendar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, own.empresa, '/calendar/bookings?date=2029-06-01');
    await expect(page).toHaveURL(/\/calendar-monthly\/bookings\?date=2029-06-01/);
    await expect(page.getByTestId('month-title')).toHaveText(/junio de 2029/i);
  });
});

test.describe('hotelReservationCalendar', () => {
  test('a booking made on a room stays on it, moves to another free room, and is cancelled', async ({
    page,
  }) => {
    await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-01');
    await expect(page.getByRole('heading', { name: 'Calendario del hotel' })).toBeVisible();
    await dragDays(page, unitRow(page, '101'), '2029-04-02', '2029-04-05');
    const dialog = chooser(page);
    await expect(dialog.getByTestId('chooser-target')).toHaveText('101 · Doble estándar');
    await dialog.getByRole('button', { name: 'Crear reserva' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Nueva reserva' })
        .getByRole('textbox', { name: 'Tipo de habitación' }),
    ).toHaveValue(/Doble estándar/);
    const guest = guestName('Hotel');
    await createInModal(page, guest);

    const bar = unitRow(page, '101').getByRole('button', { name: new RegExp(`^${guest}`) });
    await expect(bar).toBeVisible();

    // Change room from the panel: only rooms free for the whole stay are offered.
    await bar.click();
    const panel = page.getByRole('dialog', { name: 'Detalles de la reserva' });
    await expect(panel.getByTestId('panel-rooms')).toContainText('101');
    await panel.getByRole('button', { name: 'Cambiar habitación' }).click();
    await panel.getByRole('textbox', { name: 'Nueva habitación' }).click();
    await expect(page.getByRole('option', { name: /^204/ })).toHaveCount(0); // in maintenance
    await page.getByRole('option', { name: '103 · Doble estándar' }).click();
    await panel.getByRole('button', { name: 'Cambiar habitación' }).click();
    await expect(page.getByText('Reserva movida a la habitación 103.')).toBeVisible();
    await expect(panel.getByTestId('panel-rooms')).toContainText('103');
    await page.keyboard.press('Escape');
    const moved = unitRow(page, '103').getByRole('button', { name: new RegExp(`^${guest}`) });
    await expect(moved).toBeVisible();
    await expect(bar).toHaveCount(0);

    await cancelFromPanel(page, moved);
    await expect(moved).toHaveCount(0);
  });

  test('in English: a room booking moves to another free room, is paused and activated, and is cancelled', async ({
    page,
  }) => {
    const x = texts.en;
    await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-10-01', 'en');
    await expect(page.getByRole('heading', { name: 'Hotel calendar' })).toBeVisible();
    await dragDays(page, unitRow(page, '101'), '2029-10-02', '2029-10-05');
    const dialog = chooser(page, x.chooser);
    await expect(dialog.getByTestId('chooser-target')).toHaveText('101 · Doble estándar');
    await dialog.getByRole('button', { name: x.book }).click();
    const guest = guestName('Hotel EN');
    await createInModal(page, guest, 'en');

    const bar = unitRow(page, '101').getByRole('button', { name: new RegExp(`^${guest}`) });
    await bar.click();
    const panel = page.getByRole('dialog', { name: x.panel });
    await expect(panel.getByTestId('panel-rooms')).toContainText('101');
    await panel.getByRole('button', { name: 'Change room' }).click();
    await panel.getByRole('textbox', { name: 'New room' }).click();
    await page.getByRole('option', { name: '103 · Doble estándar' }).click();
    await panel.getByRole('button', { name: 'Change room' }).click();
    await expect(page.getByText('Booking moved to room 103.')).toBeVisible();
    await expect(panel.getByTestId('panel-rooms')).toContainText('103');
    await pauseAndActivate(page, panel, 'en');
    await page.keyboard.press('Escape');
    const moved = unitRow(page, '103').getByRole('button', { name: new RegExp(`^${guest}`) });
    await expect(moved).toBeVisible();
    await expect(bar).toHaveCount(0);

    await cancelFromPanel(page, moved, 'en');
    await expect(moved).toHaveCount(0);
  });

  test('a booking from an external channel cannot be cancelled here', async ({ page }) => {
    await open(page, own.hotel, '/hotel-calendar/bookings');
    // A Booking.com stay fully on screen (not under the sticky room names).
    const bars = page.locator('[data-testid="booking-bar"][aria-label*="Booking.com"]');
    await expect(bars.first()).toBeVisible();
    let bar = bars.first();
    for (let i = 0; i < (await bars.count()); i++) {
      const box = await bars.nth(i).boundingBox();
      if (box && box.x > 300 && box.x + box.width < 1200) {
        bar = bars.nth(i);
        break;
      }
    }
    await bar.click();
    const panel = page.getByRole('dialog', { name: 'Detalles de la reserva' });
    await expect(panel.getByTestId('external-warning')).toContainText(
      'Esta reserva llegó por Booking.com: solo se puede modificar o cancelar desde Booking.com.',
    );
    await expect(panel.getByRole('button', { name: 'Cancelar reserva' })).toBeDisabled();
    // Changed on its channel only (spec 4; the API refuses an update too).
    await expect(panel.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  });

  test('the maintenance modal puts a room in maintenance (red, not sellable) and back', async ({ page }) => {
    await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-15');
    const row = unitRow(page, '302');
    await row.getByRole('button', { name: /^302 \(Disponible\)/ }).click();
    const modal = page.getByRole('dialog', { name: 'Estado de la habitación' });
    await modal.getByText('En mantenimiento', { exact: true }).click();
    await modal.getByRole('button', { name: 'Guardar estado' }).click();
    await expect(page.getByText('Habitación 302 en mantenimiento.')).toBeVisible();
    await expect(row).toHaveAttribute('data-maintenance', 'true');
    await expect(row.getByText('Mantenimiento')).toBeVisible();

    // Not sellable: the chooser refuses a booking on it.
    await dragDays(page, row, '2029-04-16', '2029-04-18');
    await expect(
      chooser(page).getByText('La habitación está en mantenimiento y no se puede vender.'),
    ).toBeVisible();
    await expect(chooser(page).getByRole('button', { name: 'Crear reserva' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(chooser(page)).toBeHidden();

    // Back to available for the other flows.
    await row.getByRole('button', { name: /^302 \(Mantenimiento\)/ }).click();
    await modal.getByText('Disponible', { exact: true }).click();
    await modal.getByRole('button', { name: 'Guardar estado' }).click();
    await expect(page.getByText('Habitación 302 disponible de nuevo.')).toBeVisible();
    await expect(row).not.toHaveAttribute('data-maintenance', 'true');
  });

  test('dates blocked on one room refuse a booking there but not on its neighbour', async ({ page }) => {
    await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-22');
    const row = unitRow(page, '201');
    await dragDays(page, row, '2029-04-23', '2029-04-25');
    await chooser(page).getByRole('button', { name: 'Bloquear fechas' }).click();
    await page
      .getByRole('dialog', { name: 'Bloquear fechas' })
      .getByRole('button', { name: 'Bloquear fechas' })
      .click();
    await expect(page.getByText('Fechas bloqueadas: 2 noches.')).toBeVisible();
    await expect(row.getByTestId('closed-block')).toBeVisible();

    await dragDays(page, row, '2029-04-25', '2029-04-23');
    await expect(chooser(page).getByRole('button', { name: 'Crear reserva' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(chooser(page)).toBeHidden();
    await dragDays(page, unitRow(page, '103'), '2029-04-23', '2029-04-24');
    await expect(chooser(page).getByRole('button', { name: 'Crear reserva' })).toBeEnabled();
    await page.keyboard.press('Escape');

    await deleteBlock(page, row.getByTestId('closed-block'));
  });

  test('room types fold away and keep their free-rooms row', async ({ page }) => {
    await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-29');
    const type = page.locator('[data-testid="type-row"][data-unit="Suite familiar"]');
    await expect(type.locator('[data-date="2029-05-01"]')).toHaveAttribute('title', /de 3 libres/);
    await type.getByRole('button', { expanded: true }).click();
    await expect(unitRow(page, '302')).toHaveCount(0);
    await type.getByRole('button', { expanded: false }).click();
    await expect(unitRow(page, '302')).toBeVisible();
  });
});

test.describe('availabilityPrices (hotels)', () => {
  test('nights of a room type are selected and edited in bulk, with the confirmation toast', async ({
    page,
  }) => {
    await open(page, own.hotel, '/business/availability-prices?date=2029-05-01');
    await expect(page.getByRole('heading', { name: 'Disponibilidad y tarifas' })).toBeVisible();
    const suite = page.locator('tbody[data-type-name="Suite familiar"]');
    const price = suite.locator('tr[data-metric="price"]');
    await price.locator('td[data-date="2029-05-09"]').scrollIntoViewIfNeeded();
    const a = await price.locator('td[data-date="2029-05-07"]').boundingBox();
    const b = await price.locator('td[data-date="2029-05-09"]').boundingBox();
    if (!a || !b) throw new Error('cells not drawn');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();

    const modal = page.getByRole('dialog', { name: 'Editar disponibilidad y tarifas' });
    await expect(modal.getByRole('checkbox', { name: 'Suite familiar' })).toBeChecked();
    await expect(modal.getByTestId('bulk-summary')).toHaveText(
      'Se aplicará a 3 noches de cada tipo elegido.',
    );
    await modal.getByLabel('Precio por noche (EUR)').fill('333');
    await modal.getByText('Cerrar', { exact: true }).click();
    await modal.getByRole('button', { name: 'Aplicar cambios' }).click();
    await expect(page.getByText('Tarifas actualizadas: 3 noches de cada tipo elegido.')).toBeVisible();
    for (const date of ['2029-05-07', '2029-05-08', '2029-05-09']) {
      await expect(price.locator(`td[data-date="${date}"]`)).toHaveText('333');
      await expect(suite.locator(`tr[data-metric="stop-sell"] td[data-date="${date}"]`)).toHaveAttribute(
        'data-stopped',
        'true',
      );
    }
    await expect(price.locator('td[data-date="2029-05-10"]')).not.toHaveText('333');

    // Sales reopened for the same nights.
    await expect(modal).toBeHidden();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();
    await modal.getByText('Abrir', { exact: true }).click();
    await modal.getByRole('button', { name: 'Aplicar cambios' }).click();
    await expect(
      page.getByText('Tarifas actualizadas: 3 noches de cada tipo elegido.').first(),
    ).toBeVisible();
    await expect(suite.locator('tr[data-metric="stop-sell"] td[data-date="2029-05-08"]')).not.toHaveAttribute(
      'data-stopped',
      'true',
    );
    await expect(price.locator('td[data-date="2029-05-08"]')).toHaveText('333');
  });
});

test.describe('monthlyCalendar on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tap the arrival and the departure, create the booking, then cancel it from the month list', async ({
    page,
  }) => {
    await open(page, own.empresa, '/calendar-monthly/bookings?date=2029-06-01');
    // The property switcher (the account has an apartment and a villa).
    const switcher = page.getByRole('textbox', { name: 'Alojamiento' });
    await switcher.click();
    await page.getByRole('option', { name: APARTMENT }).click();
    await expect(switcher).toHaveValue(APARTMENT);

    const grid = page.getByTestId('month-grid');
    await grid.locator('[data-date="2029-06-11"]').tap();
    await expect(page.getByTestId('pick-departure')).toContainText('toca el día de salida');
    await grid.locator('[data-date="2029-06-14"]').tap();
    const dialog = chooser(page);
    await expect(dialog).toContainText('3 noches');
    await dialog.getByRole('button', { name: 'Crear reserva' }).tap();
    const guest = guestName('Móvil');
    await createInModal(page, guest);

    await expect(grid.getByRole('button', { name: new RegExp(`^${guest}`) })).toBeVisible();
    const item = page.getByTestId('agenda-item').filter({ hasText: guest });
    await cancelFromPanel(page, item);
    await expect(page.getByTestId('agenda-item').filter({ hasText: guest })).toHaveCount(0);
  });

  test('a booking is paused and activated from its panel', async ({ page }) => {
    const session = await open(page, own.empresa, '/calendar-monthly/bookings?date=2029-09-01');
    const property = session.user.properties.find((p) => p.nombre === APARTMENT);
    const headers = { Authorization: `Bearer ${session.token}` };
    const guest = guestName('Pausa');
    const created = await page.request.post('/api/create/new-booking', {
      headers,
      data: {
        property_id: property?.id,
        start_date: '2029-09-10',
        end_date: '2029-09-13',
        name: guest,
        email: 'pausa@example.com',
        phone: '+34 612 345 678',
        number_of_guests: 2,
        price: 30_000,
      },
    });
    expect(created.status()).toBe(201);
    const bookingId = (await created.json()).data.id as string;

    await page.reload();
    const switcher = page.getByRole('textbox', { name: 'Alojamiento' });
    await switcher.click();
    await page.getByRole('option', { name: APARTMENT }).click();
    const item = page.getByTestId('agenda-item').filter({ hasText: guest });
    await item.tap();
    const panel = page.getByRole('dialog', { name: texts.es.panel });
    await expect(panel.getByText(guest, { exact: true })).toBeVisible();
    await pauseAndActivate(page, panel, 'es');

    // Put back: the nights are freed for the other flows.
    const cancelled = await page.request.post('/api/booking/cancelled', {
      headers,
      data: { booking_id: bookingId },
    });
    expect(cancelled.status()).toBe(200);
  });

  test('in Arabic the month reads right to left and the chooser speaks Arabic', async ({ page }) => {
    await open(page, own.empresa, '/calendar-monthly/bookings?date=2029-07-01', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'التقويم' })).toBeVisible();
    const grid = page.getByTestId('month-grid');
    // Monday (the 2nd) sits to the right of Tuesday (the 3rd).
    const monday = await grid.locator('[data-date="2029-07-02"]').boundingBox();
    const tuesday = await grid.locator('[data-date="2029-07-03"]').boundingBox();
    expect(monday && tuesday && monday.x > tuesday.x).toBe(true);

    await grid.locator('[data-date="2029-07-09"]').tap();
    await grid.locator('[data-date="2029-07-11"]').tap();
    const dialog = chooser(page, 'ماذا تريد أن تفعل بهذه التواريخ؟');
    await expect(dialog).toContainText('ليلتان');
    await expect(dialog.getByRole('button', { name: 'إنشاء حجز' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'إغلاق التواريخ' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'تعديل سعر الليلة' })).toBeEnabled();
  });
});

test('hotel calendar in Arabic: names on the right, days running leftwards, bars mirrored', async ({
  page,
}) => {
  await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-01', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'تقويم الفندق' })).toBeVisible();
  const row = unitRow(page, '101');
  const name = await row.getByRole('button', { name: /^101/ }).boundingBox();
  const first = await row.locator('[data-date="2029-04-01"]').boundingBox();
  const next = await row.locator('[data-date="2029-04-02"]').boundingBox();
  expect(name && first && next).toBeTruthy();
  if (!name || !first || !next) return;
  expect(name.x).toBeGreaterThan(first.x);
  expect(first.x).toBeGreaterThan(next.x);
  // Dragging right to left selects forward in time.
  await dragDays(page, row, '2029-04-02', '2029-04-04');
  await expect(chooser(page, 'ماذا تريد أن تفعل بهذه التواريخ؟')).toContainText('ليلتان');
});

test('hotel calendar in Arabic by keyboard: the left arrow goes to the next day', async ({ page }) => {
  await open(page, own.hotel, '/hotel-calendar/bookings?date=2029-04-01', 'ar');
  const row = unitRow(page, '102');
  await expect(row).toBeVisible();
  await page.getByTestId('timeline').focus();
  await page.keyboard.press('ArrowDown');
  await cursorTo(page, row, '2029-04-03', 'ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('timeline-cursor')).toHaveAttribute('data-date', '2029-04-04');
  await expect(page.getByTestId('timeline-cursor-text')).toHaveText(/^102، .*: متاح/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(chooser(page, 'ماذا تريد أن تفعل بهذه التواريخ؟')).toContainText('ليلتان');
});

test('screenshots: the calendars in es, en and ar at 1280 and 390 px', async ({ browser }, testInfo) => {
  // Pictures to look at, no assertion of its own: taken when asked for (E2E_SHOTS_DIR), not on every run.
  test.skip(!process.env.E2E_SHOTS_DIR, 'screenshots only when E2E_SHOTS_DIR is set');
  test.setTimeout(180_000);
  for (const lang of ['es', 'en', 'ar'] as const) {
    for (const width of [1280, 390]) {
      const mobile = width < 768;
      const context = await browser.newContext({
        viewport: { width, height: mobile ? 844 : 800 },
        hasTouch: mobile,
        isMobile: mobile,
        locale: 'es-ES',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      const shots: [string, string, string][] = mobile
        ? [
            ['monthly', own.empresa, '/calendar-monthly/bookings'],
            ['hotel', own.hotel, '/hotel-calendar/bookings'],
          ]
        : [
            ['apartments', own.empresa, '/calendar/bookings'],
            ['hotel', own.hotel, '/hotel-calendar/bookings'],
            ['availability', own.hotel, '/business/availability-prices'],
          ];
      for (const [name, email, path] of shots) {
        await open(page, email, path, lang);
        await expect(
          page.locator(
            '[data-testid="timeline"], [data-testid="month-grid"], [data-testid="availability-grid"]',
          ),
        ).toBeVisible();
        await expect(page.getByTestId('calendar-skeleton')).toHaveCount(0);
        await page.waitForTimeout(300);
        await page.screenshot({ path: testInfo.outputPath(`${name}-${lang}-${width}.png`) });
      }
      await context.close();
    }
  }
});
