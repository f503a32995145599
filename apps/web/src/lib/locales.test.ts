import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      flatten(v, prefix ? `${prefix}.${k}` : k),
    );
  }
  return [prefix];
}

function keysOf(lng: string, ns: string): string[] {
  return flatten(JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8'))).sort();
}

describe('web translations', () => {
  const namespaces = readdirSync(path.join(localesDir, 'es')).map((f) => f.replace(/\.json$/, ''));

  it('lists every namespace for the language bundles of lib/i18n', () => {
    // lib/i18n reads import.meta.glob at import time, which only Vite provides; compare its source instead.
    const source = readFileSync(path.join(localesDir, '../lib/i18n.ts'), 'utf8');
    const listed = /export const namespaces = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    expect([...listed.matchAll(/'([\w-]+)'/g)].map((m) => m[1]).sort()).toEqual([...namespaces].sort());
  });

  it('has the same namespaces in es, en and ar', () => {
    for (const lng of ['en', 'ar']) {
      expect(
        readdirSync(path.join(localesDir, lng))
          .map((f) => f.replace(/\.json$/, ''))
          .sort(),
      ).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    it(`has every ${ns} key in en and ar, and no empty text`, () => {
      const es = keysOf('es', ns);
      expect(keysOf('en', ns)).toEqual(es);
      expect(keysOf('ar', ns)).toEqual(es);
      for (const lng of ['es', 'en', 'ar']) {
        const text = readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8');
        expect(text).not.toMatch(/:\s*""/);
      }
    });
  }
});
