import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExperiencesServices } from './experiences.module.ts';

/** The guest's store after check-in (public; only a completed check-in of that very property). */
export const guestStoreRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async () => {};
