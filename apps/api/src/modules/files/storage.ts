import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live: local disk by default, S3-compatible later (ARCHITECTURE §1 files). */
export interface FileStorage {
  /** Stores the bytes under a new random name with the given extension; answers the name. */
  put(bytes: Uint8Array, extension: string): Promise<string>;
  /** The stored bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Whether a file is stored under this name. */
  exists(name: string): Promise<boolean>;
  /** Removes a stored file; no error when it is already gone. */
  remove(name: string): Promise<void>;
}

/**
 * Stored names: 128 random bits in base64url plus a known extension. Nothing else is ever read. Images of
 * the app (png, jpg, svg, gif); guest messages' media (issue 17): webp, pdf, audio (ogg, mp3, m4a, aac, amr),
 * video (mp4, 3gp), text and office documents, and `bin` for any other type (served as a download).
 */
const storedName =
  /^[A-Za-z0-9_-]{22}\.(png|jpg|svg|gif|webp|pdf|ogg|mp3|m4a|aac|amr|mp4|3gp|txt|doc|docx|xls|xlsx|ppt|pptx|bin)$/;

export function isStoredName(name: string): boolean {
  return storedName.test(name);
}

/** Files under `${dataDir}/files`, created on first write. */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  return {
    async put(bytes, extension) {
      const name = `${randomBytes(16).toString('base64url')}.${extension}`;
      if (!isStoredName(name)) throw new Error(`unsupported extension ${extension}`);
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, name), bytes, { flag: 'wx' });
      return name;
    },
    async get(name) {
      // The pattern admits no separators or dots beyond the extension, so the path stays inside root.
      if (!isStoredName(name)) return null;
      try {
        return await readFile(path.join(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(name) {
      if (!isStoredName(name)) return false;
      try {
        return (await stat(path.join(root, name))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async remove(name) {
      if (!isStoredName(name)) return;
      await rm(path.join(root, name), { force: true });
    },
  };
}
