import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type GuestStoreService = ReturnType<typeof createGuestStoreService>;

/** The guest's store after check-in (placeholder until its part of issue 18 lands). */
export function createGuestStoreService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
