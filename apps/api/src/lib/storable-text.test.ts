import { describe, expect, it } from 'vitest';
import { storableJson, storableText } from './storable-text.ts';

describe('text the database can store', () => {
  it('drops U+0000 and replaces lone surrogates with U+FFFD, keeping pairs, emoji and Arabic', () => {
    expect(storableText('Hola\u0000 mundo')).toBe('Hola mundo');
    expect(storableText('a\ud800b')).toBe('a\uFFFDb');
    expect(storableText('a\udc00')).toBe('a\uFFFD');
    expect(storableText('\ud83d')).toBe('\uFFFD');
    expect(storableText('👍🏽 مرحبا e\u0301')).toBe('👍🏽 مرحبا e\u0301');
    const clean = 'Nada que limpiar';
    expect(storableText(clean)).toBe(clean);
  });

  it('cleans every string and key of a JSON value, leaves the rest, and does not change the input', () => {
    const input = JSON.parse(
      '{"a\\u0000":"x\\u0000y","list":[1,"\\ud800",null,true,{"deep":"\\udfff"}],"n":2.5,"__proto__":{"k":"\\u0000"}}',
    );
    const out = storableJson(input);
    expect(JSON.stringify(out)).toBe(
      JSON.stringify({
        a: 'xy',
        list: [1, '\uFFFD', null, true, { deep: '\uFFFD' }],
        n: 2.5,
        ['__proto__']: { k: '' },
      }),
    );
    // "__proto__" stays a key: never the prototype.
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(input.list[1]).toBe('\ud800');
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'fondo\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let out = storableJson(deep);
    for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
    expect(out).toBe('fondo');
  });
});
