import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConciergeServices } from './concierge.module.ts';

/** STUB (helper H2a replaces it): spec 7 bot chats routes, the viewer, take over and hand back. */
export const chatsRoutes: FastifyPluginAsyncZod<ConciergeServices> = async () => {};
