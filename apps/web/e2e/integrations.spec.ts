import { expect, type Page, test } from '@playwright/test';
import { demo, login } from './support/auth.ts';

const shots = process.env.SCREENSHOTS_DIR;

/** The e2e server sets SMTP_URL, GOOGLE_*, WHATSAPP_* and TWILIO_* (its local fakes); the LLM is left unset. */
async function openIntegrations(page: Page) {
  // The hotel demo has one property, so no property chooser stands in the way.
  await login(page, demo.hotel);
  await page.goto('/business/profile/integrations');
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test('the operator sees which outside services are set up and what to set for the others (es, ar)', async ({
  page,
}) => {
  // A Google sign-in whose code Google refuses (the fake answers 400 invalid_grant): its last error.
  const start = await page.request.get('/api/auth/google/redirect', { maxRedirects: 0 });
  const state = new URL(start.headers().location ?? '').searchParams.get('state') ?? '';
  const refused = await page.request.post('/api/auth/google/callback', {
    data: { code: 'not-a-code', state },
  });
  expect(refused.status()).toBe(502);

  await openIntegrations(page);
  await expect(page.getByRole('tab', { name: 'Integraciones' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Integraciones', level: 2 })).toBeVisible();

  // SMS goes through Twilio (issue 26): set up here with the Twilio fake.
  const sms = card(page, 'SMS (Twilio)');
  await expect(sms.getByText('Sin configurar', { exact: true })).toHaveCount(0);
  await expect(sms).toContainText('con Twilio');
  await expect(sms).not.toContainText('SMS_API');
  const llm = card(page, 'Redacción con IA');
  await expect(llm.getByText('Sin configurar', { exact: true })).toBeVisible();
  await expect(llm).toContainText('Para activarlo, define en la configuración del servidor:');
  await expect(card(page, 'WhatsApp').getByText('Sin configurar', { exact: true })).toHaveCount(0);
  await expect(llm).toContainText('LLM_BASE_URL');
  const smtp = card(page, 'Correo electrónico (SMTP)');
  await expect(smtp.getByText('Sin configurar', { exact: true })).toHaveCount(0);
  await expect(smtp).toContainText('Envía los correos');
  const google = card(page, 'Acceso con Google');
  await expect(google.getByText('Con errores', { exact: true })).toBeVisible();
  await expect(google).toContainText('el servicio rechazó la petición.');
  await expect(google).not.toContainText('GOOGLE_CLIENT_ID');
  await expect(google).not.toContainText('Sin llamadas');
  // Channel calendars need no setting (each connection brings its feed URL).
  const ical = card(page, 'Calendarios de canales (iCal)');
  await expect(ical).toContainText('Lee los calendarios iCal de Airbnb, Booking.com, Vrbo');
  await expect(ical.getByText('Sin configurar', { exact: true })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/integrations-desktop-es.png`, fullPage: true });

  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('radio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('tab', { name: 'التكاملات' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'الرسائل النصية SMS (Twilio)')).toContainText('Twilio');
  await expect(card(page, 'الرسائل النصية SMS (Twilio)').getByText('غير مُعدّ', { exact: true })).toHaveCount(
    0,
  );
  await expect(card(page, 'الكتابة بالذكاء الاصطناعي').getByText('غير مُعدّ', { exact: true })).toBeVisible();
  await expect(card(page, 'تقويمات القنوات (iCal)')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/integrations-desktop-ar.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'الرسائل النصية SMS (Twilio)')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/integrations-phone-ar.png`, fullPage: true });
});

test('on a phone the page reads in Spanish with the tabs reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openIntegrations(page);
  await expect(card(page, 'Redacción con IA').getByText('Sin configurar', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Integraciones' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/integrations-phone-es.png`, fullPage: true });
});
