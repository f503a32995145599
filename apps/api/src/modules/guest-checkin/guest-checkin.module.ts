import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { GuestCheckinService } from './guest-checkin.service.ts';
import { createGuestCheckin, guestCheckinRoutes } from './index.ts';

/** The guest's check-in flow (owns the verification codes and the guest code attempts). */
export function createGuestCheckinModule(
  deps: Parameters<typeof createGuestCheckin>[0],
): ApiModule<GuestCheckinService> {
  const service = createGuestCheckin(deps);
  return {
    name: 'guest-checkin',
    service,
    routes: bindRoutes(guestCheckinRoutes, { guestCheckin: service }),
  };
}
