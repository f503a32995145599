import sharp from 'sharp';
import type { FilesService, StoredImage } from '../modules/files/files.service.ts';

/** Demo rates per property name (spec 3 Rate: price with taxes included, minor units). */
export const demoRates: Record<
  string,
  { name: string; occupancy: number; price: number; roomType?: string }[]
> = {
  'Apartamento Sol de Triana': [{ name: 'Tarifa estándar', occupancy: 4, price: 9500 }],
  'Villa Mar Azul': [{ name: 'Tarifa estándar', occupancy: 8, price: 28000 }],
  'Apartamento Plaza Mayor': [{ name: 'Tarifa estándar', occupancy: 3, price: 7200 }],
  'Hotel Alameda Centro': [
    { name: 'Doble estándar', occupancy: 2, price: 12000, roomType: 'Doble estándar' },
    { name: 'Doble superior', occupancy: 3, price: 15000, roomType: 'Doble superior' },
    { name: 'Suite familiar', occupancy: 6, price: 22000, roomType: 'Suite familiar' },
  ],
};

/** Demo photos per property name: two gradient colours each (real JPEGs made at seed time). */
export const demoImages: Record<string, [string, string][]> = {
  'Apartamento Sol de Triana': [
    ['#f4a261', '#e76f51'],
    ['#2a9d8f', '#264653'],
  ],
  'Villa Mar Azul': [
    ['#48cae4', '#023e8a'],
    ['#90be6d', '#277da1'],
    ['#f9c74f', '#f3722c'],
  ],
  'Apartamento Plaza Mayor': [
    ['#e9c46a', '#bc6c25'],
    ['#dda15e', '#606c38'],
  ],
  'Hotel Alameda Centro': [
    ['#adb5bd', '#343a40'],
    ['#ffb4a2', '#6d6875'],
    ['#cdb4db', '#5a189a'],
  ],
};

/** Each colour pair is drawn once per process: every seed (and every test that seeds) reuses the bytes. */
const drawn = new Map<string, Promise<Buffer>>();

/** A 960×640 JPEG with a diagonal gradient: a stand-in photo that every browser can show. */
export function demoPhoto([from, to]: [string, string]): Promise<Buffer> {
  const key = `${from}${to}`;
  let photo = drawn.get(key);
  if (!photo) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="960" height="640" fill="url(#g)"/></svg>`;
    photo = sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    drawn.set(key, photo);
  }
  return photo;
}

export type DemoFiles = Pick<FilesService, 'saveImage' | 'copyImage'>;
/** Per files service (one storage), each colour pair's first stored photo. */
const firstStored = new WeakMap<DemoFiles, Map<string, Promise<StoredImage>>>();

/**
 * A demo photo stored for one account: checked and thumbnailed once per colour pair and storage (the
 * e2e server seeds dozens of demo accounts), then copied under new names for each further account.
 */
export async function storeDemoPhoto(files: DemoFiles, pair: [string, string]): Promise<StoredImage> {
  let byPair = firstStored.get(files);
  if (!byPair) {
    byPair = new Map();
    firstStored.set(files, byPair);
  }
  const key = pair.join('');
  const first = byPair.get(key);
  if (first) return files.copyImage(await first);
  const saving = demoPhoto(pair)
    .then((bytes) => files.saveImage(bytes))
    .then((verdict) => {
      if (!verdict.ok) throw new Error(`demo photo refused: ${verdict.reason}`);
      return verdict.image;
    });
  byPair.set(key, saving);
  return saving;
}
