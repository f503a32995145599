import { okEnvelope } from '@posada/contracts/envelope';
import { type IntegrationsList, integrationsList } from '@posada/contracts/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdapterRegistry } from '../../adapters/status.ts';

/** The registry as the wire shape: names of settings only, never their values. */
export function integrationsOf(registry: AdapterRegistry): IntegrationsList {
  return {
    items: registry.list().map((s) => ({
      name: s.name as IntegrationsList['items'][number]['name'],
      configured: s.configured,
      settings: [...s.settings],
      last_error: s.lastError ? { at: s.lastError.at.toISOString(), code: s.lastError.code } : null,
      last_success_at: s.lastSuccessAt?.toISOString() ?? null,
    })),
  };
}

/**
 * GET /api/integrations (spec 2.2 profile › integrations): the outside services of this installation,
 * whether each is configured and how its last call went. The same list for every business account:
 * the services are the server's, not a tenant's, and nothing in it is secret.
 */
export const integrationsRoutes: FastifyPluginAsyncZod<{ adapters: AdapterRegistry }> = async (
  app,
  { adapters },
) => {
  app.get(
    '/integrations',
    {
      config: { access: 'empresa' },
      schema: { tags: ['integrations'], response: { 200: okEnvelope(integrationsList) } },
    },
    async () => ({ ok: true as const, data: integrationsOf(adapters) }),
  );
};
