import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { createFaceMatcher } from './face-match.ts';
import type { GuestCheckinService } from './guest-checkin.service.ts';
import { createGuestCheckin, guestCheckinRoutes } from './index.ts';

/** The guest's check-in flow (owns the verification codes and the guest code attempts). */
export function createGuestCheckinModule(
  deps: Omit<Parameters<typeof createGuestCheckin>[0], 'faceMatcher'>,
): ApiModule<GuestCheckinService> {
  // The identity check's worker thread starts on the first comparison and ends with the app.
  const faceMatcher = createFaceMatcher();
  const service = createGuestCheckin({ ...deps, faceMatcher });
  const routes = bindRoutes(guestCheckinRoutes, { guestCheckin: service });
  return {
    name: 'guest-checkin',
    service,
    routes: async (api) => {
      api.addHook('onClose', () => faceMatcher.close());
      await routes(api);
    },
  };
}
