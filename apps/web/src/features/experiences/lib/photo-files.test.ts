import { describe, expect, it } from 'vitest';
import { sortPhotoFiles } from './photo-files.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('choosing service photos', () => {
  it('takes JPEG, PNG and GIF up to the 3 a service may have', () => {
    const { accepted, refused } = sortPhotoFiles(
      [
        file('a.jpg', 'image/jpeg'),
        file('b.png', 'image/png'),
        file('c.gif', ''),
        file('d.png', 'image/png'),
      ],
      3,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.gif']);
    expect(refused).toEqual([{ name: 'd.png', reason: 'count' }]);
  });

  it('refuses other types and photos over 30 MB, counting the photos already there', () => {
    const { accepted, refused } = sortPhotoFiles(
      [
        file('doc.pdf', 'application/pdf'),
        file('big.jpg', 'image/jpeg', 31 * 1024 * 1024),
        file('ok.png', 'image/png'),
      ],
      1,
    );
    expect(accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(refused.map((r) => r.reason)).toEqual(['type', 'size']);
  });
});
