import type { ExperiencesDeps } from './experiences.deps.ts';
import type { StoreAccess } from './store-access.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

/** The store's reports: requests, conversion, revenue (placeholder until its part of issue 18 lands). */
export function createReportsService(_deps: ExperiencesDeps, _access: StoreAccess) {
  return {};
}
