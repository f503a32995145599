import { authPaths, providersData } from '@posada/contracts/auth';
import { type SetLocaleBody, userPaths, userSchema } from '@posada/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../config/routes.ts';
import i18n, { type Language } from '../lib/i18n.ts';
import { LANGUAGE_KEY } from '../lib/session.ts';
import { aHotelInTrial, quietDashboard } from '../test/homes.ts';
import { renderRoute } from '../test/render.tsx';
import { answer, server } from '../test/server.ts';

/** The browser's languages, as a visitor's browser would send them. */
function browserLanguages(...languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0], configurable: true });
}

/**
 * What the app does when a page loads (lib/i18n.ts init): the language stored locally, else the
 * browser's. The component tier cannot reload, so each "visit" asks i18next to detect it again.
 */
async function openAfresh(path: string) {
  await i18n.changeLanguage();
  return renderRoute(path, { language: i18n.resolvedLanguage as Language });
}

const html = () => document.documentElement;

beforeEach(() => {
  server.use(http.get(authPaths.providers, () => answer(providersData, { google: false })));
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'languages');
  Reflect.deleteProperty(navigator, 'language');
});

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the interface language (spec 1)', { timeout: 20_000 }, () => {
  it('is taken from the browser on the first visit', async () => {
    localStorage.removeItem(LANGUAGE_KEY);
    browserLanguages('en-GB', 'en');
    await openAfresh(routePaths.Login);
    expect(await screen.findByRole('button', { name: 'Language: English' })).toBeTruthy();
    expect(html().lang).toBe('en');
    expect(html().dir).toBe('ltr');
  });

  it('turns the page right to left when switched to Arabic, and the choice is remembered', async () => {
    localStorage.removeItem(LANGUAGE_KEY);
    browserLanguages('es-ES', 'es');
    const { user, unmount } = await openAfresh(routePaths.Login);
    expect(html().lang).toBe('es');
    await user.click(await screen.findByRole('button', { name: 'Idioma: Español' }));
    await user.click(await screen.findByRole('radio', { name: 'العربية' }));

    await waitFor(() => expect(html().dir).toBe('rtl'));
    expect(html().lang).toBe('ar');
    expect(await screen.findByRole('button', { name: 'اللغة: العربية' })).toBeTruthy();

    // The next visit (a reload) reads the stored choice back, though the browser still says Spanish.
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ar');
    unmount();
    await openAfresh(routePaths.Login);
    expect(await screen.findByRole('button', { name: 'اللغة: العربية' })).toBeTruthy();
    expect(html().dir).toBe('rtl');
  });

  it('switches the whole shell of a signed-in operator to Arabic, and saves it on the account', async () => {
    const hotel = aHotelInTrial();
    let saved: SetLocaleBody | null = null;
    server.use(
      ...quietDashboard,
      // The API stores the choice and answers the user with it (accounts.service setLocale).
      http.put(userPaths.locale, async ({ request }) => {
        saved = (await request.json()) as SetLocaleBody;
        return answer(userSchema, { ...hotel, locale: saved.locale });
      }),
    );
    const { user } = await renderRoute(routePaths.Dashboard, { user: hotel });
    await user.click(await screen.findByRole('button', { name: 'Idioma: Español' }));
    await user.click(await screen.findByRole('radio', { name: 'العربية' }));
    await waitFor(() => expect(html().dir).toBe('rtl'));
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeTruthy();
    await waitFor(() => expect(saved).toEqual({ locale: 'ar' }));
  });
});
