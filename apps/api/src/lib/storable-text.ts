/**
 * Text PostgreSQL cannot store, made storable (issue 26): `text` refuses U+0000, `jsonb` refuses the `\u0000`
 * escape and a lone UTF-16 surrogate (`\ud800` with no partner). Outside providers (Meta's webhook, an SMS
 * gateway) may send both, and one such string must not cost the rest of a delivery: U+0000 is removed and a
 * lone surrogate becomes U+FFFD, the replacement character. Everything else is kept as it came.
 */

const REPLACEMENT = '\uFFFD';

/** Whether `value` holds U+0000 or a lone surrogate (a quick test: most strings need no copy). */
function needsCleaning(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** The string without U+0000 and with each lone surrogate replaced by U+FFFD. */
export function storableText(value: string): string {
  if (!needsCleaning(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) continue;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[i] ?? '';
        out += value[i + 1] ?? '';
        i++;
      } else out += REPLACEMENT;
    } else if (code >= 0xdc00 && code <= 0xdfff) out += REPLACEMENT;
    else out += value[i] ?? '';
  }
  return out;
}

/**
 * A parsed JSON value with every string (object keys included) made storable. Walks with an explicit stack,
 * never recursion, so a deep value cannot exhaust the call stack; the input is not changed.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: { from: unknown; to: unknown }[] = [{ from: value, to: root }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { from, to } = frame;
    const entries: [string | number, unknown][] = Array.isArray(from)
      ? from.map((v, i) => [i, v])
      : Object.entries(from as Record<string, unknown>);
    for (const [key, child] of entries) {
      const name = typeof key === 'string' ? storableText(key) : key;
      let copy: unknown = child;
      if (typeof child === 'string') copy = storableText(child);
      else if (typeof child === 'object' && child !== null) {
        copy = Array.isArray(child) ? [] : {};
        stack.push({ from: child, to: copy });
      }
      // defineProperty, not assignment: a "__proto__" key stays a key and never becomes the prototype.
      Object.defineProperty(to, name, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}
