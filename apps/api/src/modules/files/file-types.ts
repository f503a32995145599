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
 * An SVG is text that starts with `<svg` or `<?xml` (after a BOM, whitespace or comments) and contains
 * `<svg`. It is refused when it could run code in a browser that opens it: scripts, event handlers,
 * javascript: links, foreign HTML or entity declarations.
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
  if (
    /<script/i.test(text) ||
    /\son\w+\s*=/i.test(text) ||
    /javascript\s*:/i.test(text) ||
    /<foreignobject/i.test(text) ||
    /<!entity/i.test(text)
  ) {
    return 'unsafe';
  }
  return 'svg';
}

/** The image type of `bytes`, or null when it is none of the accepted ones or an unsafe SVG. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  return svgVerdict(bytes) === 'svg' ? 'svg' : null;
}
