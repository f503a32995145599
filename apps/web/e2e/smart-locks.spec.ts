// Issue 14, smart locks: the operator connects a Nuki account (the e2e server's Nuki fake), picks the
// property's lock and switches to dynamic keys; and the issue's flow: a guest finishes the check-in, the
// police registration is accepted by the SES fake, and only then the door code appears for the guest.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { apiLogin, openAs } from './support/auth.ts';
import { mailCode } from './support/guest-flow.ts';

const own = accountsFor(test, 'smart-locks');
const shots = test.info;
const PROPERTY = 'Apartamento Sol de Triana';
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

/** Nothing sticks out sideways (polled: after a resize the layout settles on the next frames). */
async function expectNoSideScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function propertyId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/properties', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as {
    data: { id: string; nombre: string }[] | { items: { id: string; nombre: string }[] };
  };
  const list = Array.isArray(body.data) ? body.data : body.data.items;
  const found = list.find((p) => p.nombre === PROPERTY);
  expect(found).toBeTruthy();
  return found?.id as string;
}

test('settings: connect Nuki through its fake, pick the lock, and switch to dynamic keys', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await apiLogin(request, own.empresa);
  const id = await propertyId(request, session.token);
  const chosen = await request.put('/api/user/active-property', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { property_id: id },
  });
  expect(chosen.ok()).toBe(true);
  // A retry starts from nothing connected again (the first attempt may have connected Nuki).
  const auth = { Authorization: `Bearer ${session.token}` };
  const connected = (await (await request.get('/api/smart-locks/accounts', { headers: auth })).json()) as {
    data: { id: string }[];
  };
  for (const account of connected.data) {
    const gone = await request.delete(`/api/smart-locks/accounts/${account.id}`, { headers: auth });
    expect(gone.ok()).toBe(true);
  }
  await openAs(page, session, `/business/properties/edition/${id}/smart-locks`);
  await expect(page.getByRole('heading', { name: 'Cerraduras inteligentes' })).toBeVisible();
  // Nothing connected yet: said plainly, and the lock picker asks to connect first.
  const nuki = page.getByTestId('lock-vendor-nuki');
  await expect(nuki).toContainText('No conectada');
  await expect(page.getByText('Conecta primero una cuenta de cerraduras.')).toBeVisible();
  // Dynamic keys are offered (no "coming soon"), but need a lock before they can be saved.
  await page
    .getByRole('switch', { name: 'Enviar el código de acceso a los huéspedes' })
    .check({ force: true });
  await page.getByRole('radio', { name: 'Clave dinámica' }).check({ force: true });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByText('La clave dinámica necesita una cerradura asignada a la propiedad o a sus habitaciones.'),
  ).toBeVisible();

  // A wrong token is refused by the vendor; the fake's token connects.
  await nuki.getByRole('button', { name: 'Conectar' }).click();
  await nuki.getByLabel('Token de API').fill('not-the-token');
  await nuki.getByRole('button', { name: 'Conectar' }).click();
  await expect(nuki.getByRole('alert')).toContainText('Credenciales incorrectas');
  await nuki.getByLabel('Token de API').fill('fake-nuki-token');
  await nuki.getByRole('button', { name: 'Conectar' }).click();
  await expect(nuki).toContainText('Conectada');
  await expect(nuki).toContainText('Nuki Web');

  // The options are read again once the vendor's locks arrive, which can close the list under the click.
  await expect(async () => {
    await page.getByTestId('lock-property').click();
    await page.getByRole('option', { name: /^Casa Azul entrada · Nuki/ }).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('lock-property')).toHaveValue(/Casa Azul entrada/);

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Clave dinámica' })).toBeChecked();
  await expect(page.getByTestId('lock-property')).toHaveValue(/Casa Azul entrada/);
  await expect(
    page.getByRole('switch', { name: 'Entregar el código solo cuando el registro policial esté aceptado' }),
  ).toBeChecked();
  await expectNoSideScroll(page);
  await page.screenshot({ path: shots().outputPath('settings-1280-es.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: shots().outputPath('settings-390-es.png'), fullPage: true });

  // The same page in Arabic at 390 px: right to left, nothing sideways.
  await openAs(page, session, `/business/properties/edition/${id}/smart-locks`, 'ar');
  await expect(page.getByText('حسابات الأقفال')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: shots().outputPath('settings-390-ar.png'), fullPage: true });
  await openAs(page, session, `/business/properties/edition/${id}/smart-locks`, 'en');
  await expect(page.getByText('Lock accounts')).toBeVisible();

  // Disconnecting asks first.
  await openAs(page, session, `/business/properties/edition/${id}/smart-locks`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await nuki.getByRole('button', { name: 'Desconectar' }).click();
  await expect(page.getByRole('dialog', { name: '¿Desconectar Nuki?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(nuki).toContainText('Conectada');
});

/** The operator sends a check-in link for today's stay; the guest completes it through the guest API. */
async function guestCompletes(
  page: Page,
  request: APIRequestContext,
  token: string,
  property: string,
  securityCode: string,
) {
  const auth = { Authorization: `Bearer ${token}` };
  const email = `door-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const sent = await request.post('/api/checkins/send', {
    headers: auth,
    data: {
      property_id: property,
      name: 'Marie Dupont',
      phone: '+33 6 12 34 56 78',
      email,
      channel: 'email',
      start_date: iso(0),
      end_date: iso(2),
      guests: 1,
      language: 'es',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { data } = (await sent.json()) as { data: { checkin: { id: string }; link: { url: string } } };
  const linkToken = new URL(data.link.url).searchParams.get('t') as string;
  const call = async (path: string, body: unknown, session?: string) => {
    const res = await request.post(path, {
      data: body as object,
      headers: session ? { 'x-checkin-session': session } : {},
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: { session: string } }).data;
  };
  let { session } = await call('/api/guest/checkin/start', { propiedad_id: property, t: linkToken });
  ({ session } = await call('/api/guest/checkin/code', { security_code: securityCode }, session));
  await call('/api/guest/checkin/verification', { channel: 'email' }, session);
  ({ session } = await call(
    '/api/guest/checkin/verification/confirm',
    { code: await mailCode(email) },
    session,
  ));
  await page.goto('/checkin/customers/previe/none/');
  const signature = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 80;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.moveTo(10, 60);
    ctx.lineTo(190, 20);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
  await call(
    '/api/guest/checkin/guests',
    {
      first_name: 'Marie',
      last_name: 'Dupont',
      gender: 'female',
      birth_date: '1990-04-12',
      phone: '+33 6 12 34 56 78',
      email,
      document_type: 'passport',
      document_number: '18FR41234',
      issue_date: '2022-01-01',
      expiry_date: '2032-01-01',
      support_number: 'ABC123456',
      nationality: 'FRA',
      country: 'FR',
      address: '12 rue de la Paix',
      city: 'Paris',
      postal_code: '75002',
      residence_country: 'FR',
      minors: false,
      kinship: null,
      signature,
      arrival: iso(0),
      departure: iso(2),
      process: 'manual',
    },
    session,
  );
  const done = (await call('/api/guest/checkin/finish', {}, session)) as unknown as {
    checkin_id: string;
    propiedad_id: string;
    access_code?: { waiting?: string; code?: string };
  };
  return { ...done, email };
}

test('the door code appears for the guest only once the police registration is accepted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await apiLogin(request, own.empresa);
  const auth = { Authorization: `Bearer ${session.token}` };
  const property = session.user.properties.find((p) => p.nombre === 'Villa Mar Azul')?.id as string;
  expect(property).toBeTruthy();
  // Static master code, released only after the police accept the registration (the default).
  const locks = await request.put(`/api/properties/${property}/settings/smart-locks`, {
    headers: auth,
    data: {
      enabled: true,
      delivery_time: 'checkin_completed',
      key_type: 'static',
      master_code: '7351#',
      requires_registration: true,
    },
  });
  expect(locks.ok(), await locks.text()).toBe(true);
  // The property reports to Guardia Civil through SES.Hospedajes: the e2e server's fake, with its login.
  const authorities = await request.put(`/api/properties/${property}/settings/authorities`, {
    headers: auth,
    data: {
      entity: 'guardia_civil',
      user: '12345678AWS',
      password: 'fake-ses-password',
      establishment_code: '0000256',
      landlord_code: '0000146962',
      send_mode: 'immediate',
    },
  });
  expect(authorities.ok(), await authorities.text()).toBe(true);
  // This flow is about the door code: the selfie check (on in the demo villa) has its own spec.
  const noIdentity = await request.put(`/api/properties/${property}/settings/identity-verification`, {
    headers: auth,
    data: { enabled: false },
  });
  expect(noIdentity.ok(), await noIdentity.text()).toBe(true);

  const done = await guestCompletes(page, request, session.token, property, '7350');
  // Finished, but the registration is not accepted yet: a friendly wait, no code.
  expect(done.access_code).toEqual({ waiting: 'registration' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/services/${done.propiedad_id}/${done.checkin_id}/property`);
  await expect(page.getByTestId('door-code-waiting')).toContainText(
    'en cuanto la policía confirme tu registro',
  );
  await expect(page.getByTestId('door-code')).toHaveCount(0);

  // The fake SES settles the batch (state 5, then 4, then 1): the code is released and shows, big.
  await expect(async () => {
    const registration = await request.get(`/api/checkins/${done.checkin_id}/registration`, {
      headers: auth,
    });
    await page.reload();
    await expect(page.getByTestId('door-code'), await registration.text()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(page.getByTestId('door-code')).toContainText('7351#');
  await expectNoSideScroll(page);
  await page.screenshot({ path: shots().outputPath('guest-code-390-es.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots().outputPath('guest-code-1280-es.png'), fullPage: true });
  // In English and in Arabic (right to left) the code stays one left-to-right line.
  for (const [button, title, lng] of [
    ['English', 'Your door code', 'en'],
    ['العربية', 'رمز الدخول الخاص بك', 'ar'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByTestId('door-code')).toContainText(title);
    await expect(page.getByTestId('door-code').locator('.g-door-code')).toHaveAttribute('dir', 'ltr');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSideScroll(page);
    await page.screenshot({ path: shots().outputPath(`guest-code-390-${lng}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The operator sees it released (keys delivered follows).
  const code = await request.get(`/api/checkins/${done.checkin_id}/access-code`, { headers: auth });
  expect(((await code.json()) as { data: { released: boolean } }).data.released).toBe(true);
});

test('check-in detail: the code stays masked until the operator releases it by hand, with a reason', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, own.empresa);
  const auth = { Authorization: `Bearer ${session.token}` };
  const villa = session.user.properties.find((p) => p.nombre === 'Villa Mar Azul')?.id as string;
  expect(
    (await request.put('/api/user/active-property', { headers: auth, data: { property_id: villa } })).ok(),
  ).toBe(true);
  const name = `Ingrid Puerta ${Date.now() % 100_000}`;
  const sent = await request.post('/api/checkins/send', {
    headers: auth,
    data: {
      property_id: villa,
      name,
      email: `ingrid-${Date.now()}@example.com`,
      channel: 'email',
      start_date: iso(0),
      end_date: iso(2),
      guests: 1,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await openAs(page, session, '/business/checkin-management');
    await page.getByLabel('Buscar').fill(name);
    await page.getByTestId('checkin-row').filter({ hasText: name }).getByText(name).first().click();
    const door = page.getByTestId('door-code');
    await expect(door).toContainText('Código de la puerta');
    if (size.width === 1280) {
      await expect(page.getByTestId('door-code-value')).toHaveText('•••1#');
      await door.getByRole('button', { name: 'Liberar código' }).click();
      const dialog = page.getByRole('dialog', { name: 'Liberar el código al huésped' });
      await dialog.getByLabel('Motivo').fill('Llegó antes y la policía aún no ha respondido');
      await dialog.getByRole('button', { name: 'Liberar código' }).click();
      await expect(dialog).toHaveCount(0);
    }
    await expect(page.getByTestId('door-code-value')).toHaveText('7351#');
    await expect(door).toContainText('Entregado al huésped');
    await expect(door).toContainText('Llegó antes y la policía aún no ha respondido');
    await expectNoSideScroll(page);
    await page.screenshot({ path: shots().outputPath(`detail-${size.width}-es.png`), fullPage: true });
  }
});
