import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/** Translates an i18n key (namespace-qualified, e.g. 'common:validation.required') with params. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The parts of a zod issue the message mapping reads. */
export interface IssueLike {
  code: string;
  message: string;
  path: PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
}

/** Contract messages are keys ('validation.required', 'auth.passwords_mismatch'); the server uses the same. */
const MESSAGE_KEY = /^[a-z_]+\.[a-z_.]+$/;

/**
 * Where a contract message key lives in the web locales: 'validation.x' → common:validation.x,
 * '<feature>.x' → <feature>:validation.x (each feature namespace keeps its own validation texts).
 */
export function messageKeyToI18n(key: string): string {
  const dot = key.indexOf('.');
  const ns = key.slice(0, dot);
  const rest = key.slice(dot + 1);
  return ns === 'validation' ? `common:validation.${rest}` : `${ns}:validation.${rest}`;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The i18n key and params for one issue, mirroring the API's mapping so both sides say the same thing. */
export function issueToMessage(
  issue: IssueLike,
  value: unknown,
): { key: string; params?: Record<string, unknown> } {
  // An empty field says "required", whatever rule it broke first.
  if (isBlank(value) && issue.code !== 'custom') return { key: 'common:validation.required' };
  const minimum = Number(issue.minimum ?? 0);
  const maximum = Number(issue.maximum ?? 0);
  if (issue.message === 'validation.too_short')
    return { key: 'common:validation.min_length', params: { minimum } };
  if (issue.message === 'validation.too_long')
    return { key: 'common:validation.max_length', params: { maximum } };
  if (MESSAGE_KEY.test(issue.message)) return { key: messageKeyToI18n(issue.message) };
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'common:validation.min_length', params: { minimum } }
        : { key: 'common:validation.too_small', params: { minimum } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'common:validation.max_length', params: { maximum } }
        : { key: 'common:validation.too_big', params: { maximum } };
    case 'invalid_format':
      return {
        key: issue.format === 'email' ? 'common:validation.invalid_email' : 'common:validation.invalid',
      };
    case 'invalid_value':
      return { key: 'common:validation.invalid_option' };
    default:
      return { key: 'common:validation.invalid' };
  }
}

function valueAt(values: unknown, path: PropertyKey[]): unknown {
  let current: unknown = values;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** The first translated message per field for a failed parse (flat forms: the top-level field name). */
export function issuesToFieldMessages(
  issues: readonly IssueLike[],
  values: unknown,
  translate: Translate,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    if (field in messages) continue;
    const { key, params } = issueToMessage(issue, valueAt(values, issue.path));
    messages[field] = translate(key, params);
  }
  return messages;
}

/** A react-hook-form resolver for a contract schema whose messages come out translated. */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  translate: Translate,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const messages = issuesToFieldMessages(result.error.issues as IssueLike[], values, translate);
    const errors = Object.fromEntries(
      Object.entries(messages).map(([field, message]) => [field, { type: 'validation', message }]),
    ) as FieldErrors<z.input<S>>;
    return { values: {}, errors };
  };
}

/**
 * Splits an API error's field errors into those the form shows under its own fields and the rest,
 * which the page shows in an alert with the envelope's message.
 */
export function splitServerErrors(
  errors: Record<string, string[]> | undefined,
  formFields: readonly string[],
): { fields: Array<[field: string, message: string]>; other: string[] } {
  const fields: Array<[string, string]> = [];
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const message = messages.find(Boolean);
    if (!message) continue;
    if (formFields.includes(field)) fields.push([field, message]);
    else other.push(message);
  }
  return { fields, other };
}

interface ApiErrorLike {
  message: string;
  errors?: Record<string, string[]>;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return error instanceof Error && 'errors' in error;
}

/**
 * Puts the server's field errors under the form's fields (focusing the first) and returns the
 * message the page should show above the form, or null when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  fallback: string,
): string | null {
  if (!isApiErrorLike(error)) return error instanceof Error && error.message ? error.message : fallback;
  const { fields, other } = splitServerErrors(error.errors, formFields);
  fields.forEach(([field, message], index) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  if (fields.length > 0 && other.length === 0) return null;
  return other.length > 0 ? other.join(' ') : error.message || fallback;
}
