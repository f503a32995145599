import type { ExperiencesDeps } from './experiences.deps.ts';
import type { ExperiencesServices } from './experiences.module.ts';

/** The upselling offers' job (before arrival, during the stay). */
export async function registerUpsellJobs(
  _deps: ExperiencesDeps,
  _services: ExperiencesServices,
  _options: { recurring: boolean },
): Promise<void> {}
