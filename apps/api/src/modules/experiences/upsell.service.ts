import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type UpsellService = ReturnType<typeof createUpsellService>;

/** The upselling moments per property and the offers they send (placeholder until its part of issue 18 lands). */
export function createUpsellService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
