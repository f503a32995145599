// Shared by the guest check-in e2e specs: the guest app's messages, a generated passport (MRZ with valid
// check digits drawn on a canvas), the e-mailed verification code (sent to the stay's own address) and a
// drawn signature.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { E2E_MAIL_PORT } from './ports.ts';

export type Messages = Record<string, Record<string, string & Record<string, string>>>;
export const messages = (lng: string): Messages =>
  JSON.parse(readFileSync(new URL(`../../src/locales/${lng}/guest.json`, import.meta.url), 'utf8'));

/** ICAO 9303 check digit. */
export function checkDigit(value: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  [...value].forEach((c, i) => {
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * (weights[i % 3] as number);
  });
  return String(sum % 10);
}

/** A TD3 passport MRZ with valid check digits. */
export function passportMrz(p: {
  surname: string;
  given: string;
  number: string;
  nationality: string;
  birth: string;
  sex: string;
  expiry: string;
}) {
  const line1 = `P<${p.nationality}${p.surname}<<${p.given.replace(/ /g, '<')}`.padEnd(44, '<');
  const number = p.number.padEnd(9, '<');
  const personal = '<'.repeat(14);
  const body = `${number}${checkDigit(number)}${p.nationality}${p.birth}${checkDigit(p.birth)}${p.sex}${p.expiry}${checkDigit(p.expiry)}${personal}${checkDigit(personal)}`;
  const composite = `${body.slice(0, 10)}${body.slice(13, 20)}${body.slice(21, 43)}`;
  return [line1, `${body}${checkDigit(composite)}`] as const;
}

/** Draws a document with its MRZ in the page's browser and answers the PNG bytes. */
export async function documentImage(page: Page, lines: readonly string[]): Promise<Buffer> {
  const dataUrl = await page.evaluate((mrz) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1500;
    canvas.height = 960;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#f4efe1';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#c9c2ad';
    ctx.fillRect(60, 160, 300, 380);
    ctx.fillStyle = '#222';
    ctx.font = 'bold 44px "DejaVu Sans"';
    ctx.fillText('PASSEPORT / PASSPORT', 60, 100);
    ctx.font = '30px "DejaVu Sans"';
    ctx.fillText('DUPONT', 420, 220);
    ctx.fillText('MARIE CLAIRE', 420, 290);
    ctx.font = '40px "DejaVu Sans Mono"';
    mrz.forEach((line, i) => {
      ctx.fillText(line, 60, 800 + i * 70);
    });
    return canvas.toDataURL('image/png');
  }, lines);
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

/** The e-mails the e2e server captured for `to`, oldest first. */
export async function mailsTo(to: string): Promise<{ to: string; text: string }[]> {
  const mails = (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/`)).json()) as {
    to: string;
    text: string;
  }[];
  return mails.filter((m) => m.to.toLowerCase().includes(to));
}

/** The six-digit code of the newest e-mail to `to` (e2e SMTP server), once more than `seen` reached it. */
export async function mailCode(to: string, seen = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const all = await mailsTo(to);
        const mail = all.length > seen ? all.pop() : undefined;
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, message: `a verification code e-mailed to ${to}` },
    )
    .not.toBe('');
  return code;
}

/**
 * The messaging step of a stay with its own contact (issue 11): no address is asked, the stay's e-mail is
 * shown masked before and after sending, and the code is read from that mailbox.
 */
export async function verifyStayEmail(page: Page, m: Messages, stayEmail: string, masked: string) {
  await expect(page.getByRole('heading', { name: m.messaging?.title })).toBeVisible();
  // A stay verified before has older codes in its mailbox: only a new one is read.
  const seen = (await mailsTo(stayEmail)).length;
  await expect(page.locator('#f-destination')).toHaveCount(0);
  const email = page.getByRole('radio', { name: m.messaging?.channels?.email });
  if (await email.count()) await email.check();
  await expect(page.locator('.g-destination')).toHaveText(masked);
  await page.getByRole('button', { name: m.messaging?.send }).click();
  await expect(page.getByRole('heading', { name: m.messaging?.enter_title })).toBeVisible();
  await expect(page.locator('.g-destination')).toHaveText(masked);
  await page.locator('#f-otp').fill(await mailCode(stayEmail, seen));
  await page.getByRole('button', { name: m.messaging?.confirm }).click();
}

/**
 * Types a date into the guest form's field `#f-<field>` as the field reads it: ISO into a browser date
 * input, day/month/year into a text one.
 */
export async function fillGuestDate(page: Page, field: string, iso: string) {
  const input = page.locator(`#f-${field}`);
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  await input.fill((await input.getAttribute('type')) === 'date' ? iso : `${d}/${m}/${y}`);
}

/** The step counter as the guest reads it ("Paso 3 de 7", "الخطوة 3 من 7"): its two numbers. */
export async function readProgress(page: Page): Promise<{ step: number; total: number }> {
  const text = (await page.locator('.g-progress-text').textContent()) ?? '';
  const [step = Number.NaN, total = Number.NaN] = (text.match(/\d+/g) ?? []).map(Number);
  return { step, total };
}

/** A whole flow's counter readings: one total from the first step to the last, one step at a time. */
export function expectSteadyProgress(readings: { step: number; total: number }[]) {
  const total = readings[0]?.total;
  expect(readings.map((r) => r.total)).toEqual(readings.map(() => total));
  expect(readings.map((r) => r.step)).toEqual(readings.map((_, i) => i + 1));
  expect(readings.at(-1)?.step).toBe(total);
}

/** Draws a stroke on the signature pad. */
export async function drawSignature(page: Page) {
  const box = await page.getByTestId('signature-pad').boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 22, box.y + 120 - Math.sin(i) * 50);
  await page.mouse.up();
}
