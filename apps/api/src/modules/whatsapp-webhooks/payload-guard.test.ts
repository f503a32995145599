import { describe, expect, it } from 'vitest';
import { jsonDepth, WEBHOOK_MAX_BYTES, WEBHOOK_MAX_DEPTH } from './payload-guard.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('the webhook payload guard', () => {
  it('counts the nesting of objects and arrays', () => {
    expect(jsonDepth(bytes('1'))).toBe(0);
    expect(jsonDepth(bytes('{}'))).toBe(1);
    expect(jsonDepth(bytes('{"a":[{"b":[]}],"c":{}}'))).toBe(4);
    expect(jsonDepth(bytes(nested(64)))).toBe(64);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth(bytes('{"t":"[[[{{{"}'))).toBe(1);
    expect(jsonDepth(bytes('{"t":"say \\"[[[\\" and \\\\","u":[1]}'))).toBe(2);
    expect(jsonDepth(bytes('{"t":"مرحبا [ 👍"}'))).toBe(1);
  });

  it('stops past the limit, and a 100,000-level body costs a loop, not the stack', () => {
    expect(jsonDepth(bytes(nested(65)), WEBHOOK_MAX_DEPTH)).toBe(65);
    const hostile = bytes(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(jsonDepth(hostile)).toBe(100_000);
    expect(jsonDepth(hostile, WEBHOOK_MAX_DEPTH)).toBe(WEBHOOK_MAX_DEPTH + 1);
  });

  it("allows Meta's documented 3 MB", () => {
    expect(WEBHOOK_MAX_BYTES).toBeGreaterThanOrEqual(3_000_000);
  });
});
