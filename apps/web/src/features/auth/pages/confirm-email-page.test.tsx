import { authPaths } from '@posada/contracts/auth';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../../config/routes.ts';
import type { Language } from '../../../lib/i18n.ts';
import es from '../../../locales/es/auth.json';
import { renderRoute } from '../../../test/render.tsx';
import { refuse, server } from '../../../test/server.ts';

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the e-mail confirmation link (Confirmar)', { timeout: 20_000 }, () => {
  it('says a cut link is not valid and offers a new one', async () => {
    // A token under 16 characters fails the body's validation (auth contract tokenBody), in Spanish.
    server.use(
      http.post(authPaths.confirmEmail, () =>
        refuse(400, 'validation.failed', 'Revisa los campos marcados.', {
          token: ['Debe tener al menos 16 caracteres.'],
        }),
      ),
    );
    await renderRoute(pathTo('Confirmar', { token: 'abc' }));
    expect(await screen.findByText(es.confirm.invalidLink)).toBeTruthy();
    expect(screen.queryByText(/Revisa los campos marcados/)).toBeNull();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar correo de confirmación' })).toBeTruthy();
  });

  // What the API answers an unknown, well-formed token (auth.errors confirmationLinkInvalid) in each language.
  const badLink: Record<Language, string> = {
    es: 'El enlace de confirmación no es válido. Comprueba que lo has copiado entero o pide uno nuevo.',
    en: 'The confirmation link is not valid. Check that you copied all of it, or ask for a new one.',
    ar: 'رابط التأكيد غير صالح. تأكّد من نسخه كاملًا أو اطلب رابطًا جديدًا.',
  };
  for (const lang of ['es', 'en', 'ar'] as const) {
    it(`shows the server's message for an unknown link, asked in the interface language (${lang})`, async () => {
      const asked: (string | null)[] = [];
      server.use(
        http.post(authPaths.confirmEmail, ({ request }) => {
          const language = request.headers.get('accept-language');
          asked.push(language);
          return refuse(400, 'auth.confirmation_link_invalid', badLink[language as Language] ?? badLink.es);
        }),
      );
      await renderRoute(pathTo('Confirmar', { token: 'x'.repeat(32) }), { language: lang });
      expect(await screen.findByText(badLink[lang])).toBeTruthy();
      expect(asked).toEqual([lang]);
    });
  }
});
