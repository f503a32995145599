import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './ports.ts';
import { enterSharedAdminCode, isEnrolledAdmin } from './two-factor.ts';

export const demo = {
  empresa: 'demo@posada.local',
  hotel: 'hotel@posada.local',
  admin: 'admin@posada.local',
  password: DEMO_PASSWORD,
};

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Logs in through the real login screen and waits for the landing page. The demo admin has two-factor
 * sign-in on (required for admins): its second step gets the authenticator code.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await fillLogin(page, email, password);
  if (isEnrolledAdmin(email)) await enterSharedAdminCode(page, email);
  await expect(page).not.toHaveURL(/\/$/);
}

/** What POST /api/login answers (the parts the flows read). */
export interface ApiSession {
  token: string;
  user: { properties: { id: string; nombre: string; botGPT?: boolean }[] };
}

/** Signs in through the API (the login screen has its own flows). */
export async function apiLogin(request: APIRequestContext, email: string): Promise<ApiSession> {
  const r = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(r.status()).toBe(200);
  return (await r.json()).data as ApiSession;
}

/**
 * Stores `session` and `lang` as the web app keeps them, from the smallest page of the origin (the icon):
 * loading the app itself only to reach its localStorage would cost a whole page load.
 */
export async function storeSession(
  page: Page,
  session: Pick<ApiSession, 'token' | 'user'>,
  lang: 'es' | 'en' | 'ar' = 'es',
) {
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, user, lang }) => {
      localStorage.setItem('posada.token', token);
      localStorage.setItem('posada.user', JSON.stringify(user));
      localStorage.setItem('posada.lang', lang);
    },
    { ...session, lang },
  );
}

/** Opens `path` in `lang` as the signed-in `session`. */
export async function openAs(page: Page, session: ApiSession, path: string, lang: 'es' | 'en' | 'ar' = 'es') {
  await storeSession(page, session, lang);
  await page.goto(path);
}
