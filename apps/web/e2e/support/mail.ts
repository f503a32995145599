import { expect } from '@playwright/test';
import { E2E_MAIL_PORT } from './ports.ts';

interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for an e-mail to `to` and returns the first link in it that contains `pathPart`. */
export async function linkFromMail(to: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/`)).json()) as CapturedMail[];
        for (const mail of messages.filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).reverse()) {
          const found = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
          if (found) {
            link = found;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `an e-mail to ${to} with a ${pathPart} link` },
    )
    .toBe(true);
  return link as string;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
