// Helpers of the generated hostile-input suite: walk a route's zod schemas, and generate inputs from them.
import { inputRules } from '@posada/contracts/primitives';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { preparedQuery } from './prepared-query.ts';

// Zod 4 keeps each schema's definition on `_zod.def`; the walk reads only the fields it needs.
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  getter?: () => Schema;
}
interface CheckDef {
  check: string;
  value?: number | bigint;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  format?: string;
  pattern?: RegExp;
}
type Schema = z.ZodType & { _zod: { def: Def } };

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;

/**
 * The paths of every string schema reachable from `schema` (as input) that did not come from the shared
 * text rule of @posada/contracts/primitives, e.g. ['body.notes', 'params.id'].
 */
export function unruledStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, childPath = path) => unruledStrings(child, childPath, seen);
  switch (def.type) {
    case 'string':
      return inputRules.get(schema as z.ZodType) ? [] : [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, `${path}.${key}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, `${path}[${i}]`)), ...walk(def.rest)];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'pipe':
      return walk(def.in);
    case 'lazy':
      return def.getter ? walk(def.getter()) : [];
    default:
      return def.innerType ? walk(def.innerType) : [];
  }
}

/** Values no contract should let through: control characters, huge, impossible, or of the wrong type. */
const MEGABYTE = 'a'.repeat(1024 * 1024);
const controlStrings = ['\u0000', 'Casa\u0000Rural', 'línea\u0007\u001b[31m', '\u0085\u009f', '\ud800'];
const impossibleDates = ['2026-02-30', '2026-13-45', '0000-00-00', '9999-12-31', '1899-12-31'];
export const hostileStrings = [
  ...controlStrings,
  ...impossibleDates,
  'ﻣﺮﺣﺒﺎ بكم في الفندق',
  '\u202eoiranecse',
  '😀👍🏽👨‍👩‍👧‍🦳',
  'e\u0301',
  "'; DROP TABLE bookings; --",
  '   ',
  '',
  // Last: the path parameters leave it out.
  MEGABYTE,
];
const hostileNumbers = [
  -1,
  0,
  -2_147_483_649,
  2_147_483_648,
  1e308,
  -1e308,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
];
const hostileScalar = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
/** A wrong-typed value: a scalar where an object is expected, an array for an object, and so on. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__', 'constructor'), hostileScalar),
  },
);

/** Stay-like dates around the tests' clock (2026-11-20), so a fair share of ranges are bookable. */
const isoDateArb = fc
  .integer({ min: -30, max: 120 })
  .map((days) => new Date(Date.UTC(2026, 10, 20 + days)).toISOString().slice(0, 10));
const sampleText = fc.constantFrom(
  'Casa Rural Las Encinas',
  'Ático 5ºA',
  'فندق النخيل',
  'Villa 😀 del Mar',
  'x',
);

export interface GenerateOptions {
  /** Real ids of the caller's own resources for a field name (property_id, booking_id…), if any. */
  idsFor(key: string): string[];
}

function stringArbitrary(schema: Schema, key: string, options: GenerateOptions): fc.Arbitrary<string> {
  const def = defOf(schema);
  const rule = inputRules.get(schema)?.inputRule;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const format = def.format ?? checks.find((c) => c.check === 'string_format')?.format;
  const pattern = def.pattern ?? checks.find((c) => c.format === 'regex')?.pattern;
  const max = Math.min(40, ...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? 40));
  const min = Math.min(
    max,
    Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0)),
  );
  const ids = options.idsFor(key);
  if (ids.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, fc.uuid());
  if (rule === 'date' || /date|^day$|^from$|^to$|arrival|departure/.test(key)) return isoDateArb;
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'email' || /email/.test(key)) return fc.emailAddress().filter((e) => e.length <= 254);
  if (pattern) return fc.stringMatching(pattern);
  if (/phone|whatsapp/.test(key)) return fc.constantFrom('+34612345678', '612 345 678', '+57 300 1234567');
  return fc.oneof(
    sampleText.filter((v) => v.length >= min && v.length <= max),
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const low = checks.find((c) => c.check === 'greater_than')?.value;
  const high = checks.find((c) => c.check === 'less_than')?.value;
  const min = typeof low === 'number' ? Math.max(low, -1_000_000) : 0;
  const max = typeof high === 'number' ? Math.min(high, 1_000_000) : 1_000_000;
  return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
}

/** Values of the schema's own shape, as a well-behaved client would send them. */
export function validFor(schema: unknown, options: GenerateOptions, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (inner: unknown, childKey = key) => validFor(inner, options, childKey);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema as Schema, key, options);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...((def.values?.length ? def.values : ['x']) as unknown[]));
    case 'object': {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [name, inner] of Object.entries(def.shape ?? {})) {
        record[name] = child(inner, name);
        const innerType = defOf(inner).type;
        if (innerType !== 'optional' && innerType !== 'default' && innerType !== 'prefault')
          required.push(name);
      }
      return fc.record(record, { requiredKeys: required });
    }
    case 'array':
      return fc.array(child(def.element), { maxLength: 2 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => child(item)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), child(def.valueType), { maxKeys: 2 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => child(option)));
    case 'intersection':
      return child(def.left);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(child(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(child(def.innerType), { nil: null, freq: 3 });
    case 'pipe':
      return child(def.in);
    case 'lazy':
      return def.getter ? child(def.getter()) : fc.constant(null);
    default:
      return def.innerType ? child(def.innerType) : fc.constant(null);
  }
}

/** Every place in a value a mutation can hit: the value itself, each property and each array item. */
function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const places = [path];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places.push(...placesIn(item, [...path, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) places.push(...placesIn(v, [...path, k]));
  }
  return places;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/** A replacement for a string field: mostly control characters, then impossible dates, then the rest. */
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...controlStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...impossibleDates) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: hostileValue },
);
const hostileNumber = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) }, hostileValue);

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

/**
 * Inputs for `schema`: a well-formed value with one place replaced by a hostile one (a string field gets
 * NUL or another control character, an impossible date, a 1 MB string…; a number gets a huge or negative
 * one; anything may get the wrong type, an array for an object), so the hostile value is the only thing
 * wrong and the request gets as deep as the server lets it. One in eight is left intact.
 */
export function arbitraryFor(schema: unknown, options: GenerateOptions): fc.Arbitrary<unknown> {
  return fc
    .tuple(validFor(schema, options), fc.nat(), fc.integer({ min: 0, max: 7 }))
    .chain(([value, pick, intact]) => {
      if (intact === 0) return fc.constant(value);
      const places = placesIn(value);
      // Mostly the leaves: a hostile field inside an otherwise valid body reaches the service.
      const leaves = places.filter((p) => p.length > 0);
      const pool = leaves.length > 0 && pick % 6 !== 0 ? leaves : places;
      const path = pool[pick % pool.length] as (string | number)[];
      const current = valueAt(value, path);
      const replacement =
        typeof current === 'string'
          ? hostileString
          : typeof current === 'number'
            ? hostileNumber
            : hostileValue;
      return replacement.map((hostile) => replaceAt(value, path, hostile));
    });
}

/** Percent-encodes the UTF-8 bytes of a value; a lone surrogate goes as U+FFFD (what a client would send). */
export function encodeBytes(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** A generated query-string value as a query string: repeated keys for arrays, JSON for objects. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `q=${encodeBytes(asText(value))}`;
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      pairs.push(`${encodeBytes(k)}=${encodeBytes(asText(item))}`);
  }
  return pairs.join('&');
}

/** A URL carries at most 16 KB of any one value: longer ones only slow the run, the limits are far below. */
export const asText = (v: unknown) =>
  (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)).slice(0, 16_384);

/** Columns written by every authenticated request whatever it answers (the sign-in check's last use). */
const volatileColumns: Record<string, string[]> = { sessions: ['last_used_at'] };

/** Per table of the app's schema (`public`; pg-boss has its own): row count and a hash of the rows. */
export type TableFingerprints = Record<string, string>;

const fingerprintSql = new WeakMap<object, string>();

/**
 * Row count and an order-independent hash of every row, per table, in one query. Cheaper than sorting
 * and digesting the rows (the suite takes one after each of its ~900 requests); equal fingerprints mean
 * no row was added, removed or changed, up to a 64-bit hash collision.
 */
export async function tableFingerprints(database: Database): Promise<TableFingerprints> {
  let sql = fingerprintSql.get(database);
  if (!sql) {
    const { rows } = await database.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    sql = rows
      .map(({ table_name: name }) => {
        const drop = (volatileColumns[name] ?? []).map((c) => ` - '${c}'`).join('');
        const row = drop ? `(to_jsonb(t)${drop})::text` : 't::text';
        return `SELECT '${name}' AS name, count(*)::int AS n,
          coalesce(sum(hashtextextended(${row}, 0)::numeric), 0)::text AS h FROM public."${name}" t`;
      })
      .join('\nUNION ALL\n');
    fingerprintSql.set(database, sql);
  }
  const rows = await preparedQuery<{ name: string; n: number; h: string }>(database, sql);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}
