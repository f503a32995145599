import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';

/**
 * The spec 8 text of a failed change, with the API's own reason under it when the API refused the change
 * (a 4xx carries a message in the interface language; a 5xx or no answer has nothing more to say).
 */
export function notifyFailure(specText: string, error: unknown) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
  if (refused && error.message !== specText) notify.error(error.message, specText);
  else notify.error(specText);
}
