// STUB — replaced by the admin helper.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async () => {};
