import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type ServicesService = ReturnType<typeof createServicesService>;

/** Services (spec 3 Service / experience) and their photos (placeholder until its part of issue 18 lands). */
export function createServicesService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
