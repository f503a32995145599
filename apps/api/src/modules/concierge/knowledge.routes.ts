import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConciergeServices } from './concierge.module.ts';

/** STUB (helper H2b replaces it): questions, settings, status and preview routes. */
export const knowledgeRoutes: FastifyPluginAsyncZod<ConciergeServices> = async () => {};
