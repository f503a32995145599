import sharp from 'sharp';
import { detectImageType, endsCleanly, type ImageType } from './file-types.ts';

/** Images larger than this many pixels are refused before decoding (a small file can claim a huge canvas). */
const MAX_PIXELS = 100_000_000;

/** Longest side of a rasterised SVG logo, in pixels: sharp on a retina screen at the sizes the app shows. */
export const SVG_RASTER_SIZE = 512;

/**
 * Whether a PNG, JPEG or GIF decodes completely: every row read, no decoder warning (a truncated JPEG
 * only warns), nothing after the image's end. Decoded into a tiny thumbnail so memory stays small.
 */
export async function decodesFully(bytes: Uint8Array, type: ImageType): Promise<boolean> {
  if (type === 'svg' || !endsCleanly(bytes, type)) return false;
  try {
    await sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_PIXELS, animated: type === 'gif' })
      .resize(16, 16, { fit: 'inside' })
      .png()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * An SVG drawn into a PNG at most SVG_RASTER_SIZE on its longest side, or null when it does not render
 * (malformed XML, truncated). The renderer (librsvg in sharp) loads nothing outside the bytes it is given.
 */
export async function rasteriseSvg(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    const { width, height } = await sharp(bytes, { failOn: 'warning' }).metadata();
    if (!width || !height) return null;
    // SVG renders at 72 dpi by default; scale the density so the longest side reaches SVG_RASTER_SIZE.
    const density = Math.min(2400, Math.max(1, (72 * SVG_RASTER_SIZE) / Math.max(width, height)));
    return await sharp(bytes, { density, failOn: 'warning', limitInputPixels: MAX_PIXELS })
      .resize(SVG_RASTER_SIZE, SVG_RASTER_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

const PNG_DATA_URL = 'data:image/png;base64,';

/** Whether a drawn signature is a PNG data URL whose bytes decode completely (the guest form sends one). */
export async function isPngDataUrl(value: string): Promise<boolean> {
  if (!value.startsWith(PNG_DATA_URL)) return false;
  const base64 = value.slice(PNG_DATA_URL.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return false;
  const bytes = Buffer.from(base64, 'base64');
  return detectImageType(bytes) === 'png' && decodesFully(bytes, 'png');
}
