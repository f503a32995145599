import { type BroadcastVariable, broadcastVariables } from '@posada/contracts/broadcasts';
import { placeholdersOf, renderTemplate as renderMessage } from '../../lib/message-template.ts';

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
  const valueNamed = (name: string | undefined) => (name && isBroadcastVariable(name) ? values[name] : '');
  const numbered = Array.from({ length: placeholdersOf(body) }, (_, i) => valueNamed(params[i]));
  const rendered = renderMessage(body, values, numbered);
  return { text: rendered.body, bodyParams: numbered.length > 0 ? numbered : rendered.params };
}
