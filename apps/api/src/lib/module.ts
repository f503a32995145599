import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../events/bus.ts';

/**
 * What an API module hands app.ts (docs/style.md): its service for the modules that call it, its routes
 * (a plugin with its options bound, registered under /api), and optionally its job workers (registered when
 * the app is ready) and its domain-event handlers (registered once on the bus).
 */
export interface ApiModule<Service> {
  name: string;
  service: Service;
  routes?: (api: FastifyInstance) => Promise<void>;
  jobs?: (options: { recurring: boolean }) => Promise<void>;
  eventHandlers?: (bus: EventBus) => void;
}

/** A routes plugin with its options bound, so app.ts registers every module the same way. */
export function bindRoutes<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsyncZod<Options> | FastifyPluginAsync<Options>,
  options: Options,
): (api: FastifyInstance) => Promise<void> {
  return async (api) => {
    await api.register(plugin as FastifyPluginAsync<Options>, options);
  };
}
