/** The values a broadcast fills; the check-in link and the door code belong to one check-in, not to a mass message. */
export const broadcastVariables = ['guest_name', 'property_name', 'arrival', 'departure'] as const;
export type BroadcastValues = Record<(typeof broadcastVariables)[number], string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variables a template body uses, in order of appearance, each once. */
export function templateVariablesOf(body: string): string[] {
  const seen: string[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

/** Whether a broadcast can fill every variable of the body (not a numbered {{1}}, a check-in link or a door code). */
export function usableForBroadcast(body: string): boolean {
  return templateVariablesOf(body).every((v) => (broadcastVariables as readonly string[]).includes(v));
}

/**
 * The template for one guest: the text shown (preview, the guest's thread) and the Cloud API's body
 * parameters ({{1}}, {{2}}… in order of appearance: Meta numbers a template's variables as they appear).
 */
export function renderTemplate(
  body: string,
  values: BroadcastValues,
): { text: string; bodyParams: string[] } {
  const fill = (name: string) => (values as Record<string, string>)[name] ?? '';
  const text = body.replace(PLACEHOLDER, (_all, name: string) => fill(name));
  const bodyParams = [...body.matchAll(PLACEHOLDER)].map((m) => fill(m[1] ?? ''));
  return { text, bodyParams };
}

/** A stay date as the guest reads it in the template's language: 1 dic 2026 (es), 1 Dec 2026 (en). */
export function formatStayDate(isoDate: string, language = 'es'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(/\.$/, '');
}
