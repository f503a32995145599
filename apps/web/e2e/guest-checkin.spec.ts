// The guest's own check-in on a 390 px phone, in Spanish and in Arabic: the operator sends a check-in link
// (POST /api/checkins/send), the guest opens it, scans a generated passport (its MRZ drawn in a monospace
// font and fed through the file input), corrects and completes the data, enters the property's security
// code and the verification code e-mailed to the stay's own address (shown masked), signs, finishes, and lands on the services list; the operator
// then sees the check-in complete.
import { expect, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { demo } from './support/auth.ts';
import {
  documentImage,
  drawSignature,
  expectSteadyProgress,
  fillGuestDate,
  mailCode,
  messages,
  passportMrz,
  readProgress,
  verifyStayEmail,
} from './support/guest-flow.ts';

// Flows here change data: this spec has its own accounts (support/accounts.ts).
const own = accountsFor(test, 'guest-checkin');

const SCREENSHOTS = process.env.GUEST_SCREENSHOTS;

test.describe('guest check-in on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const lng of ['es', 'ar'] as const) {
    test(`a guest completes the flow with a scanned passport (${lng})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const m = messages(lng);
      const shot = async (name: string) => {
        if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${lng}-${name}.png`, fullPage: true });
      };
      // The step counter read on arriving at each step (issue 13: it said 4 of 7, then 4 of 6, 4 of 5).
      const progress: { step: number; total: number }[] = [];
      const counted = async () => {
        progress.push(await readProgress(page));
      };

      // The operator sends a check-in link for a stay at Apartamento Sol de Triana (security code 4821).
      const login = await request.post('/api/login', {
        data: { email: own.empresa, password: demo.password },
      });
      expect(login.ok()).toBe(true);
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const auth = { Authorization: `Bearer ${token}` };
      const properties = (await (await request.get('/api/properties', { headers: auth })).json()) as {
        data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
      };
      const list = Array.isArray(properties.data) ? properties.data : properties.data.items;
      const property = list.find((p) => p.nombre === 'Apartamento Sol de Triana');
      expect(property).toBeTruthy();
      const guestEmail = `guest-${lng}-${Date.now()}@example.com`;
      const today = new Date().toISOString().slice(0, 10);
      const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const sent = await request.post('/api/checkins/send', {
        headers: auth,
        data: {
          property_id: property?.id,
          name: 'Marie Dupont',
          phone: '+33 6 12 34 56 78',
          email: guestEmail,
          channel: 'email',
          start_date: today,
          end_date: later,
          guests: 1,
          language: lng,
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      const { data } = (await sent.json()) as { data: { checkin: { id: string }; link: { url: string } } };
      const link = new URL(data.link.url);

      // Welcome page: the property, its welcome text, the language.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'Apartamento Sol de Triana' })).toBeVisible();
      if (lng === 'ar') await page.getByRole('button', { name: 'العربية' }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expect(
        page.getByText(lng === 'ar' ? 'يسعدنا استقبالك' : 'Estamos encantados de recibirte'),
      ).toBeVisible();
      await shot('1-welcome');
      await page.getByRole('button', { name: m.welcome?.start }).click();

      // Camera permission: go on without the camera (the file input stays).
      await expect(page.getByRole('heading', { name: m.camera?.title })).toBeVisible();
      await counted();
      await shot('2-camera');
      await page.getByRole('button', { name: m.camera?.without }).click();

      // Document scan: a generated passport through the file input; OCR runs in the page.
      await expect(page.getByRole('heading', { name: m.scan?.title })).toBeVisible();
      await counted();
      const mrz = passportMrz({
        surname: 'DUPONT',
        given: 'MARIE CLAIRE',
        number: '18FR41234',
        nationality: 'FRA',
        birth: '900412',
        sex: 'F',
        expiry: '320101',
      });
      const png = await documentImage(page, mrz);
      if (SCREENSHOTS)
        await import('node:fs').then((fs) => fs.writeFileSync(`${SCREENSHOTS}/document.png`, png));
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });

      // Security code, before the form (issue 13): a wrong one is refused (spec 8), the property's is accepted.
      await expect(page.getByRole('heading', { name: m.code?.title })).toBeVisible({ timeout: 120_000 });
      await counted();
      await page.locator('#f-code').fill('0000');
      await page.getByRole('button', { name: m.common?.continue }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.errors?.wrong_security_code })).toBeVisible();
      await page.locator('#f-code').fill('4821');
      await page.getByRole('button', { name: m.common?.continue }).click();

      // Personal data: filled from the MRZ, and the contact the operator entered (issue 13), for correction.
      await expect(page.getByRole('heading', { name: m.personal?.title })).toBeVisible();
      await counted();
      await expect(page.locator('#f-email')).toHaveValue(guestEmail);
      await expect(page.locator('#f-phone')).toHaveValue('+33612345678');
      await expect(page.locator('#f-first_name')).toHaveValue('MARIE CLAIRE');
      await expect(page.locator('#f-last_name')).toHaveValue('DUPONT');
      await expect(page.locator('#f-document_number')).toHaveValue('18FR41234');
      await expect(page.locator('#f-nationality')).toHaveValue('FRA');
      // Dates read day/month/year in every language, not as the browser's own date input (issue 13).
      await expect(page.locator('#f-birth_date')).toHaveValue('12/04/1990');
      await expect(page.locator('input[type="date"]')).toHaveCount(0);
      await expect(page.locator('#f-gender')).toHaveValue('female');
      await expect(page.locator('#f-document_type')).toHaveValue('passport');
      // A passport has no support number: the form does not ask for one (issue 27).
      await expect(page.locator('#f-support_number')).toHaveCount(0);
      await shot('3-personal-scanned');

      // Continuing with missing fields shows the rules' errors and focuses the first one.
      await page.getByRole('button', { name: m.common?.continue }).click();
      await expect(page.locator('#f-issue_date')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#f-issue_date')).toBeFocused();
      await shot('4-personal-errors');

      await page.locator('#f-issue_date').fill('1/1/2022');
      await page.locator('#f-phone').fill('+33 6 12 34 56 78');
      await page.locator('#f-email').fill(guestEmail);
      await page.locator('#f-residence_country').selectOption('ES');
      await page.locator('#f-country').selectOption('ES');
      // A Spanish postal code fills the city from the records.
      await page.locator('#f-postal_code').fill('01001');
      await expect(page.locator('#f-city')).toHaveValue('Vitoria-Gasteiz');
      await page.locator('#f-address').fill('Calle Dato 12');
      await page.getByRole('radio', { name: m.common?.no, exact: true }).check();
      await page.getByRole('button', { name: m.common?.continue }).click();

      // Messaging verification: the code goes only to the stay's own e-mail, shown masked (issue 11).
      await expect(page.getByRole('heading', { name: m.messaging?.title })).toBeVisible();
      await counted();
      await shot('5-messaging');
      await verifyStayEmail(page, m, guestEmail, 'g•••@example.com');

      // Signature: required, then drawn.
      await expect(page.getByRole('heading', { name: m.signature?.title, exact: true })).toBeVisible();
      await counted();
      await page.getByRole('button', { name: m.signature?.submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.errors?.signature })).toBeVisible();
      await drawSignature(page);
      await shot('6-signature');
      await page.getByRole('button', { name: m.signature?.submit }).click();

      // Registered: finish, then the services list.
      await expect(page.getByRole('button', { name: m.done?.finish })).toBeVisible({ timeout: 20_000 });
      await counted();
      // camera, scan, code, personal, messaging, signature, done: one total throughout, one step at a time.
      expectSteadyProgress(progress);
      expect(progress).toHaveLength(7);
      // The stay is for 1 guest: no other guest is offered, and the guest is told why.
      await expect(page.getByText(m.done?.full as string)).toBeVisible();
      await expect(page.getByRole('button', { name: m.done?.another })).toHaveCount(0);
      await shot('7-done');
      await page.getByRole('button', { name: m.done?.finish }).click();
      await expect(page).toHaveURL(new RegExp(`/services/${property?.id}/${data.checkin.id}/property$`));
      await expect(page.getByText(m.services?.checked_in as string)).toBeVisible();
      await shot('8-services');

      // The operator sees the check-in complete, with its guest and registration card.
      const detail = await request.post('/api/information/data/checkin', {
        headers: auth,
        data: { id: data.checkin.id },
      });
      expect(detail.ok()).toBe(true);
      const body = await detail.text();
      expect(body).toContain('"status":"complete"');
      expect(body).toContain('DUPONT');
      expect(body).toMatch(/"pdf_url":"[^"]+"/);
    });
  }

  test('a walk-in by the property QR code types the contact it verifies, and the check-in keeps it', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const m = messages('es');
    const login = await request.post('/api/login', {
      data: { email: own.empresa, password: demo.password },
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { Authorization: `Bearer ${token}` };
    const properties = (await (await request.get('/api/properties', { headers: auth })).json()) as {
      data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
    };
    const list = Array.isArray(properties.data) ? properties.data : properties.data.items;
    const property = list.find((p) => p.nombre === 'Apartamento Sol de Triana');
    const walkInEmail = `walkin-${Date.now()}@example.com`;
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

    // The property's QR code: the welcome page without a link token.
    await page.goto(`/checkin/customers/previe/${property?.id}/`);
    await page.getByRole('button', { name: m.welcome?.start }).click();
    await page.getByRole('button', { name: m.camera?.without }).click();
    const png = await documentImage(
      page,
      passportMrz({
        surname: 'DUPONT',
        given: 'MARIE CLAIRE',
        number: '18FR41234',
        nationality: 'FRA',
        birth: '900412',
        sex: 'F',
        expiry: '320101',
      }),
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });

    // The security code makes a walk-in: no booking, so nothing is prefilled but the scan.
    await expect(page.getByRole('heading', { name: m.code?.title })).toBeVisible({ timeout: 120_000 });
    await page.locator('#f-code').fill('4821');
    await page.getByRole('button', { name: m.common?.continue }).click();
    await expect(page.getByRole('heading', { name: m.personal?.title })).toBeVisible();
    await expect(page.locator('#f-email')).toHaveValue('');
    await fillGuestDate(page, 'issue_date', '2022-01-01');
    await page.locator('#f-phone').fill('+33 6 12 34 56 78');
    await page.locator('#f-email').fill(walkInEmail);
    await page.locator('#f-residence_country').selectOption('ES');
    await page.locator('#f-country').selectOption('ES');
    await page.locator('#f-postal_code').fill('01001');
    await expect(page.locator('#f-city')).toHaveValue('Vitoria-Gasteiz');
    await page.locator('#f-address').fill('Calle Dato 12');
    await page.getByRole('radio', { name: m.common?.no, exact: true }).check();
    await fillGuestDate(page, 'arrival', today);
    await fillGuestDate(page, 'departure', later);
    await page.getByRole('button', { name: m.common?.continue }).click();

    // No booking contact, so the guest's own address is asked.
    await expect(page.getByRole('heading', { name: m.messaging?.title })).toBeVisible();
    await expect(page.getByText(m.messaging?.walk_in_hint as string)).toBeVisible();
    // The e2e server configures WhatsApp too (its fake): the code goes by e-mail, read from the mailbox.
    const byEmail = page.getByRole('radio', { name: m.messaging?.channels?.email });
    if (await byEmail.count()) await byEmail.check();
    await expect(page.locator('#f-destination')).toHaveValue(walkInEmail);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/es-walk-in-messaging.png`, fullPage: true });
    await page.getByRole('button', { name: m.messaging?.send }).click();
    await expect(page.locator('.g-destination')).toHaveText('w•••@example.com');
    await page.locator('#f-otp').fill(await mailCode(walkInEmail));
    await page.getByRole('button', { name: m.messaging?.confirm }).click();
    await expect(page.getByRole('heading', { name: m.signature?.title, exact: true })).toBeVisible();
    await drawSignature(page);
    await page.getByRole('button', { name: m.signature?.submit }).click();
    await page.getByRole('button', { name: m.done?.finish }).click();
    await expect(page).toHaveURL(new RegExp(`/services/${property?.id}/[0-9a-f-]+/property$`));
    const checkinId = new URL(page.url()).pathname.split('/')[3];

    // The operator finds the verified address on the check-in.
    const detail = await request.post('/api/information/data/checkin', {
      headers: auth,
      data: { id: checkinId },
    });
    expect(detail.ok()).toBe(true);
    expect(((await detail.json()) as { data: { email: string } }).data.email).toBe(walkInEmail);
  });

  test('an unknown link says so, and the welcome page has no staff app code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/checkin/customers/previe/00000000-0000-4000-8000-000000000000/');
    await expect(page.getByRole('alert')).toContainText(messages('es').errors?.not_found as string);
    expect(scripts.some((s) => /mantine|index-/.test(s))).toBe(false);
  });
});

test('desktop welcome page', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: own.empresa, password: demo.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = (await (
    await request.get('/api/properties', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
  };
  const list = Array.isArray(res.data) ? res.data : res.data.items;
  const property = list.find((p) => p.nombre === 'Apartamento Sol de Triana');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/checkin/customers/previe/${property?.id}/`);
  await expect(page.getByRole('heading', { name: 'Apartamento Sol de Triana' })).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/desktop-welcome-es.png`, fullPage: true });
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/desktop-welcome-ar.png`, fullPage: true });
});
