import type { ExperiencesDeps } from './experiences.deps.ts';
import type { ExperiencesServices } from './experiences.module.ts';
import { createUpsellOffers } from './upsell-offers.ts';

export const upsellOffersJob = 'experiences.offers';
/** How often the recurring run looks for due offers (they go from 10:00 property time). */
export const upsellOffersInterval = 15 * 60_000;

/**
 * The upselling offers' job (before arrival, during the stay; docs/experiences.md): recurring through
 * jobs.every outside tests. Offers are claimed once per check-in and moment before sending, so a repeated run
 * is harmless.
 */
export async function registerUpsellJobs(
  deps: ExperiencesDeps,
  services: ExperiencesServices,
  options: { recurring: boolean },
): Promise<void> {
  const { jobs, logger } = deps;
  const offers = createUpsellOffers(deps, services.access);
  await jobs.every(
    upsellOffersJob,
    upsellOffersInterval,
    async () => {
      const { sent, failed, skipped } = await offers.run();
      if (sent + failed + skipped > 0)
        logger.info({ job: upsellOffersJob, sent, failed, skipped }, 'upselling: offers');
    },
    { recurring: options.recurring },
  );
}
