import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { guestStoreRoutes } from './guest-store.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { servicesRoutes } from './services.routes.ts';
import { createStoreAccess, type StoreAccess } from './store-access.ts';
import { upsellRoutes } from './upsell.routes.ts';

/** The services each part of the store builds (filled in as each part lands). */
export interface ExperiencesServices {
  access: StoreAccess;
}

/**
 * The experiences store (issue 18, docs/experiences.md; owns services, service_providers, service_requests,
 * upsell_settings, upsell_offers, service_funnel_events): services and providers, the guests' requests and
 * their payments, the upselling moments and their job, and the reports.
 */
export function createExperiencesModule(deps: ExperiencesDeps) {
  const services: ExperiencesServices = { access: createStoreAccess(deps.db) };
  return {
    name: 'experiences',
    service: services,
    routes: async (api) => {
      for (const plugin of [servicesRoutes, requestsRoutes, guestStoreRoutes, upsellRoutes]) {
        await bindRoutes(plugin, services)(api);
      }
    },
  } satisfies ApiModule<ExperiencesServices>;
}
