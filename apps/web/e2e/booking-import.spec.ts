import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { login } from './support/auth.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'booking-import');

/**
 * Import of bookings (spec 2.2 scheduled-checkins/import, spec 5 "Import requires an uploaded template
 * file"): the template downloads, a file with a wrong row shows the row, column and message and imports
 * nothing, the corrected file imports every row and the bookings show in Reservas. The one-apartment demo
 * account books far ahead (500+ days), clear of the other flows' dates.
 */

const BASICO = own.basico;
const PROPERTY = 'Apartamento Plaza Mayor';
const HEADER = [
  'Alojamiento',
  'Llegada',
  'Salida',
  'Nombre del huésped',
  'Correo electrónico',
  'Teléfono',
  'Huéspedes',
  'Precio',
  'Tipo de habitación',
  'Habitaciones',
  'Canal',
  'Estado del pago',
  'Notas',
];
const shots = process.env.SCREENSHOTS_DIR;

const iso = (offset: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
/** 2027-05-01 → 01/05/2027 (the day-first way people type dates in Spain). */
const dayFirst = (date: string) => date.split('-').reverse().join('/');

function csvFile(name: string, rows: string[][]) {
  const text = [HEADER, ...rows].map((r) => r.join(';')).join('\r\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
}

/** Drops a file on the page's drop area, as a person dragging it from their desktop would. */
async function dropFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  await page.getByTestId('import-dropzone').dispatchEvent('drop', { dataTransfer: transfer });
}

test('import bookings: template, a refused row imports nothing, the corrected file imports all', async ({
  page,
}) => {
  const guest = `Importada ${Date.now().toString(36)}`;
  const first = { start: iso(500), end: iso(503) };
  const second = { start: iso(510), end: iso(512) };
  await login(page, BASICO);

  // From Reservas to the import page.
  await page.goto('/business/scheduled-checkins');
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/business\/scheduled-checkins\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Importar reservas' })).toBeVisible();
  await expect(page.getByText('Aún no has subido ningún archivo')).toBeVisible();

  // 1. The template, in both formats, with the Spanish headers and an example row on the operator's property.
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('plantilla-reservas.xlsx');
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('plantilla-reservas.csv');
  const template = readFileSync((await csv.path()) as string, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(template[0]).toBe(HEADER.join(';'));
  expect(template[1]).toContain(PROPERTY);
  await page.getByRole('button', { name: 'Qué va en cada columna' }).click();
  await expect(page.getByRole('rowheader', { name: /Estado del pago/ })).toBeVisible();

  // 2. A file with a wrong e-mail on its second booking (sheet row 3): the check shows it, the import stays off.
  const row = (dates: { start: string; end: string }, email: string, price: string) => [
    PROPERTY,
    dayFirst(dates.start),
    dates.end,
    guest,
    email,
    '600 123 456',
    '2',
    price,
    '',
    '',
    'Booking.com',
    'Pagado',
    '',
  ];
  await dropFile(
    page,
    csvFile('reservas.csv', [
      row(first, 'ana@example.com', '350,50'),
      row(second, 'esto-no-es-un-correo', '120'),
    ]),
  );
  await expect(page.getByText('Corrige estas filas en tu archivo y vuelve a subirlo')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Errores por fila' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Correo electrónico');
  await expect(errors.getByRole('row').nth(1)).toContainText('Introduce un correo electrónico válido.');
  const importButton = page.getByRole('button', { name: /^Importar \d+ reservas?$/ });
  await expect(importButton).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/import-errors-desktop.png`, fullPage: true });

  // Nothing was written: the guest is not in Reservas.
  const token = (await page.evaluate(() => localStorage.getItem('posada.token'))) as string;
  const search = async () => {
    const r = await page.request.get(`/api/bookings?search=${encodeURIComponent(guest)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await r.json()).data.total as number;
  };
  expect(await search()).toBe(0);

  // 3. The corrected file (through the file picker this time): every row valid, imported in one go.
  await page
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('reservas-corregidas.csv', [
        row(first, 'ana@example.com', '350,50'),
        row(second, 'luis@example.com', '120'),
      ]),
    );
  await expect(page.getByText('Todo correcto: puedes importar todas las filas.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Reservas que se importarán' });
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview).toContainText('350,50');
  await expect(preview).toContainText('Booking.com');
  if (shots) await page.screenshot({ path: `${shots}/import-valid-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Importar 2 reservas' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Se han importado 2 reservas' })).toBeVisible();
  expect(await search()).toBe(2);
  if (shots) await page.screenshot({ path: `${shots}/import-done-desktop.png` });

  // And they are in Reservas.
  await page.getByRole('link', { name: 'Ver en Reservas' }).click();
  await expect(page).toHaveURL(/\/business\/scheduled-checkins$/);
  await page.getByLabel('Buscar reservas').fill(guest);
  await expect(page.getByText(guest).first()).toBeVisible();
  await expect(page.getByText(guest)).toHaveCount(2);
});

test('import on a 390 px phone in Arabic: right to left, errors as cards, no file is the spec 5 rule', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, BASICO);
  if (shots) {
    await page.goto('/business/scheduled-checkins');
    await expect(page.getByRole('link', { name: 'Importar' })).toBeVisible();
    await page.screenshot({ path: `${shots}/reservas-phone-es.png` });
  }
  await page.evaluate(() => localStorage.setItem('posada.lang', 'ar'));
  await page.goto('/business/scheduled-checkins/import');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'استيراد الحجوزات' })).toBeVisible();
  await expect(page.getByText('لم ترفع أي ملف بعد')).toBeVisible();

  // The API's answer without a file, in the caller's language (spec 5).
  const token = (await page.evaluate(() => localStorage.getItem('posada.token'))) as string;
  const none = await page.request.post('/api/bookings/import', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'ar' },
  });
  expect(none.status()).toBe(400);
  expect((await none.json()).message).toBe('يتطلب الاستيراد رفع ملف القالب.');

  await page
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('reservas.csv', [
        [
          PROPERTY,
          iso(530),
          iso(532),
          'Layla Hassan',
          'layla@example.com',
          '600 123 456',
          '9',
          '100',
          '',
          '',
          '',
          '',
          '',
        ],
      ]),
    );
  const cards = page.getByRole('list', { name: 'الأخطاء حسب الصف' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText('الصف 2');
  // The column as the file names it (Spanish headers), the reason in Arabic.
  await expect(cards).toContainText('Huéspedes');
  await expect(cards).toContainText('عدد الضيوف يتجاوز سعة مكان الإقامة.');
  await expect(page.getByRole('button', { name: /استيراد/ }).last()).toBeDisabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: `${shots}/import-errors-phone-ar.png`, fullPage: true });
});
