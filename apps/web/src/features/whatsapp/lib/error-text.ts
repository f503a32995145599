import { ApiError } from '../../../lib/api.ts';

/** The server's translated message of a refused call, or the fallback (no answer, unexpected error). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback;
}

/** A template body shortened for a list row (spec 9 truncates previews at 85 characters). */
export function preview(body: string, max = 85): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
