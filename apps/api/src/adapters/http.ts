import { AdapterError, kindOfFetchFailure, kindOfHttpStatus } from './adapter-error.ts';

/**
 * One HTTP call for an adapter: a network failure or timeout, and any status that is not 2xx, become
 * an AdapterError of `service`. Returns the response for the caller to read.
 */
export async function adapterFetch(
  service: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  const { timeoutMs, ...rest } = init;
  let response: Response;
  try {
    response = await fetchImpl(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new AdapterError(service, kindOfFetchFailure(error), (error as Error)?.message ?? String(error));
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => '');
    throw new AdapterError(service, kindOfHttpStatus(response.status), detail, response.status);
  }
  return response;
}

/** The JSON body of a 2xx answer, or invalid_response. */
export async function readJson<T>(service: string, response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new AdapterError(service, 'invalid_response', (error as Error)?.message ?? 'not JSON');
  }
}
