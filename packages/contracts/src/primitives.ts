import { isIsoDate } from '@posada/domain/booking-rules';
import { z } from 'zod';

/**
 * The one input rule every contract uses for text and dates (issue 11 "Input hygiene at the edge, once").
 * Text: no NUL or other control character (C0, DEL, C1; tab and line breaks only in multi-line fields),
 * well-formed Unicode, normalised to NFC, a maximum length. Dates: real calendar dates in a sane range.
 * PostgreSQL refuses NUL in text and dates it cannot hold, so nothing the database would reject passes.
 *
 * Every schema built here is registered in `inputRules`; the registry inherits through `.trim()`,
 * `.min()`, `.refine()` and the other checks, so the generated hostile-input test walks each route's
 * body, query string and params and fails on any string schema that did not come from here.
 */
export const inputRules = z.registry<{ inputRule: 'text' | 'date' }>();

/** Single-line default; multi-line (descriptions, messages) default. */
export const TEXT_MAX = 255;
export const MULTILINE_MAX = 5000;
/** Dates outside this range are refused: no stay, birth or document date needs them. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/** C0 controls, DEL and C1 controls; tab, line feed and carriage return only in multi-line text. */
function isControl(code: number, multiline: boolean): boolean {
  if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) return false;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Whether a value holds a control character or a lone UTF-16 surrogate (not valid Unicode, not storable). */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code, multiline)) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

export interface TextOptions {
  /** Maximum length after trimming and normalisation (default TEXT_MAX, or MULTILINE_MAX when multiline). */
  max?: number;
  /** Allows tab, line feed and carriage return. */
  multiline?: boolean;
  /** Trims surrounding white space before the other checks. */
  trim?: boolean;
  /** NFC normalisation; off only where the exact code points matter (passwords, opaque tokens). */
  normalize?: boolean;
}

/** A text field under the shared rule; chain `.min()`, `.email()`, `.uuid()`, `.regex()` as usual. */
export function text(options: TextOptions = {}) {
  const { multiline = false, trim = false, normalize = true } = options;
  const max = options.max ?? (multiline ? MULTILINE_MAX : TEXT_MAX);
  let schema = z.string();
  if (trim) schema = schema.trim();
  schema = schema.refine((v) => !hasControlCharacters(v, multiline), {
    message: 'validation.control_characters',
    abort: true,
  });
  if (normalize) schema = schema.normalize('NFC');
  return schema.max(max).register(inputRules, { inputRule: 'text' });
}

/** Multi-line text (descriptions, notes, messages): tab and line breaks allowed. */
export const multilineText = (max = MULTILINE_MAX, options: Omit<TextOptions, 'max' | 'multiline'> = {}) =>
  text({ ...options, max, multiline: true });

/** An id in a path, query string or body: a UUID under the text rule. */
export const uuid = (message?: string) => text({ max: 36 }).uuid(message);

/** An id that is not necessarily a UUID (the service answers 404 for an unknown one). */
export const idText = (max = 64) => text({ max, trim: true });

export const email = (max = 254) => text({ max, trim: true }).email('validation.invalid_email');

/** YYYY-MM-DD that is a real calendar date between DATE_MIN and DATE_MAX. */
export function isCalendarDate(value: string): boolean {
  return isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;
}

/** A calendar date (see isCalendarDate); `message` is the key answered for anything else. */
export function isoDate(message = 'validation.invalid_date') {
  return z
    .string()
    .refine((v) => !hasControlCharacters(v), { message: 'validation.control_characters', abort: true })
    .refine(isCalendarDate, { message, abort: true })
    .register(inputRules, { inputRule: 'date' });
}

/** A date field of a form that may be left empty (''): the service decides whether it is required. */
export function isoDateOrEmpty(message = 'validation.invalid_date') {
  return text({ max: 10, trim: true })
    .refine((v) => v === '' || isCalendarDate(v), { message, abort: true })
    .register(inputRules, { inputRule: 'date' });
}

/** Whether a string schema came from this module (the hostile-input test's static check). */
export function isRuledString(schema: z.ZodType): boolean {
  return inputRules.get(schema) !== undefined;
}

/**
 * A request body the client may leave out: no body at all (Fastify validates it as null) or an empty JSON
 * body reads as `{}`, so the schema's own defaults apply.
 */
export const optionalBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === undefined ? {} : value), schema);

/**
 * An http(s) address a URL parser takes whole: `https://…` with a host, no spaces, and nothing a parser
 * refuses later (a host like `127.0.0.1%2509`), so a malformed address is a field error, never a 500.
 */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value);
}

/** An http(s) address or nothing (issue 27): whatever is typed must parse whole as a URL, else a 400. */
export const optionalHttpUrl = (max = 500) =>
  text({ max, trim: true }).refine((v) => v === '' || isHttpUrl(v), 'validation.url');
