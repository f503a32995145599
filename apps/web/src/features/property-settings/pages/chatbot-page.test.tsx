import { botSettingsSchema, botStatusSchema, conciergePaths } from '@posada/contracts/concierge';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { settingsHandler, settingsOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';

const unavailable = {
  es: 'Servicio no disponible en tu suscripción actual',
  en: 'Service not available in your current subscription',
  ar: 'الخدمة غير متاحة في اشتراكك الحالي',
};

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the chatbot page of a plan without it', { timeout: 20_000 }, () => {
  for (const lang of ['es', 'en', 'ar'] as const) {
    it(`says the service is not in the subscription, asking the API in the interface language (${lang})`, async () => {
      // basico@posada.local: Smart, subscribed, without the bot add-on.
      const basico = anOperator({ plan: 'smart', status_subscription: 'subscribed', servicios: [] });
      const settings = settingsOf(basico, {
        tipo_propiedad: 'apartamento',
        nombre: 'Apartamento Plaza Mayor',
      });
      const asked: (string | null)[] = [];
      server.use(
        // Every read of the property's data says which language it wants; the next handler answers.
        http.get('/api/properties/*', ({ request }) => {
          asked.push(request.headers.get('accept-language'));
        }),
        settingsHandler(settings),
        // The bot's settings and status are read ungated (concierge bot-settings.service).
        http.get(conciergePaths.settings(settings.id), () =>
          answer(botSettingsSchema, {
            property_id: settings.id,
            allowed_actions: [],
            wifi_name: '',
            wifi_password: '',
            share_wifi: false,
            access_instructions: { es: '', en: '', ar: '' },
            share_access: false,
            late_checkout_until: '12:00',
            late_checkout_price: 0,
            early_checkin_from: '14:00',
            early_checkin_price: 0,
            currency: 'EUR',
          }),
        ),
        http.get(conciergePaths.status(settings.id), () =>
          answer(botStatusSchema, {
            active: false,
            missing: ['plan', 'bot_flag', 'whatsapp', 'knowledge'],
            template_missing: false,
            engine: 'embedded',
            answered: 0,
            pending: 0,
          }),
        ),
      );
      await renderRoute(pathTo('pageManageChatBot', { propertyId: settings.id }), {
        user: basico,
        language: lang,
      });
      expect((await screen.findByTestId('feature-unavailable')).textContent).toContain(unavailable[lang]);
      if (lang !== 'en') expect(screen.queryByText(unavailable.en)).toBeNull();
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set([lang]));
    });
  }
});
