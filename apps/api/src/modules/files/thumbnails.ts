import sharp from 'sharp';
import type { ImageType } from './file-types.ts';

/** Longest side of a thumbnail, in pixels. */
export const THUMB_SIZE = 480;

/**
 * A thumbnail of a JPEG, PNG or GIF (first frame), at most THUMB_SIZE on its longest side, rotated by
 * its EXIF orientation. JPEG stays JPEG; PNG and GIF become PNG. Null when the bytes do not decode
 * as an image (magic bytes right, content broken).
 */
export async function makeThumbnail(
  bytes: Uint8Array,
  type: ImageType,
): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' } | null> {
  try {
    const pipeline = sharp(bytes, { animated: false, limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true });
    if (type === 'jpeg') return { bytes: await pipeline.jpeg({ quality: 80 }).toBuffer(), extension: 'jpg' };
    return { bytes: await pipeline.png().toBuffer(), extension: 'png' };
  } catch {
    return null;
  }
}
