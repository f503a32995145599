import { experiencesGuestPages, experiencesPaths } from '@posada/contracts/experiences';
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
    expect(guestStorePaths.guestFeatured('p1')).toBe(experiencesPaths.guestFeatured('p1'));
  });
});

describe('the service page route', () => {
  it('is matched with its property, service and check-in (spec spelling `vew`)', async () => {
    const { matchGuestRoute, guestPaths } = await import('../router.ts');
    const path = guestPaths.serviceDetail('p1', 's1', 'c1');
    expect(path).toBe(experiencesGuestPages.service('p1', 's1', 'c1'));
    expect(matchGuestRoute(path)).toEqual({
      name: 'serviceDetail',
      propertyId: 'p1',
      serviceId: 's1',
      checkinId: 'c1',
    });
    expect(matchGuestRoute('/services/p1/c1/property').name).toBe('services');
  });
});
