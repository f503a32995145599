import { type BroadcastVariable, broadcastVariables } from '@posada/contracts/broadcasts';

export type BroadcastValues = Record<BroadcastVariable, string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const isNumbered = (name: string) => /^\d+$/.test(name);
const isBroadcastVariable = (name: string): name is BroadcastVariable =>
  (broadcastVariables as readonly string[]).includes(name);

/** The variables a template body uses, in order of appearance, each once ({{guest_name}}, or {{1}}…). */
export function templateVariablesOf(body: string): string[] {
  const seen: string[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

/** How many numbered placeholders ({{1}}…{{n}}, as Meta's templates carry them) the operator maps to values. */
export function placeholdersOf(body: string): number {
  return Math.max(0, ...templateVariablesOf(body).filter(isNumbered).map(Number));
}

/** Whether a broadcast can fill the body: numbered placeholders and our variables, but no check-in link or door code. */
export function usableForBroadcast(body: string): boolean {
  return templateVariablesOf(body).every((v) => isNumbered(v) || isBroadcastVariable(v));
}

/** Whether `params` names a value for every numbered placeholder of the body. */
export function paramsComplete(body: string, params: readonly string[]): boolean {
  const n = placeholdersOf(body);
  for (let i = 0; i < n; i++) if (!isBroadcastVariable(params[i] ?? '')) return false;
  return true;
}

/**
 * The template for one guest: the text shown (preview) and the Cloud API's body parameters. A named
 * variable fills itself; a numbered {{n}} takes the value `params[n-1]` names (the operator's choice). The
 * parameters go in Meta's order: {{1}}…{{n}} for numbered templates, else the order of appearance.
 */
export function renderTemplate(
  body: string,
  values: BroadcastValues,
  params: readonly string[] = [],
): { text: string; bodyParams: string[] } {
  const fill = (name: string) => {
    const key = isNumbered(name) ? (params[Number(name) - 1] ?? '') : name;
    return isBroadcastVariable(key) ? values[key] : '';
  };
  const text = body.replace(PLACEHOLDER, (_all, name: string) => fill(name));
  const n = placeholdersOf(body);
  const bodyParams =
    n > 0
      ? Array.from({ length: n }, (_, i) => fill(String(i + 1)))
      : [...body.matchAll(PLACEHOLDER)].map((m) => fill(m[1] ?? ''));
  return { text, bodyParams };
}

/** A stay date as the guest reads it in the template's language: 5 dic 2026 (es), Dec 5, 2026 (en). */
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
