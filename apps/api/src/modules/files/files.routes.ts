import { fileNameParams } from '@posada/contracts/properties';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilesService } from './files.service.ts';

/** Stored files are public by their unguessable names and never change, so they cache forever. */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/files/:name',
    {
      config: { access: 'public', rateLimitClass: 'general' },
      schema: { tags: ['files'], params: fileNameParams },
    },
    async (request, reply) => {
      const { bytes, contentType } = await files.read(request.params.name);
      reply
        .header('content-type', contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      // An SVG opened on its own runs in a sandbox with no scripts, even if one slipped through.
      if (contentType === 'image/svg+xml') {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      return reply.send(bytes);
    },
  );
};
