import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './intl.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one date format per language (issue 13)', () => {
  it('shows a moment as day, short month, year and time, with Latin digits in Arabic', () => {
    const instant = '2026-10-28T08:15:00Z';
    expect(formatDateTime(instant, 'es', 'UTC')).toBe('28 oct 2026, 08:15');
    expect(formatDateTime(instant, 'en', 'UTC')).toBe('28 Oct 2026, 08:15');
    expect(formatDateTime(instant, 'ar', 'UTC')).toMatch(/^28 أكتوبر 2026/);
  });

  it("leaves no operator screen on the browser's own numeric date styles (2026/10/28 in Arabic)", () => {
    // The platform admin keeps its own formats (features/admin/lib/format.ts).
    const offenders = sources(src)
      .filter((file) => !file.includes(`${path.sep}admin${path.sep}`))
      .filter((file) => /dateStyle|toLocaleDateString|toLocaleString\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
