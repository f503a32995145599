import { detectImageType, type ImageType, imageContentTypes, imageExtensions } from './file-types.ts';
import { filesErrors } from './files.errors.ts';
import type { FileStorage } from './storage.ts';

/** spec 5: logo PNG, JPG or SVG, maximum 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const logoTypes: ImageType[] = ['png', 'jpeg', 'svg'];

const contentTypeByExtension: Record<string, string> = Object.fromEntries(
  (Object.keys(imageExtensions) as ImageType[]).map((t) => [imageExtensions[t], imageContentTypes[t]]),
);

export type FilesService = ReturnType<typeof createFilesService>;

export function fileUrl(name: string): string {
  return `/api/files/${name}`;
}

export function createFilesService(deps: { storage: FileStorage }) {
  return {
    /** Checks a logo by its bytes and stores it; answers the public URL. */
    async saveLogo(bytes: Uint8Array): Promise<{ url: string }> {
      if (bytes.length > LOGO_MAX_BYTES) throw filesErrors.logoTooLarge();
      const type = detectImageType(bytes);
      if (!type || !logoTypes.includes(type)) throw filesErrors.logoType();
      const name = await deps.storage.put(bytes, imageExtensions[type]);
      return { url: fileUrl(name) };
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
