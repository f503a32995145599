import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness (no service, no tables). */
export function createHealthModule(deps: Parameters<typeof healthRoutes>[1]): ApiModule<null> {
  return { name: 'health', service: null, routes: bindRoutes(healthRoutes, deps) };
}
