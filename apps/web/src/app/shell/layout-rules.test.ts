import { describe, expect, it } from 'vitest';
import { minimalCloseTarget } from '../../config/minimal-close-target.ts';
import { canGoBack, needsFirstProperty, propertyCreationExit } from '../../config/property-creation.ts';
import { authRedirectTarget, homeRouteFor } from './session-routes.ts';

describe('Minimal layout close targets (spec 2.3)', () => {
  it('goes to Bookings from the check-in forms', () => {
    expect(minimalCloseTarget('checkinManual')).toBe('Bookings');
    expect(minimalCloseTarget('checkinPrevieLink')).toBe('Bookings');
  });
  it('goes to Ofertas after service forms', () => {
    expect(minimalCloseTarget('createServicio')).toBe('Ofertas');
    expect(minimalCloseTarget('updateServicio')).toBe('Ofertas');
  });
  it('goes to Reservas from checkinPrevie', () => {
    expect(minimalCloseTarget('checkinPrevie')).toBe('Reservas');
  });
  it('goes to Dashboard from calendars', () => {
    for (const route of ['ReservationCalendar', 'monthlyCalendar', 'hotelReservationCalendar'] as const)
      expect(minimalCloseTarget(route)).toBe('Dashboard');
  });
  it('otherwise asks to confirm and log out', () => {
    expect(minimalCloseTarget('pageSubscription')).toBe('confirm-logout');
    expect(minimalCloseTarget(null)).toBe('confirm-logout');
  });
});

describe('Property creation layout (spec 2.3)', () => {
  it('sends an empresa without a property to the first-property wizard', () => {
    expect(needsFirstProperty({ type: 'empresa', properties: [] })).toBe(true);
    expect(needsFirstProperty({ type: 'empresa', properties: [{}] })).toBe(false);
    expect(needsFirstProperty({ type: 'admin', properties: [] })).toBe(false);
  });
  it('offers Back from step 2', () => {
    expect(canGoBack(1)).toBe(false);
    expect(canGoBack(2)).toBe(true);
  });
  it('exits to Dashboard with a property, otherwise asks to log out', () => {
    expect(propertyCreationExit(1)).toBe('Dashboard');
    expect(propertyCreationExit(0)).toBe('confirm-logout');
  });
});

describe('Auth layout redirects (spec 2.3) and homes (spec 6)', () => {
  it('sends a signed-in admin to HomeManager everywhere', () => {
    expect(authRedirectTarget({ type: 'admin' }, 'Login')).toBe('HomeManager');
    expect(authRedirectTarget({ type: 'admin' }, 'confirmacionReset')).toBe('HomeManager');
  });
  it('sends a signed-in empresa to Dashboard except on confirmacionReset', () => {
    expect(authRedirectTarget({ type: 'empresa' }, 'Login')).toBe('Dashboard');
    expect(authRedirectTarget({ type: 'empresa' }, 'Register')).toBe('Dashboard');
    expect(authRedirectTarget({ type: 'empresa' }, 'confirmacionReset')).toBeNull();
  });
  it('lets a visitor through', () => {
    expect(authRedirectTarget(null, 'Login')).toBeNull();
  });
  it('knows each home', () => {
    expect(homeRouteFor({ type: 'admin' })).toBe('HomeManager');
    expect(homeRouteFor({ type: 'empresa' })).toBe('Dashboard');
    expect(homeRouteFor(null)).toBe('Login');
  });
});
