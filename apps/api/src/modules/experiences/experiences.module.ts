import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { guestStoreRoutes } from './guest-store.routes.ts';
import { createGuestStoreService, type GuestStoreService } from './guest-store.service.ts';
import { createProvidersService, type ProvidersService } from './providers.service.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';
import { registerRequestEventHandlers } from './requests.events.ts';
import { requestsRoutes } from './requests.routes.ts';
import { createRequestsService, type RequestsService } from './requests.service.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService, type ServicesService } from './services.service.ts';
import { createStoreAccess, type StoreAccess } from './store-access.ts';
import { registerUpsellJobs } from './upsell.jobs.ts';
import { upsellRoutes } from './upsell.routes.ts';
import { createUpsellService, type UpsellService } from './upsell.service.ts';

/** The store's services, handed to every routes plugin of the module. */
export interface ExperiencesServices {
  access: StoreAccess;
  services: ServicesService;
  providers: ProvidersService;
  requests: RequestsService;
  guestStore: GuestStoreService;
  upsell: UpsellService;
  reports: ReportsService;
}

/**
 * The experiences store (issue 18, docs/experiences.md; owns services, service_providers, service_requests,
 * upsell_settings, upsell_offers, service_funnel_events): services and providers, the guests' requests and
 * their payments, the upselling moments and their job, and the reports.
 */
export function createExperiencesModule(deps: ExperiencesDeps) {
  const access = createStoreAccess(deps.db);
  const services: ExperiencesServices = {
    access,
    services: createServicesService(deps, access),
    providers: createProvidersService(deps, access),
    requests: createRequestsService(deps, access),
    guestStore: createGuestStoreService(deps, access),
    upsell: createUpsellService(deps, access),
    reports: createReportsService(deps, access),
  };
  return {
    name: 'experiences',
    service: services,
    routes: async (api) => {
      for (const plugin of [servicesRoutes, requestsRoutes, guestStoreRoutes, upsellRoutes]) {
        await bindRoutes(plugin, services)(api);
      }
    },
    jobs: (options) => registerUpsellJobs(deps, services, options),
    eventHandlers: (bus) => registerRequestEventHandlers(bus, services, deps),
  } satisfies ApiModule<ExperiencesServices>;
}
