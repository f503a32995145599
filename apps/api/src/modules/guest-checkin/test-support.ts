import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';

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
  face: { score: 0.91, match: true },
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
