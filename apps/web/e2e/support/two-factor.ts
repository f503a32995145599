// Two-factor sign-in in the flows. Admin accounts must use it: the e2e server enrols the demo admin
// (its secret is served by the mail-capture server at /totp) and leaves a second admin unenrolled.
export { isEnrolledAdmin, specAdmin, unenrolledAdmin } from './two-factor-server.ts';

import { expect, type Page } from '@playwright/test';
import { totpCode } from '../../../api/src/modules/auth/totp.ts';
import { E2E_MAIL_PORT } from './ports.ts';

/**
 * Types the authenticator code on the login's second step, as the app would show it, for an account of its
 * own: the code of the step after the one last used at `lastUsed` (a code is taken once; the API accepts the
 * next step's).
 */
export async function enterTwoFactorCode(page: Page, secret: string, lastUsed: Date) {
  await submitCode(page, totpCode(secret, new Date(lastUsed.getTime() + 30_000)));
}

/**
 * The demo admin's second step, which several flows pass at once: the e2e server hands each flow a code
 * no other flow got (GET /totp/next), since a code used twice is refused and counted as a failed sign-in
 * against the one address every flow comes from.
 */
export async function enterSharedAdminCode(page: Page, email: string) {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/totp/next?email=${encodeURIComponent(email)}`);
    const next = (await res.json()) as { code: string | null; wait_ms: number };
    if (next.code) return submitCode(page, next.code);
    if (!next.wait_ms) throw new Error(`no authenticator secret for ${email}`);
    await page.waitForTimeout(next.wait_ms);
  }
}

async function submitCode(page: Page, code: string) {
  const field = page.getByLabel('Código de verificación');
  await expect(field).toBeVisible();
  await field.fill(code);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/login/two-factor'));
  await page.getByRole('button', { name: 'Verificar' }).click();
  const answer = await answered;
  expect(answer.ok(), await answer.text()).toBe(true);
  await page.waitForURL((url) => url.pathname !== '/');
}
