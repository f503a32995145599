import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type RequestsService = ReturnType<typeof createRequestsService>;

/** The operator's requests and their actions (spec 4), and the guests' new requests and payments (placeholder until its part of issue 18 lands). */
export function createRequestsService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
