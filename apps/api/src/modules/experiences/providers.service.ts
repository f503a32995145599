import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type ProvidersService = ReturnType<typeof createProvidersService>;

/** Providers (spec 3 Provider / supplier) (placeholder until its part of issue 18 lands). */
export function createProvidersService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
