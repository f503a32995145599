import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesService, type FilesService } from './files.service.ts';
import { createLocalStorage } from './storage.ts';

describe('property images: accepted only when the whole file is the image', () => {
  let dir: string;
  let files: FilesService;
  let photo: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'posada-images-'));
    files = createFilesService({ storage: createLocalStorage(dir) });
    photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#16a085' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const stored = async () => readdir(path.join(dir, 'files')).catch(() => []);

  it('stores a photo that decodes, with its thumbnail', async () => {
    const result = await files.saveImage(photo);
    expect(result.ok).toBe(true);
    expect(await stored()).toHaveLength(2);
  });

  it('copies a stored photo under new names: removing the copy keeps the original', async () => {
    const saved = await files.saveImage(photo);
    if (!saved.ok) throw new Error('not stored');
    const copy = await files.copyImage(saved.image);
    expect(copy.fileName).not.toBe(saved.image.fileName);
    expect(copy.thumbName).not.toBe(saved.image.thumbName);
    expect((await files.read(copy.fileName)).bytes.equals(photo)).toBe(true);
    await files.remove([copy.fileName, copy.thumbName]);
    expect((await files.read(saved.image.fileName)).bytes.equals(photo)).toBe(true);
    await files.remove([saved.image.fileName, saved.image.thumbName]);
  });

  it('refuses a truncated photo, a photo with an archive appended and a GIF with a script appended', async () => {
    const before = await stored();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const bytes of [
      photo.subarray(0, photo.length - 200),
      Buffer.concat([photo, Buffer.from('PK\x03\x04 archive', 'latin1')]),
      Buffer.concat([gif, Buffer.from('/*/alert(1)//', 'latin1')]),
    ]) {
      expect(await files.saveImage(bytes)).toEqual({ ok: false, reason: 'type' });
    }
    expect(await stored()).toEqual(before);
    expect((await files.saveImage(gif)).ok).toBe(true);
  });
});
