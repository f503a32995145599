/** Image types we accept, judged by content (magic bytes), never by the name or the declared type. */
export type ImageType = 'png' | 'jpeg' | 'svg' | 'gif';

export const imageContentTypes: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
};

export const imageExtensions: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', svg: 'svg', gif: 'gif' };

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * What makes an SVG unsafe to keep: anything that runs code (scripts, event handlers, animations that
 * rewrite a link), foreign HTML, entity declarations (expansion bombs), and any reference outside the file
 * (href or xlink:href to anything but a local #fragment or an embedded raster image, CSS url() to anything
 * but a #fragment, @import). Accepted SVGs are also rasterised to PNG (files.service.ts), so whatever these
 * patterns miss never reaches a browser as SVG.
 */
const unsafeSvgPatterns: RegExp[] = [
  /<script/i,
  /[\s/"']on[a-z]+\s*=/i,
  /javascript\s*:/i,
  /<foreignobject/i,
  /<!entity/i,
  /<(iframe|embed|object)\b/i,
  /attributename\s*=\s*["']?\s*(xlink:)?href/i,
  /href\s*=\s*(?!["']\s*(#|data:image\/(png|jpeg|gif);base64,))["']?/i,
  /url\(\s*(?!["']?\s*#)/i,
  /@import/i,
];

/**
 * An SVG is text that starts with `<svg` or `<?xml` (after a BOM, whitespace or comments) and contains
 * `<svg`. It is 'unsafe' when it matches any of the patterns above.
 */
export function svgVerdict(bytes: Uint8Array): 'svg' | 'unsafe' | 'not_svg' {
  if (bytes.includes(0)) return 'not_svg';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^(\s|<!--[\s\S]*?-->)*/, '')
    .toLowerCase();
  if (!(head.startsWith('<svg') || head.startsWith('<?xml'))) return 'not_svg';
  if (!head.includes('<svg')) return 'not_svg';
  return unsafeSvgPatterns.some((pattern) => pattern.test(text)) ? 'unsafe' : 'svg';
}

/**
 * Whether the container ends where the image ends: nothing may follow PNG's IEND chunk, JPEG's EOI marker
 * or GIF's trailer. Bytes appended after the image (an HTML page, a ZIP archive) make a polyglot file that
 * another program would read as something else.
 */
export function endsCleanly(bytes: Uint8Array, type: ImageType): boolean {
  const tail = (signature: number[]) =>
    bytes.length >= signature.length &&
    signature.every((b, i) => bytes[bytes.length - signature.length + i] === b);
  switch (type) {
    case 'png':
      return tail([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    case 'jpeg':
      return tail([0xff, 0xd9]);
    case 'gif':
      return tail([0x3b]);
    case 'svg':
      return true;
  }
}

/** The image type of `bytes` by its magic bytes, or null when it is none of the accepted ones or an unsafe SVG. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  return svgVerdict(bytes) === 'svg' ? 'svg' : null;
}
