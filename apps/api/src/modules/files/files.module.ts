import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { filesRoutes } from './files.routes.ts';
import { createFilesService, type FilesService } from './files.service.ts';

/** Stored files (no tables: the storage adapter). */
export function createFilesModule(deps: Parameters<typeof createFilesService>[0]): ApiModule<FilesService> {
  const service = createFilesService(deps);
  return { name: 'files', service, routes: bindRoutes(filesRoutes, { files: service }) };
}
