import { PROPERTY_IMAGE_MAX_BYTES } from '@posada/contracts/property-rooms';
import { decodesFully, rasteriseSvg } from './decode.ts';
import {
  detectImageType,
  type ImageType,
  imageContentTypes,
  imageExtensions,
  svgVerdict,
} from './file-types.ts';
import { filesErrors } from './files.errors.ts';
import type { FileStorage } from './storage.ts';
import { makeThumbnail } from './thumbnails.ts';

/** spec 5: logo PNG, JPG or SVG, maximum 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const logoTypes: ImageType[] = ['png', 'jpeg', 'svg'];
const propertyImageTypes: ImageType[] = ['jpeg', 'png', 'gif'];

export type StoredImage = { fileName: string; thumbName: string | null; mime: string; bytes: number };
export type ImageVerdict = { ok: true; image: StoredImage } | { ok: false; reason: 'type' | 'size' };

const contentTypeByExtension: Record<string, string> = Object.fromEntries(
  (Object.keys(imageExtensions) as ImageType[]).map((t) => [imageExtensions[t], imageContentTypes[t]]),
);

export type FilesService = ReturnType<typeof createFilesService>;

const FILES_PREFIX = '/api/files/';

export function fileUrl(name: string): string {
  return `${FILES_PREFIX}${name}`;
}

export function createFilesService(deps: { storage: FileStorage }) {
  return {
    /**
     * Checks a logo by its bytes and stores it; answers the public URL. PNG and JPEG must decode completely;
     * an SVG must be free of scripts and outside references, and is stored as the PNG it renders to.
     */
    async saveLogo(bytes: Uint8Array): Promise<{ url: string }> {
      if (bytes.length > LOGO_MAX_BYTES) throw filesErrors.logoTooLarge();
      const type = detectImageType(bytes);
      if (!type) throw svgVerdict(bytes) === 'unsafe' ? filesErrors.svgUnsafe() : filesErrors.logoType();
      if (!logoTypes.includes(type)) throw filesErrors.logoType();
      // An SVG is kept as the PNG it draws: no SVG markup is ever served back (docs/decisions.md).
      if (type === 'svg') {
        const png = await rasteriseSvg(bytes);
        if (!png) throw filesErrors.damaged();
        return { url: fileUrl(await deps.storage.put(png, imageExtensions.png)) };
      }
      if (!(await decodesFully(bytes, type))) throw filesErrors.damaged();
      const name = await deps.storage.put(bytes, imageExtensions[type]);
      return { url: fileUrl(name) };
    },

    /**
     * Whether `url` is what the logo upload answers for a file that is stored: `/api/files/<name>` with a
     * logo type (PNG, JPG or SVG). Anything else (another site, a path, a name never stored) is not.
     */
    async isStoredLogoUrl(url: string): Promise<boolean> {
      if (!url.startsWith(FILES_PREFIX)) return false;
      const name = url.slice(FILES_PREFIX.length);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      if (!logoTypes.some((t) => imageExtensions[t] === extension)) return false;
      return deps.storage.exists(name);
    },

    /**
     * Checks a property image by its bytes (JPEG, PNG or GIF that decodes, at most 30 MB) and stores it with
     * a thumbnail. Answers the reason when it is refused; nothing is stored then.
     */
    async saveImage(bytes: Uint8Array): Promise<ImageVerdict> {
      if (bytes.length > PROPERTY_IMAGE_MAX_BYTES) return { ok: false, reason: 'size' };
      const type = detectImageType(bytes);
      if (!type || !propertyImageTypes.includes(type)) return { ok: false, reason: 'type' };
      if (!(await decodesFully(bytes, type))) return { ok: false, reason: 'type' };
      const thumb = await makeThumbnail(bytes, type);
      if (!thumb) return { ok: false, reason: 'type' };
      const fileName = await deps.storage.put(bytes, imageExtensions[type]);
      const thumbName = await deps.storage.put(thumb.bytes, thumb.extension);
      return {
        ok: true,
        image: { fileName, thumbName, mime: imageContentTypes[type], bytes: bytes.length },
      };
    },

    /**
     * A second stored copy of an image already checked by saveImage (new names, same bytes): one owner
     * removing its files never takes another's (the demo seed copies its photos to each demo account).
     */
    async copyImage(image: StoredImage): Promise<StoredImage> {
      const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);
      const copy = async (name: string) => {
        const bytes = await deps.storage.get(name);
        if (!bytes) throw filesErrors.notFound();
        return deps.storage.put(bytes, extensionOf(name));
      };
      return {
        ...image,
        fileName: await copy(image.fileName),
        thumbName: image.thumbName ? await copy(image.thumbName) : null,
      };
    },

    /** Removes stored files (names that were never stored are ignored). */
    async remove(names: (string | null)[]): Promise<void> {
      for (const name of names) if (name) await deps.storage.remove(name);
    },

    /** A stored file and its content type, or 404. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string }> {
      const bytes = await deps.storage.get(name);
      const contentType = contentTypeByExtension[name.slice(name.lastIndexOf('.') + 1)];
      if (!bytes || !contentType) throw filesErrors.notFound();
      return { bytes, contentType };
    },
  };
}
