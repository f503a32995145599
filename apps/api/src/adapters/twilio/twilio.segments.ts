/**
 * SMS encoding and segments (sms-twilio.md §5): GSM-7 holds 160 septets in one segment and 153 per segment
 * when concatenated; one character outside GSM 03.38 switches the whole message to UCS-2, 70 UTF-16 units
 * or 67 per segment. A character of the extension table costs two septets (ESC + code); neither an
 * ESC pair nor a surrogate pair is split across two segments.
 */

/** GSM 03.38 basic table, in code order (0x1B, the escape, left out). Has ñ Ñ é É è ù ì ò à ü Ü ¿ ¡; not á í ó ú ç. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: form feed ^ { } \ [ ~ ] | €, two septets each. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  segments: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
}

/** Septets of one character in GSM-7, or 0 when it has none. */
export function gsm7Septets(char: string): 0 | 1 | 2 {
  if (BASIC.has(char)) return 1;
  if (EXTENSION.has(char)) return 2;
  return 0;
}

export const isGsm7 = (text: string) => [...text].every((c) => gsm7Septets(c) > 0);

/** Look-alikes Twilio's SmartEncoded=true replaces with GSM-7 characters (quotes, dashes, spaces…). */
const SMART: Readonly<Record<string, string>> = {
  '\u00ab': '"',
  '\u00bb': '"',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u02ba': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': ',',
  '\u201b': "'",
  '\u02bc': "'",
  '\u00b4': "'",
  '`': "'",
  '\u2032': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '-',
  '\u2039': '<',
  '\u203a': '>',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2028': ' ',
  '\u2029': ' ',
  '\u3000': ' ',
  '\u200b': '',
  '\u2060': '',
  '\ufeff': '',
  '\u00f7': '/',
  '\u2044': '/',
  '\u00bc': '1/4',
  '\u00bd': '1/2',
  '\u00be': '3/4',
};

/** The text after Twilio's Smart Encoding: only look-alikes change; á, emoji and other scripts stay. */
export function smartEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (SMART[char] !== undefined) out += SMART[char];
    // Fullwidth ASCII (！ to ～) → ASCII.
    else if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else out += char;
  }
  return out;
}

/** Packs characters of the given costs into segments of `perSegment` without splitting one. */
function pack(costs: number[], perSegment: number): number {
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > perSegment) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return segments;
}

/** Encoding and segment count of an SMS body, as Twilio bills it (`num_segments`). */
export function smsSegments(text: string, opts: { smartEncoded?: boolean } = {}): SegmentCount {
  const body = opts.smartEncoded ? smartEncode(text) : text;
  const chars = [...body];
  if (chars.every((c) => gsm7Septets(c) > 0)) {
    const costs = chars.map(gsm7Septets);
    const units = costs.reduce<number>((sum, n) => sum + n, 0);
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : pack(costs, 153) };
  }
  const costs = chars.map((c) => c.length);
  const units = body.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : pack(costs, 67) };
}
