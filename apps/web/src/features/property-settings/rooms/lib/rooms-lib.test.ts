import { PROPERTY_IMAGE_MAX_BYTES } from '@posada/contracts/property-rooms';
import { describe, expect, it } from 'vitest';
import { batches, checkImageFile, formatBytes, sortImageFiles } from './image-files.ts';
import { qrDownloadName, qrPosterHtml } from './qr-poster.ts';
import {
  emptyRow,
  MAX_RANGE,
  type RoomRow,
  rangeNames,
  rowErrorsFromApi,
  rowsChanged,
  rowsFromRooms,
  toSaveBody,
  validateRows,
} from './room-rows.ts';
import { roomsByType, statusCounts } from './room-status.ts';

const TYPE_A = '11111111-1111-4111-8111-111111111111';
const TYPE_B = '22222222-2222-4222-8222-222222222222';
const room = (
  id: string,
  name: string,
  type = TYPE_A,
  status: 'available' | 'maintenance' = 'available',
) => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  room_type_id: type,
  name,
  code: null,
  description: null,
  access_key: null,
  status,
});

describe('room range', () => {
  it('names rooms from..to with an optional prefix, skipping names already there (case and spaces aside)', () => {
    expect(rangeNames({ from: 101, to: 104 }, [{ name: ' 102 ' }])).toEqual(['101', '103', '104']);
    expect(rangeNames({ from: 1, to: 3, prefix: 'A-' }, [{ name: 'a-2' }])).toEqual(['A-1', 'A-3']);
  });

  it('refuses a reversed, negative, fractional or too long range', () => {
    expect(rangeNames({ from: 5, to: 4 }, [])).toEqual([]);
    expect(rangeNames({ from: -1, to: 4 }, [])).toEqual([]);
    expect(rangeNames({ from: 1.5, to: 4 }, [])).toEqual([]);
    expect(rangeNames({ from: 1, to: MAX_RANGE }, [])).toHaveLength(MAX_RANGE);
    expect(rangeNames({ from: 0, to: MAX_RANGE }, [])).toEqual([]);
  });
});

describe('room rows', () => {
  it('require a type and a name in every room, and one name per room', () => {
    const rows: RoomRow[] = [emptyRow(TYPE_A, '101'), emptyRow('', ''), emptyRow(TYPE_B, '101 ')];
    const errors = validateRows(rows);
    expect(errors[rows[0]?.key ?? '']).toEqual({ name: 'validation.duplicateName' });
    expect(errors[rows[1]?.key ?? '']).toEqual({
      room_type_id: 'validation.required',
      name: 'validation.required',
    });
    expect(validateRows([emptyRow(TYPE_A, '1'), emptyRow(TYPE_A, '2')])).toEqual({});
  });

  it('save every row, blank optional fields as null, saved rooms with their id', () => {
    const [saved] = rowsFromRooms([room('1', '101')]);
    if (!saved) throw new Error('no row');
    const added = { ...emptyRow(TYPE_B, ' 201 '), code: '  ', access_key: '4321' };
    expect(toSaveBody([saved, added]).rooms).toEqual([
      {
        id: saved.id,
        room_type_id: TYPE_A,
        name: '101',
        code: null,
        description: null,
        access_key: null,
        status: 'available',
      },
      {
        room_type_id: TYPE_B,
        name: '201',
        code: null,
        description: null,
        access_key: '4321',
        status: 'available',
      },
    ]);
  });

  it('put the API errors on the rows they name, the rest apart', () => {
    const rows = [emptyRow(TYPE_A, '1'), emptyRow(TYPE_A, '1')];
    const { rows: byRow, other } = rowErrorsFromApi(
      { 'rooms.1.name': ['Nombre repetido'], rooms: ['Mejora tu plan'], 'rooms.9.name': ['?'] },
      rows,
    );
    expect(byRow).toEqual({ [rows[1]?.key ?? '']: { name: 'Nombre repetido' } });
    expect(other).toEqual(['Mejora tu plan', '?']);
  });

  it('know when the list differs from what was loaded', () => {
    const loaded = [room('1', '101')];
    const rows = rowsFromRooms(loaded);
    expect(rowsChanged(rows, loaded)).toBe(false);
    expect(
      rowsChanged(
        rows.map((r) => ({ ...r, name: '102' })),
        loaded,
      ),
    ).toBe(true);
    expect(rowsChanged([...rows, emptyRow(TYPE_A)], loaded)).toBe(true);
  });
});

describe('room states', () => {
  it('group rooms under their type in natural order and count each state', () => {
    const types = [
      { id: TYPE_A, name: 'Doble', adults: 2, children: 0, infants: 0 },
      { id: TYPE_B, name: 'Suite', adults: 2, children: 1, infants: 1 },
    ];
    const rooms = [room('1', '110'), room('2', '12'), room('3', '9', TYPE_A, 'maintenance')];
    expect(roomsByType(types, rooms).map((g) => [g.type.name, g.rooms.map((r) => r.name)])).toEqual([
      ['Doble', ['9', '12', '110']],
    ]);
    expect(statusCounts(rooms)).toEqual({ available: 2, occupied: 0, cleaning: 0, maintenance: 1 });
  });
});

describe('image files', () => {
  it('accept JPEG, PNG and GIF up to 30 MB, and say why anything else is refused', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: '', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: PROPERTY_IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: PROPERTY_IMAGE_MAX_BYTES + 1 })).toBe(
      'size',
    );
    const sorted = sortImageFiles([
      { name: 'ok.jpg', type: 'image/jpeg', size: 1 },
      { name: 'big.png', type: 'image/png', size: PROPERTY_IMAGE_MAX_BYTES * 2 },
    ]);
    expect(sorted.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(sorted.rejected).toEqual([{ name: 'big.png', reason: 'size' }]);
  });

  it('upload in batches the API accepts, and show sizes readably', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(formatBytes(PROPERTY_IMAGE_MAX_BYTES, 'es')).toBe('30 MB');
    expect(formatBytes(1536, 'en')).toBe('2 KB');
  });
});

describe('QR downloads and poster', () => {
  it('name the files after the property', () => {
    expect(qrDownloadName('Hotel Alameda Centro', 'svg')).toBe('qr-checkin-hotel-alameda-centro.svg');
    expect(qrDownloadName('Casa Ñandú', 'png')).toBe('qr-checkin-casa-nandu.png');
  });

  it('print the name, the code and the three languages, each in its direction, with text escaped', () => {
    const html = qrPosterHtml({
      name: 'Casa <Sol>',
      logo: null,
      qrSvg: '<svg data-qr></svg>',
      url: 'https://posada.example/checkin/abc',
      documentLang: 'es',
      languages: [
        { lang: 'es', title: 'Check-in online', steps: ['Escanea'] },
        { lang: 'ar', title: 'تسجيل', steps: ['امسح'] },
      ],
    });
    expect(html).toContain('Casa &lt;Sol&gt;');
    expect(html).toContain('<svg data-qr></svg>');
    expect(html).toContain('<section lang="ar" dir="rtl">');
    expect(html).toContain('<section lang="es" dir="ltr">');
    expect(html).not.toContain('class="logo"');
  });
});
