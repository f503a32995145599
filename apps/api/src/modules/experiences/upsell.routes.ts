import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExperiencesServices } from './experiences.module.ts';

/** The upselling configuration per property and the reports (upselling/reports). */
export const upsellRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async () => {};
