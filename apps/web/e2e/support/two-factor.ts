// Two-factor sign-in in the flows. Admin accounts must use it: the e2e server enrols the demo admin
// (its secret is served by the mail-capture server at /totp) and leaves a second admin unenrolled.
export { unenrolledAdmin } from './two-factor-server.ts';

import { expect, type Page } from '@playwright/test';
import { totpCode } from '../../../api/src/modules/auth/totp.ts';
import { E2E_MAIL_PORT } from './ports.ts';

/** The demo admin's authenticator secret, from the e2e server. */
export async function totpSecretOf(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/totp?email=${encodeURIComponent(email)}`);
  const { secret } = (await res.json()) as { secret: string };
  return secret;
}

/**
 * Types the authenticator code on the login's second step, as the app would show it. A code is accepted
 * once: when another flow already used this 30-second step, the next step's code (accepted within the
 * ±1 step window) is tried, and failing that the flow waits for the next step.
 */
export async function enterTwoFactorCode(page: Page, secret: string) {
  const field = page.getByLabel('Código de verificación');
  await expect(field).toBeVisible();
  for (let round = 0; round < 3; round++) {
    for (const offset of [0, 30_000]) {
      await field.fill(totpCode(secret, new Date(Date.now() + offset)));
      await page.getByRole('button', { name: 'Verificar' }).click();
      const outcome = await Promise.race([
        page.waitForURL((url) => url.pathname !== '/', { timeout: 10_000 }).then(() => 'in' as const),
        expect(page.getByText('Este código ya se ha usado'))
          .toBeVisible({ timeout: 10_000 })
          .then(() => 'used' as const),
      ]);
      if (outcome === 'in') return;
    }
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('no authenticator code was accepted');
}
