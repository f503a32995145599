/**
 * Stripe's request encoding for the fake: `application/x-www-form-urlencoded` with nested brackets
 * (`line_items[0][price_data][recurring][interval]=month`, `expand[0]=latest_charge`), as the SDK sends it.
 * Objects whose keys are all indices become arrays; every leaf stays a string ('' = unset), read with the
 * helpers below.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(body: string): Form {
  const root: Form = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const head = rawKey.split('[')[0] ?? rawKey;
    const path = [head, ...[...rawKey.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Record<string, FormValue> = root;
    path.forEach((key, i) => {
      const name = key === '' ? String(Object.keys(node).length) : key;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      if (typeof node[name] !== 'object') node[name] = {};
      node = node[name] as Record<string, FormValue>;
    });
  }
  return arraysOf(root) as Form;
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysOf(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const int = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  return typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : null;
};
export const bool = (v: unknown): boolean | null => (v === 'true' ? true : v === 'false' ? false : null);
export const obj = (v: unknown): Form => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Form) : {});
export const list = (v: unknown): FormValue[] =>
  Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v as Form) : [];
/** metadata[...]: string values; '' deletes a key when merged. */
export function metadataOf(v: unknown, previous: Record<string, string> = {}): Record<string, string> {
  const next = { ...previous };
  for (const [key, value] of Object.entries(obj(v))) {
    if (value === '') delete next[key];
    else if (typeof value === 'string') next[key] = value;
  }
  return next;
}
