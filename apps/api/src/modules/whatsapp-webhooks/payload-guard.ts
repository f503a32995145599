/**
 * What a webhook body may be before anything parses or stores it (issue 26, docs/messaging.md Webhooks).
 *
 * Size: Meta documents that "webhooks payloads can be up to 3MB" (Cloud API, Webhooks); we accept up to 3 MiB
 * (3,145,728 bytes, a little more than 3,000,000, so no real delivery is refused on a unit reading) and refuse
 * more with 413 before reading it.
 *
 * Depth: a real delivery nests about ten levels (entry → changes → value → messages → interactive → …); 64 is
 * far above that. A deeper body is refused with 400 before JSON.parse and before the database: nested ~1,500
 * levels, a jsonb value aborts the embedded database (PGlite's WASM runtime), and every later query fails.
 */
export const WEBHOOK_MAX_BYTES = 3 * 1024 * 1024;
export const WEBHOOK_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * The deepest nesting of objects and arrays in JSON text, counted over the raw bytes in one pass (no
 * recursion, no parse: a 100,000-level body costs a loop, never the stack). Brackets inside strings do not
 * count; UTF-8 continuation bytes are never ASCII, so scanning bytes is exact. It stops as soon as `limit` is
 * passed and answers limit + 1 then. Malformed JSON is left to JSON.parse.
 */
export function jsonDepth(bytes: Uint8Array, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && depth > 0) depth--;
  }
  return deepest;
}
