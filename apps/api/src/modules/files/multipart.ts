import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { filesErrors } from './files.errors.ts';

/**
 * Reads the single file of a multipart request (field `file`) into memory, at most `maxBytes`.
 * The route's scope registers @fastify/multipart with the same limit; `tooLarge` is its error.
 */
export async function readUploadedFile(request: FastifyRequest, tooLarge: () => AppError): Promise<Buffer> {
  if (!request.isMultipart()) throw filesErrors.missing();
  const part = await request.file();
  if (part?.fieldname !== 'file') throw filesErrors.missing();
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
