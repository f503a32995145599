import { type IntegrationStatus, integrationsList, integrationsPath } from '@posada/contracts/integrations';
import { userPaths, userSchema } from '@posada/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';
import { emulateWidth } from '../../../test/viewport.ts';

const operator = anOperator();

/** One service as the registry lists it (adapters/index.ts): its settings' names, no calls yet. */
const service = (
  name: IntegrationStatus['name'],
  settings: string[],
  configured: boolean,
  calls: Partial<Pick<IntegrationStatus, 'last_error' | 'last_success_at'>> = {},
): IntegrationStatus => ({ name, configured, settings, last_error: null, last_success_at: null, ...calls });

/**
 * GET /api/integrations of a server like the e2e one: SMTP, WhatsApp, Twilio, Google, SES, the locks and
 * Stripe set up (their fakes), the LLM and the Ertzaintza left unset; a Google sign-in that Google refused
 * (adapter code google.rejected).
 */
const integrations = integrationsList.parse({
  items: [
    service('smtp', ['SMTP_URL'], true, { last_success_at: '2026-12-08T08:00:00.000Z' }),
    service(
      'whatsapp',
      [
        'WHATSAPP_API_URL',
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_TOKEN',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ],
      true,
    ),
    service('sms', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], true),
    service('llm', ['LLM_BASE_URL'], false),
    service('google', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], true, {
      last_error: { at: '2026-12-08T08:15:00.000Z', code: 'google.rejected' },
    }),
    service('ertzaintza', ['ERTZAINTZA_URL'], false),
    service('ses-hospedajes', ['SES_URL'], true),
    service('nuki', ['NUKI_API_URL'], true),
    service('ttlock', ['TTLOCK_API_URL', 'TTLOCK_CLIENT_ID', 'TTLOCK_CLIENT_SECRET'], true),
    service('igloohome', ['IGLOOHOME_API_URL', 'IGLOOHOME_AUTH_URL'], true),
    service('ical', [], true),
    service('stripe', ['STRIPE_SECRET_KEY'], true),
  ],
});

const card = (name: string) => screen.getByRole('region', { name });
const notConfigured = (region: HTMLElement, text: string) =>
  within(region).queryByText(text, { exact: true });

describe('the integrations page', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('shows which outside services are set up and what to set for the others, in Spanish and in Arabic', async () => {
    server.use(
      http.get(integrationsPath, () => answer(integrationsList, integrations)),
      http.put(userPaths.locale, async ({ request }) => {
        const { locale } = (await request.json()) as { locale: 'ar' };
        return answer(userSchema, { ...operator, locale });
      }),
    );
    const { user } = await renderRoute(routePaths.integrations, { user: operator });
    expect(await screen.findByRole('heading', { name: 'Integraciones', level: 2 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Integraciones' }).getAttribute('aria-selected')).toBe('true');

    // SMS goes through Twilio (issue 26): set up.
    const sms = await screen.findByRole('region', { name: 'SMS (Twilio)' });
    expect(notConfigured(sms, 'Sin configurar')).toBeNull();
    expect(sms.textContent).toContain('con Twilio');
    expect(sms.textContent).not.toContain('SMS_API');
    const llm = card('Redacción con IA');
    expect(notConfigured(llm, 'Sin configurar')).toBeTruthy();
    expect(llm.textContent).toContain('Para activarlo, define en la configuración del servidor:');
    expect(llm.textContent).toContain('LLM_BASE_URL');
    expect(notConfigured(card('WhatsApp'), 'Sin configurar')).toBeNull();
    const smtp = card('Correo electrónico (SMTP)');
    expect(notConfigured(smtp, 'Sin configurar')).toBeNull();
    expect(smtp.textContent).toContain('Envía los correos');
    const google = card('Acceso con Google');
    expect(within(google).getByText('Con errores', { exact: true })).toBeTruthy();
    expect(google.textContent).toContain('el servicio rechazó la petición.');
    expect(google.textContent).not.toContain('GOOGLE_CLIENT_ID');
    expect(google.textContent).not.toContain('Sin llamadas');
    // Channel calendars need no setting (each connection brings its feed URL).
    const ical = card('Calendarios de canales (iCal)');
    expect(ical.textContent).toContain('Lee los calendarios iCal de Airbnb, Booking.com, Vrbo');
    expect(notConfigured(ical, 'Sin configurar')).toBeNull();

    // The language chosen in the shell: Arabic, right to left.
    await user.click(screen.getAllByRole('button', { name: 'Idioma: Español' })[0] as HTMLElement);
    await user.click(await screen.findByRole('radio', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect((await screen.findByRole('tab', { name: 'التكاملات' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    const arabicSms = card('الرسائل النصية SMS (Twilio)');
    expect(arabicSms.textContent).toContain('Twilio');
    expect(notConfigured(arabicSms, 'غير مُعدّ')).toBeNull();
    expect(notConfigured(card('الكتابة بالذكاء الاصطناعي'), 'غير مُعدّ')).toBeTruthy();
    expect(card('تقويمات القنوات (iCal)')).toBeTruthy();
  });

  it('on a phone reads in Spanish with its tab', async () => {
    restore = emulateWidth(390);
    server.use(http.get(integrationsPath, () => answer(integrationsList, integrations)));
    await renderRoute(routePaths.integrations, { user: operator });
    const llm = await screen.findByRole('region', { name: 'Redacción con IA' });
    expect(within(llm).getByText('Sin configurar', { exact: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Integraciones' })).toBeTruthy();
  });
});
