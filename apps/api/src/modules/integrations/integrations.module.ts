import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { integrationsRoutes } from './integrations.routes.ts';

/** The operator's view of the adapters: configured or not, and their last error (no tables). */
export function createIntegrationsModule(deps: Parameters<typeof integrationsRoutes>[1]): ApiModule<null> {
  return { name: 'integrations', service: null, routes: bindRoutes(integrationsRoutes, deps) };
}
