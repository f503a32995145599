import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  decodeText,
  detectDelimiter,
  detectSpreadsheet,
  parseCsv,
  readSpreadsheet,
  SpreadsheetError,
  unpackXlsxParts,
} from './spreadsheet.ts';

const problemOf = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    return error instanceof SpreadsheetError ? error.problem : `other: ${String(error)}`;
  }
  return 'no error';
};

describe('CSV', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, and CRLF records', () => {
    const text = 'a;b;c\r\n"Casa; Azul";"dijo ""hola""";"línea 1\nlínea 2"\r\n1;;3\r\n';
    expect(parseCsv(text, ';')).toEqual([
      ['a', 'b', 'c'],
      ['Casa; Azul', 'dijo "hola"', 'línea 1\nlínea 2'],
      ['1', '', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted field as text, and refuses an unterminated quoted field', async () => {
    expect(parseCsv('a,b\n5" pizza,2', ',')).toEqual([
      ['a', 'b'],
      ['5" pizza', '2'],
    ]);
    expect(await problemOf(() => parseCsv('a,b\n"open,2\n', ','))).toBe('unreadable');
  });

  it('detects the delimiter from the header line: semicolon (Excel in Spanish), comma or tab', () => {
    expect(detectDelimiter('Alojamiento;Llegada;Salida\nx,y;1;2')).toBe(';');
    expect(detectDelimiter('Property,Arrival,Departure\n')).toBe(',');
    expect(detectDelimiter('Property\tArrival\tDeparture')).toBe('\t');
    expect(detectDelimiter('"A;B",C,D\n')).toBe(',');
  });

  it('decodes UTF-8 with or without BOM, UTF-16 with BOM and Windows-1252, and refuses binary', () => {
    expect(decodeText(Buffer.from('\uFEFFHuésped', 'utf8'))).toBe('Huésped');
    expect(decodeText(Buffer.from('Huésped', 'utf8'))).toBe('Huésped');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Huésped', 'utf16le')]))).toBe(
      'Huésped',
    );
    expect(decodeText(Buffer.from([0x48, 0x75, 0xe9, 0x73, 0x70, 0x65, 0x64]))).toBe('Huésped');
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBeNull();
  });
});

describe('file type by content', () => {
  it('tells XLSX, CSV and the old XLS apart, and refuses images and PDFs whatever their name', async () => {
    const xlsx = await writeXlsxFile([[{ value: 'x' }]]).toBuffer();
    expect(detectSpreadsheet(xlsx)).toBe('xlsx');
    expect(detectSpreadsheet(Buffer.from('Property,Arrival\n'))).toBe('csv');
    expect(detectSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(
      'xls',
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(detectSpreadsheet(png)).toBeNull();
    expect(await problemOf(() => readSpreadsheet(png))).toBe('type');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3])]);
    expect(await problemOf(() => readSpreadsheet(pdf))).toBe('type');
    expect(
      await problemOf(() => readSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))),
    ).toBe('xls');
  });

  it('refuses a zip that is not a workbook (a .docx, an .ods) and a damaged one', async () => {
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document/>'),
    });
    expect(await problemOf(() => readSpreadsheet(docx))).toBe('type');
    const xlsx = await writeXlsxFile([[{ value: 'x' }]]).toBuffer();
    expect(await problemOf(() => readSpreadsheet(xlsx.subarray(0, xlsx.length - 30)))).toBe('unreadable');
  });
});

describe('XLSX', () => {
  it('reads the first sheet with text, numbers and dates in place (row i is sheet row i + 1)', async () => {
    const bytes = await writeXlsxFile([
      {
        sheet: 'Reservas',
        data: [
          [{ value: 'Alojamiento' }, { value: 'Llegada' }, { value: 'Precio' }],
          [
            { value: 'Casa Azul' },
            { value: new Date(Date.UTC(2026, 11, 1)), type: Date, format: 'yyyy-mm-dd' },
            { value: 120.5, type: Number },
          ],
          [null, null, null],
          [{ value: 'Casa Roja' }, { value: 46357, type: Number }, { value: '99,90' }],
        ],
      },
      { sheet: 'Instrucciones', data: [[{ value: 'ignored' }]] },
    ]).toBuffer();
    const table = await readSpreadsheet(bytes);
    expect(table.format).toBe('xlsx');
    expect(table.rows[0]).toEqual(['Alojamiento', 'Llegada', 'Precio']);
    expect(table.rows[1]?.[0]).toBe('Casa Azul');
    expect(table.rows[1]?.[1]).toEqual(new Date('2026-12-01T00:00:00.000Z'));
    expect(table.rows[1]?.[2]).toBe(120.5);
    expect(table.rows[2]).toEqual([null, null, null]);
    expect(table.rows[3]).toEqual(['Casa Roja', 46357, '99,90']);
  });

  it('stops a zip bomb while inflating: the unpacked size is measured, not the size the archive claims', () => {
    const bomb = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/worksheets/sheet1.xml': [new Uint8Array(4 * 1024 * 1024), { level: 9 }],
    });
    expect(bomb.length).toBeLessThan(20_000);
    // Lie in the central directory: claim 10 bytes unpacked for every entry.
    const lying = Uint8Array.from(bomb);
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at++) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 10, true);
    }
    expect(() => unpackXlsxParts(lying, { entries: 100, unpackedBytes: 1024 * 1024 })).toThrow(
      SpreadsheetError,
    );
    expect(unpackXlsxParts(lying, { entries: 100, unpackedBytes: 8 * 1024 * 1024 })).toHaveLength(2);
  });

  it('refuses an archive with more entries than allowed', () => {
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`xl/part${i}.xml`, strToU8('<x/>')])),
    );
    expect(() => unpackXlsxParts(many, { entries: 10, unpackedBytes: 1024 })).toThrow(SpreadsheetError);
  });
});
