/**
 * Dates as people type them in our three languages, shared by the operator's date field and the guest
 * flow (plain, no Mantine): es, en (en-GB) and ar all write day/month/year.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "1/5/1990", "01.05.1990", "1-5-1990" or "1990-05-01" → "1990-05-01"; null for anything else or a day
 * that does not exist.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dmy
      ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
      : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** "1990-05-01" → "01/05/1990" (day/month/year, Latin digits as the inputs take); anything else as is. */
export function typedDateOf(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
