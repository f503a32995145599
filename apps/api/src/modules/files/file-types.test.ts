import { describe, expect, it } from 'vitest';
import { detectImageType, svgVerdict } from './file-types.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('image types by content', () => {
  it('recognises PNG, JPEG and GIF by their magic bytes', () => {
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(detectImageType(bytes('GIF89a...'))).toBe('gif');
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectImageType(bytes('MZ executable'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it('recognises SVG text, with a BOM, XML prolog or comment first', () => {
    expect(svgVerdict(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(svgVerdict(bytes('\uFEFF  <?xml version="1.0"?><svg/>'))).toBe('svg');
    expect(svgVerdict(bytes('<!-- logo --><svg/>'))).toBe('svg');
    expect(svgVerdict(bytes('<?xml version="1.0"?><html/>'))).toBe('not_svg');
    expect(svgVerdict(bytes('<html><svg/></html>'))).toBe('not_svg');
  });

  it('calls unsafe any SVG that could run code', () => {
    for (const text of [
      '<svg><SCRIPT>x</SCRIPT></svg>',
      '<svg onload="x()"/>',
      '<svg><g onclick = "x()"/></svg>',
      '<svg><a xlink:href="javascript:x()"/></svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg/>',
    ]) {
      expect(svgVerdict(bytes(text)), text).toBe('unsafe');
      expect(detectImageType(bytes(text))).toBeNull();
    }
    // A word that merely starts with "on" inside text is not an attribute.
    expect(svgVerdict(bytes('<svg><text>online</text></svg>'))).toBe('svg');
  });
});
