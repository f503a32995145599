import { describe, expect, it } from 'vitest';
import { detectImageType, endsCleanly, svgVerdict } from './file-types.ts';

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
      // Outside references: links, images, stylesheets and fonts from elsewhere.
      '<svg><image href="https://evil.example/pixel.png"/></svg>',
      "<svg><use xlink:href = 'file:///etc/passwd#x'/></svg>",
      '<svg><a href=//evil.example>x</a></svg>',
      '<svg><style>@import "https://evil.example/x.css";</style></svg>',
      '<svg><rect style="fill: url(https://evil.example/x.svg#p)"/></svg>',
      '<svg><rect fill="url( \'other.svg#p\')"/></svg>',
      // Animations that rewrite a link, and HTML embedded some other way.
      '<svg><a><set attributeName="href" to="data:text/html,x"/></a></svg>',
      '<svg><iframe src="x"/></svg>',
      '<svg/onload=x()>',
    ]) {
      expect(svgVerdict(bytes(text)), text).toBe('unsafe');
      expect(detectImageType(bytes(text))).toBeNull();
    }
    // A word that merely starts with "on" inside text is not an attribute.
    expect(svgVerdict(bytes('<svg><text>online</text></svg>'))).toBe('svg');
    // Local fragments, gradients by id and embedded rasters stay inside the file.
    expect(
      svgVerdict(
        bytes(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
            '<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use xlink:href="#g"/>' +
            '<image href="data:image/png;base64,iVBORw0KGgo="/></svg>',
        ),
      ),
    ).toBe('svg');
  });

  it('knows whether the bytes end where the image ends', () => {
    const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...iend]);
    expect(endsCleanly(png, 'png')).toBe(true);
    expect(endsCleanly(new Uint8Array([...png, ...bytes('<html>')]), 'png')).toBe(false);
    expect(endsCleanly(png.slice(0, -1), 'png')).toBe(false);
    expect(endsCleanly(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'jpeg')).toBe(true);
    expect(endsCleanly(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0x50, 0x4b]), 'jpeg')).toBe(false);
    expect(endsCleanly(bytes('GIF89a;'), 'gif')).toBe(true);
    expect(endsCleanly(bytes('GIF89a;PK'), 'gif')).toBe(false);
  });
});
