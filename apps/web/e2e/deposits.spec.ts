import { type APIRequestContext, expect, test } from '@playwright/test';
import { accountsFor } from './support/accounts.ts';
import { type ApiSession, apiLogin, openAs } from './support/auth.ts';
import { E2E_BASE_URL, E2E_MAIL_PORT } from './support/ports.ts';

/**
 * Issue 16: a deposit of a programmed check-in. The operator asks a 150 € deposit on a reservation; the
 * guest, on a phone at the check-in's deposit step, holds it on the Stripe fake's Checkout and is told it is
 * held; the operator sees it paid on the dashboard's widget and in the booking details, and refunds it
 * there after a confirmation.
 */
const own = accountsFor(test, 'deposits');
const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });
const iso = (date: Date) => date.toISOString().slice(0, 10);

let session: ApiSession;

async function approvePayments(request: APIRequestContext) {
  const link = await request.post('/api/payments/account/onboarding-link', { headers: auth(session) });
  expect(link.status(), await link.text()).toBe(200);
  const acct = new URL((await link.json()).data.url).pathname.split('/')[2] ?? '';
  const done = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/stripe/accounts/${acct}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'complete' }),
  });
  expect(done.ok).toBe(true);
}

/** A reservation starting tomorrow for two nights (a hold covers it), its programmed check-in asking 150 €. */
async function reservationWithDeposit(request: APIRequestContext) {
  const properties = (await (await request.get('/api/properties', { headers: auth(session) })).json()).data;
  const propertyId = properties.items[0].id as string;
  // The operator of two properties works on this one: the screens open on it, no chooser first.
  const chosen = await request.put('/api/user/active-property', {
    headers: auth(session),
    data: { property_id: propertyId },
  });
  expect(chosen.status()).toBe(200);
  session = await apiLogin(request, own.empresa);
  for (let offset = 1; offset < 60; offset += 3) {
    const start = iso(new Date(Date.now() + offset * 86_400_000));
    const end = iso(new Date(Date.now() + (offset + 2) * 86_400_000));
    const r = await request.post('/api/create/new-booking', {
      headers: auth(session),
      data: {
        property_id: propertyId,
        start_date: start,
        end_date: end,
        name: 'Nora Fianza',
        email: 'nora.fianza@example.com',
        phone: '+34 600 333 444',
        number_of_guests: 1,
        price: 20_000,
      },
    });
    if (r.status() === 409) continue;
    expect(r.status(), await r.text()).toBeLessThan(300);
    const booking = (await r.json()).data as { id: string; code: string };
    const programmed = await request.get(`/api/retrieve-programmed-checkin?booking_id=${booking.id}`, {
      headers: auth(session),
    });
    const checkinId = (await programmed.json()).data.checkin_id as string;
    const asked = await request.put(`/api/deposits/${checkinId}`, {
      headers: auth(session),
      data: { amount: 15_000 },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const link = (
      await (await request.get(`/api/checkins/${checkinId}/link`, { headers: auth(session) })).json()
    ).data.url as string;
    return { booking, propertyId, checkinId, token: new URL(link).searchParams.get('t') ?? '' };
  }
  throw new Error('no free dates for the reservation');
}

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, own.empresa);
  await approvePayments(request);
});

test('a deposit is held through the check-in, verified by the operator and refunded with confirmation', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stay = await reservationWithDeposit(request);

  // The guest's check-in has passed the code step (the booking's code): its session, as the flow keeps it.
  const started = await request.post('/api/guest/checkin/start', {
    data: { propiedad_id: stay.propertyId, t: stay.token, language: 'es' },
  });
  const start = (await started.json()).data;
  const coded = await request.post('/api/guest/checkin/code', {
    headers: { 'x-checkin-session': start.session },
    data: { checkin_code: stay.booking.code },
  });
  expect(coded.status(), await coded.text()).toBe(200);
  const proven = (await coded.json()).data;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  const guest = await phone.newPage();
  const app = `/checkin/customers/previe/${stay.propertyId}/app/`;
  await guest.goto(`/checkin/customers/previe/${stay.propertyId}/`);
  // The deposit step of a guest who registered (the flow resumes there, as after leaving for Checkout).
  await guest.evaluate(([key, trip]) => sessionStorage.setItem(key, trip), [
    `posada.checkin.deposit.${stay.propertyId}`,
    JSON.stringify({
      session: proven.session,
      info: start,
      checkin: proven.checkin ?? start.checkin,
      steps: ['scan', 'personal', 'signature'],
    }),
  ] as const);
  await guest.goto(`${app}?deposit=cancel`);
  const step = guest.getByTestId('deposit-step');
  await expect(step).toContainText('se retiene en tu tarjeta y se libera al salir');
  await expect(step).toContainText('No se ha retenido la fianza');
  await step.getByRole('button', { name: /Retener la fianza/ }).click();

  // Stripe's hosted Checkout (the fake): the card is held, not charged.
  await guest.waitForURL((url) => !url.href.startsWith(E2E_BASE_URL));
  await guest.getByRole('button', { name: 'Pay', exact: true }).click();
  await guest.waitForURL(/deposit=return/);
  await expect(guest.getByTestId('deposit-step')).toContainText('retenida en tu tarjeta', {
    timeout: 20_000,
  });
  await phone.close();

  // The operator: the dashboard's widget verifies it as paid.
  const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAs(operator, session, '/business/dashboard', 'es');
  const widget = operator.getByTestId('deposit-widget');
  const line = widget.getByTestId('deposit-line').filter({ hasText: 'Nora Fianza' }).first();
  await expect(line.getByText('Pagada')).toBeVisible({ timeout: 20_000 });

  // The booking details: the deposit table, the refund after a confirmation.
  const user = (await (await request.get('/api/user', { headers: auth(session) })).json()).data;
  await openAs(operator, session, `/business/scheduled-checkins/${user.id}/${stay.booking.id}/booking`, 'es');
  const table = operator.getByTestId('deposit-table');
  await expect(table.getByTestId('deposit-status')).toHaveText('Pagada', { timeout: 20_000 });
  await table.getByRole('button', { name: 'Devolver fianza' }).click();
  const dialog = operator.getByRole('dialog', { name: '¿Devolver la fianza?' });
  await expect(dialog).toContainText('150');
  await dialog.getByRole('button', { name: 'Devolver fianza' }).click();
  await expect(operator.getByText(/Fianza de .*150.* devuelta/)).toBeVisible();
  await expect(table.getByTestId('deposit-status')).toHaveText('Devuelta');
  await expect(table.getByRole('button', { name: 'Devolver fianza' })).toHaveCount(0);
});
