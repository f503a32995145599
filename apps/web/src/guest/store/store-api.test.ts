import { experiencesPaths } from '@posada/contracts/experiences';
import { describe, expect, it } from 'vitest';
import { guestStorePaths } from './store-api.ts';

describe('the guest store paths', () => {
  it('are the contract paths', () => {
    expect(guestStorePaths.guestStore('p1', 'c1')).toBe(experiencesPaths.guestStore('p1', 'c1'));
    expect(guestStorePaths.guestService('p1', 's1', 'c1')).toBe(
      experiencesPaths.guestService('p1', 's1', 'c1'),
    );
    expect(guestStorePaths.guestRequests('p1', 's1', 'c1')).toBe(
      experiencesPaths.guestRequests('p1', 's1', 'c1'),
    );
    expect(guestStorePaths.guestPay('p1', 'c1', 'r1')).toBe(experiencesPaths.guestPay('p1', 'c1', 'r1'));
  });
});
