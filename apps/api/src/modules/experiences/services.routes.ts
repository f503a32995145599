import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExperiencesServices } from './experiences.module.ts';

/** Services (spec 3 Service / experience), their photos, and providers (upselling/providers). */
export const servicesRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async () => {};
