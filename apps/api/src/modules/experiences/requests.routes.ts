import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExperiencesServices } from './experiences.module.ts';

/** The operator's service requests list and its actions (spec 4). */
export const requestsRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async () => {};
