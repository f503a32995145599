import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';

/** Test helpers of the guest check-in tests. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A guest the guest form accepts (spec 5), with `over` replacing fields. */
export const validGuest = (over: Record<string, unknown> = {}) => ({
  first_name: 'Lucía',
  last_name: 'Martínez Ruiz',
  gender: 'female',
  birth_date: '1990-02-03',
  phone: '+34 612 345 678',
  email: 'lucia@example.com',
  document_type: 'dni',
  document_number: '12345678Z',
  issue_date: '2020-01-01',
  expiry_date: '2030-01-01',
  support_number: 'ABC123456',
  nationality: 'ESP',
  country: 'ES',
  address: 'Calle Dato 10',
  city: 'Vitoria-Gasteiz',
  postal_code: '01001',
  residence_country: 'ES',
  minors: false,
  kinship: null,
  signature: TINY_PNG,
  arrival: '2026-11-20',
  departure: '2026-11-23',
  process: 'scanned',
  ...over,
});

/** The text drawn on the pages: pdf-lib writes standard-font text as hex strings in flate streams. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    let content: Buffer;
    try {
      content = inflateSync(obj.contents);
    } catch {
      continue;
    }
    for (const m of content.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      text += `${Buffer.from(m[1] as string, 'hex').toString('latin1')}\n`;
    }
  }
  return text;
}

const require = createRequire(import.meta.url);
const samples = path.join(path.dirname(require.resolve('@vladmandic/face-api')), '..', 'demo');

/** One face cut out of face-api's demo group photos, square, with half its size of margin (as a JPEG). */
/** A face as a phone would send it (issue 27 identity check). */
export async function sampleFace(file: string, [x, y, w, h]: readonly [number, number, number, number]) {
  const image = sharp(path.join(samples, file));
  const { width = 0, height = 0 } = await image.metadata();
  const size = Math.round(Math.max(w, h) * 2);
  const left = Math.max(0, Math.round(x + w / 2 - size / 2));
  const top = Math.max(0, Math.round(y + h / 2 - size / 2));
  return image
    .extract({ left, top, width: Math.min(size, width - left), height: Math.min(size, height - top) })
    .jpeg()
    .toBuffer();
}

export const faces = {
  /** sample1.jpg, the second woman from the left. */
  guest: ['sample1.jpg', [779, 446, 306, 249]],
  /** sample5.jpg, the woman in front on the left: someone else. */
  stranger: ['sample5.jpg', [320, 896, 300, 305]],
} as const;
