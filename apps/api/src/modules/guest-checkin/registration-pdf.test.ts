import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type RegistrationPdfInput, renderRegistrationPdf, winAnsiSafe } from './registration-pdf.ts';
import { pdfText, TINY_PNG } from './test-support.ts';

const input = (over: Partial<RegistrationPdfInput> = {}): RegistrationPdfInput => ({
  language: 'es',
  property: {
    name: 'Casa Azul',
    address: 'Calle Mayor 1',
    city: 'Sevilla',
    postalCode: '41001',
    country: 'ES',
  },
  stay: { arrival: '2030-05-01', departure: '2030-05-04' },
  guest: {
    firstName: 'Lucía',
    lastName: 'Martínez Ruiz',
    gender: 'female',
    birthDate: '1990-02-03',
    nationality: 'ESP',
    documentType: 'dni',
    documentNumber: '12345678Z',
    supportNumber: 'ABC123456',
    issueDate: '2020-01-01',
    expiryDate: '2031-01-01',
    phone: '+34 600 000 000',
    email: 'lucia@example.com',
    address: 'Calle Sol 2',
    city: 'Sevilla',
    postalCode: '41001',
    province: 'Sevilla',
    municipality: 'Sevilla',
    country: 'ES',
    residenceCountry: 'ES',
    minors: false,
    kinship: null,
    paymentMethod: null,
    paymentDate: null,
    isLead: true,
  },
  signature: TINY_PNG,
  signedAt: new Date('2030-05-01T10:00:00Z'),
  signedPlace: 'Sevilla',
  ...over,
});

describe('renderRegistrationPdf', () => {
  it('is a one-page card with the guest, the full document number, the property and the signature', async () => {
    const bytes = await renderRegistrationPdf(input());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain('Lucía Martínez Ruiz');
    const text = await pdfText(bytes);
    expect(text).toContain('Parte de entrada de viajeros');
    expect(text).toContain('Lucía');
    expect(text).toContain('Martínez Ruiz');
    expect(text).toContain('12345678Z');
    expect(text).toContain('Casa Azul');
    expect(text).toContain('01/05/2030');
    expect(text).toContain('Firmado en Sevilla');
    expect(text).not.toContain('(sin firma)');
    // The signature image is embedded.
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  it('writes English labels for en and ar (no Arabic glyphs in the standard fonts)', async () => {
    for (const language of ['en', 'ar']) {
      const text = await pdfText(await renderRegistrationPdf(input({ language })));
      expect(text).toContain('Guest registration card');
      expect(text).toContain('Document number');
    }
  });

  it('survives names outside WinAnsi and a missing signature', async () => {
    const bytes = await renderRegistrationPdf(
      input({ signature: null, guest: { ...input().guest, firstName: 'Łukasz', lastName: 'محمد' } }),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Lukasz');
    expect(text).toContain('(sin firma)');
    expect(winAnsiSafe('Zoë Ærø ș')).toBe('Zoë Ærø s');
  });
});
