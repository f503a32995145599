import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import {
  propertySettings,
  type SettingsSection,
  settingsSectionBodies,
  settingsSectionParams,
  settingsSections,
} from '@posada/contracts/property-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { PropertySettingsService, SectionValues } from './property-settings.service.ts';

/** Like the rest of the module, an id that is not a uuid is simply not found (404), not a 400. */
const propertyParams = z.object({ id: idText() });

/**
 * The property settings pages: GET /api/properties/{id}/settings and one PUT per section.
 * Each section is its own route with its own contract body, so its fields are validated (and documented
 * in OpenAPI) like every other body of the API; an unknown section answers 400 from the params schema.
 */
export const propertySettingsRoutes: FastifyPluginAsyncZod<{ settings: PropertySettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['property-settings'];

  app.get(
    '/properties/:id/settings',
    {
      config: { access: 'empresa' },
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(propertySettings) } },
    },
    async (request) => ({
      ok: true as const,
      data: await settings.get(requireAccount(request), request.params.id),
    }),
  );

  const registerSection = <S extends SettingsSection>(section: S) =>
    app.put(
      `/properties/:id/settings/${section}`,
      {
        config: { access: 'empresa' },
        schema: {
          tags,
          params: propertyParams,
          body: settingsSectionBodies[section],
          response: { 200: okEnvelope(propertySettings) },
        },
        // Ownership (404) and the subscription gate (403) come before the body is validated.
        preValidation: async (request) => {
          const { id } = request.params as { id: string };
          await settings.checkSection(requireAccount(request), id, section);
        },
      },
      async (request) => ({
        ok: true as const,
        data: await settings.saveSection(
          requireAccount(request),
          request.params.id,
          section,
          request.body as SectionValues[S],
        ),
      }),
    );
  for (const section of settingsSections) registerSection(section);

  // Static section paths take precedence over this one: it only answers sections that do not exist (400).
  app.put(
    '/properties/:id/settings/:section',
    { config: { access: 'empresa' }, schema: { tags, params: settingsSectionParams, hide: true } },
    async () => {
      throw new Error('unreachable: every known section has its own route');
    },
  );
};
