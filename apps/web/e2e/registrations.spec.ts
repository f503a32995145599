import { type Browser, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { apiLogin, openAs } from './support/auth.ts';

/**
 * Issue 14: the police registration screens on the demo data (apps/api/src/demo/seed-registrations.ts:
 * accepted with proof codes, rejected field by field, sent, pending) and the e2e server's SES fake, which
 * does not know the demo's DEMO-SIN-CONEXION login. Own accounts: the test connection counts attempts.
 */
const own = accountsFor(test, 'registrations');
const shots = test.info;
const desktop = { width: 1280, height: 800 };

/** Nothing of the page wider than the screen, and no element drawn past its right or left edge. */
async function expectNothingOutside(page: Page) {
  const result = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    // Screen-reader-only content (a chart's table) is clipped to nothing on purpose.
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
      // Inside a scroll area that is meant to scroll (the filter dropdowns are not open here).
      if (r.left < -1 || r.right > width + 1)
        outside.push(
          `${el.tagName}.${String(el.className).slice(0, 40)} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        );
    }
    return { scrolls: document.documentElement.scrollWidth > width + 1, outside: outside.slice(0, 5) };
  });
  expect(result).toEqual({ scrolls: false, outside: [] });
}

/** Badges and table headers whose text is cut (drawn wider than their box). */
async function clippedTexts(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll(`${sel} th, ${sel} .mantine-Badge-label`))) {
      if (el.scrollWidth > el.clientWidth + 1) cut.push((el.textContent ?? '').trim());
    }
    return cut;
  }, selector);
}

async function phone(browser: Browser) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}

test.describe.configure({ mode: 'serial' });

test('settings: the test connection says "Credenciales incorrectas...", counts the attempts and warns before the third', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await apiLogin(request, own.hotel);
  const propertyId = session.user.properties[0]?.id ?? '';
  await openAs(page, session, `/business/properties/edition/${propertyId}/authorities`);
  await expect(page.getByRole('heading', { name: 'Autoridades' })).toBeVisible();
  // The demo's settings are marked as pointing at nothing, and say which system Guardia Civil uses.
  await expect(page.getByTestId('authorities-demo')).toContainText('no se envía nada a la policía');
  await expect(page.getByTestId('authorities-system')).toContainText('SES.Hospedajes');
  await expect(page.getByRole('radio', { name: 'Al completar el check-in' })).toBeChecked();

  // Nothing is ever tested (or sent) with the demo login: the screen asks for real credentials.
  const testButton = page.getByRole('button', { name: 'Probar conexión' });
  await testButton.click();
  const error = page.getByTestId('authority-test-error');
  await expect(error).toContainText('Son las credenciales de demostración (DEMO-SIN-CONEXION)');

  // A real login with a wrong password reaches the authority (the e2e server's SES fake), which refuses it.
  const saved = await request.put(`/api/properties/${propertyId}/settings/authorities`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      entity: 'guardia_civil',
      user: '12345678AWS',
      password: 'not-the-password',
      establishment_code: '0000256',
      landlord_code: '0000146962',
      send_mode: 'immediate',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await testButton.click();
  await expect(error).toContainText('Credenciales incorrectas...');
  await expect(error).toContainText('Intentos fallidos seguidos: 1 de 3.');
  await expect(page.getByTestId('authority-attempts-warning')).toHaveCount(0);

  await testButton.click();
  await expect(error).toContainText('Intentos fallidos seguidos: 2 de 3.');
  await expect(page.getByTestId('authority-attempts-warning')).toContainText(
    'un intento fallido más puede bloquear tu cuenta',
  );
  await page.screenshot({ path: shots().outputPath('settings-test-es.png'), fullPage: true });

  // The third attempt is asked for first; cancelling leaves the count as it was.
  await testButton.click();
  const dialog = page.getByRole('dialog', { name: '¿Probar otra vez?' });
  await expect(dialog).toContainText('Llevas 2 intentos fallidos');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(error).toContainText('2 de 3');

  // Changing the data asks to save before testing; a landlord code of the wrong shape is refused.
  await page.getByLabel(/^Código de arrendador/).fill('ARR-28-1190');
  await expect(testButton).toBeDisabled();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('El código de arrendador son solo números, 10 como máximo.')).toBeVisible();
  await expectNothingOutside(page);

  // The Ertzaintza signs with the operator's certificate: choosing it asks for the PFX and its password.
  await expect(page.getByTestId('authorities-certificate')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Autoridad' }).click();
  await page.getByRole('option', { name: 'Ertzaintza' }).click();
  await expect(page.getByTestId('authorities-system')).toContainText('certificado digital (PFX)');
  await expect(page.getByTestId('authorities-certificate')).toContainText('Certificado digital (PFX)');
  await expect(page.getByLabel('Contraseña del certificado')).toBeVisible();
});

test('check-in detail: the proof codes of an accepted registration and the field errors of a rejected one', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await apiLogin(request, own.hotel);
  // Reached from the registrations page: its "Ver check-in" opens the check-in with its registration.
  await openAs(page, session, '/business/checkin-management/registrations?state=accepted');
  const accepted = page.getByTestId('registration-row').first();
  await expect(accepted).toBeVisible();
  await accepted.getByRole('button', { name: /^Ver el check-in de/ }).click();
  const section = page.getByTestId('registration-section');
  await expect(section.getByText('Aceptado')).toBeVisible();
  const proof = section.getByTestId('registration-proof');
  await expect(proof).toContainText('Lote');
  await expect(proof).toContainText('Comunicación 1');
  const codes = proof.getByTestId('proof-code');
  expect(await codes.count()).toBeGreaterThanOrEqual(2);
  await expect(codes.first()).toHaveText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(section.getByTestId('registration-attempts')).toContainText(
    'Estado 1: Lote tramitado sin errores',
  );
  // Accepted: only a confirmed correction sends it again.
  await section.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByRole('dialog', { name: '¿Reenviar el registro?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.screenshot({ path: shots().outputPath('detail-accepted-es.png'), fullPage: true });
  await page.keyboard.press('Escape');

  await page.goto('/business/checkin-management/registrations?state=rejected');
  const rejected = page.getByTestId('registration-row').first();
  await expect(rejected.getByTestId('registration-row-error')).toContainText('soporteDocumento');
  const guest = (await rejected.locator('p').first().textContent())?.trim() ?? '';
  await rejected.getByRole('button', { name: /^Ver el check-in de/ }).click();
  const errors = page.getByTestId('registration-errors');
  await expect(errors).toContainText('La autoridad rechazó estos datos');
  // The error names the guest (position and name) and the field, then the authority's own text.
  const first = errors.getByTestId('registration-error').first();
  await expect(first).toContainText('Huésped 1');
  await expect(first).toContainText(guest.split(' ')[0] ?? guest);
  await expect(first).toContainText('Número de soporte');
  await expect(first).toContainText('Es obligatorio el campo soporteDocumento');
  await expect(
    page.getByTestId('registration-section').getByRole('button', { name: 'Enviar ahora' }),
  ).toBeVisible();
  await page.screenshot({ path: shots().outputPath('detail-rejected-es.png'), fullPage: true });
});

test('registrations page: filters by state, exports the CSV, and the Mossos tab explains the upload', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await apiLogin(request, own.hotel);
  await openAs(page, session, '/business/checkin-management/registrations');
  await expect(page.getByRole('heading', { name: 'Registro policial', level: 1 })).toBeVisible();
  const rows = page.getByTestId('registration-row');
  await expect(rows).toHaveCount(6);

  await page.getByRole('textbox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Rechazado' }).click();
  await expect(page).toHaveURL(/state=rejected/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('registration-badge')).toHaveText('Rechazado');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  const lines = text.trim().split(/\r?\n/);
  // The header and the one rejected registration: the export follows the filters.
  expect(lines.length).toBe(2);
  expect(text).toContain('rejected');
  await expect(page.getByText(/^Descargado /)).toBeVisible();

  await page.getByRole('tab', { name: 'Ficheros Mossos' }).click();
  await expect(page.getByTestId('mossos-steps')).toContainText('Súbelo en el portal de los Mossos');
  await expect(page.getByRole('link', { name: /registreviatgers\.mossos\.gencat\.cat/ })).toHaveAttribute(
    'href',
    'https://registreviatgers.mossos.gencat.cat/mossos_hotels/',
  );
  await expect(page.getByText('No hay ficheros de los Mossos')).toBeVisible();
});

test('dashboard: a red card counts the rejected registrations and opens the filtered list', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const session = await apiLogin(request, own.hotel);
  await openAs(page, session, '/business/dashboard');
  const card = page.getByTestId('registration-alerts');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('alert-rejected')).toHaveText('1');
  await card.getByRole('link', { name: /Rechazados/ }).click();
  await expect(page).toHaveURL(/\/registrations\?state=rejected/);
  await expect(page.getByTestId('registration-row')).toHaveCount(1);
});

test('send now never pretends: nothing goes out with the demo login, and the check-in says why', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  // Two properties: one is chosen to work with (the shell asks otherwise).
  const first = await apiLogin(request, own.empresa);
  const chosen = await request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { property_id: first.user.properties[0]?.id },
  });
  expect(chosen.ok()).toBe(true);
  const session = await apiLogin(request, own.empresa);
  await openAs(page, session, '/business/checkin-management/registrations?state=rejected');
  // Two properties: the list says which one each registration belongs to.
  await expect(page.getByRole('columnheader', { name: 'Alojamiento' })).toBeVisible();
  // The filtered list, not the first answer before the filter applied (its first row may be another stay).
  await expect(page.getByTestId('registration-row').first()).toContainText('Rechazado');
  await page
    .getByTestId('registration-row')
    .first()
    .getByRole('button', { name: /^Ver el check-in de/ })
    .click();
  const section = page.getByTestId('registration-section');
  await section.getByRole('button', { name: 'Enviar ahora' }).click();
  // Nothing goes out with the demo's DEMO-SIN-CONEXION login: the send stops and the screen asks for
  // real credentials; it never shows "sent" or "accepted".
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'No se ha enviado' });
  await expect(toast).toContainText('credenciales de demostración');
  const badge = section.getByTestId('registration-badge');
  await expect(badge).toHaveText(/^(Requiere acción|Fuera de plazo)$/);
  await expect(section.getByTestId('registration-errors')).toContainText('credenciales de demostración');
  await expect(section.getByTestId('registration-attempts')).toContainText('Envío · fallido');
  await page.screenshot({ path: shots().outputPath('detail-send-now-es.png'), fullPage: true });
  await page.keyboard.press('Escape');

  // With two properties the check-in list has a property column too, and still fits with its badges.
  await page.goto('/business/checkin-management?tab=complete');
  await expect(page.getByRole('columnheader', { name: 'Alojamiento' })).toBeVisible();
  await expect(page.getByTestId('registration-badge').first()).toBeVisible();
  await expectNothingOutside(page);
  expect(await clippedTexts(page, '[data-testid="checkin-list"]')).toEqual([]);
  await page.screenshot({ path: shots().outputPath('checkins-two-properties-1280-es.png') });
});

for (const lang of ['es', 'ar'] as const) {
  test(`nothing is cut or outside the screen at 1280 px and on a 390 px phone (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    await page.setViewportSize(desktop);
    const session = await apiLogin(request, own.hotel);
    await openAs(page, session, '/business/checkin-management/registrations', lang);
    await expect(page.getByTestId('registration-row').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expectNothingOutside(page);
    expect(await clippedTexts(page, '[data-testid="registration-list"]')).toEqual([]);
    await page.screenshot({ path: shots().outputPath(`registrations-1280-${lang}.png`), fullPage: true });

    // The check-in list keeps fitting with its registration badges.
    await page.goto('/business/checkin-management?tab=complete');
    await expect(page.getByTestId('registration-badge').first()).toBeVisible();
    await expectNothingOutside(page);
    expect(await clippedTexts(page, '[data-testid="checkin-list"]')).toEqual([]);
    await page.screenshot({ path: shots().outputPath(`checkins-1280-${lang}.png`) });

    const context = await phone(browser);
    const mobile = await context.newPage();
    await openAs(mobile, session, '/business/checkin-management/registrations', lang);
    await expect(mobile.getByTestId('registration-row').first()).toBeVisible();
    await expect(mobile.locator('[data-testid="registration-list"] table')).toHaveCount(0);
    await expectNothingOutside(mobile);
    await mobile.screenshot({ path: shots().outputPath(`registrations-390-${lang}.png`), fullPage: true });
    await mobile.getByTestId('registration-row').first().getByRole('button').first().click();
    await expect(mobile.getByTestId('registration-section')).toBeVisible();
    await expectNothingOutside(mobile);
    await mobile.screenshot({ path: shots().outputPath(`detail-390-${lang}.png`) });
    await mobile.keyboard.press('Escape');

    await mobile.goto('/business/checkin-management?tab=complete');
    await expect(mobile.getByTestId('registration-badge').first()).toBeVisible();
    await expectNothingOutside(mobile);
    await mobile.screenshot({ path: shots().outputPath(`checkins-390-${lang}.png`) });

    const propertyId = session.user.properties[0]?.id ?? '';
    await mobile.goto(`/business/properties/edition/${propertyId}/authorities`);
    await expect(mobile.getByTestId('authority-connection')).toBeVisible();
    await expectNothingOutside(mobile);
    await mobile.screenshot({ path: shots().outputPath(`settings-390-${lang}.png`), fullPage: true });

    await mobile.goto('/business/dashboard');
    await expect(mobile.getByTestId('registration-alerts')).toBeVisible();
    await expectNothingOutside(mobile);
    await mobile
      .getByTestId('registration-alerts')
      .screenshot({ path: shots().outputPath(`dashboard-390-${lang}.png`) });
    await context.close();
  });
}
