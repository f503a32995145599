import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';

export type OnceRequestState<T> =
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ApiError };

/**
 * Runs a one-shot request (a single-use token, an OAuth code) exactly once per key, even under
 * React StrictMode's double effects: sending it twice would burn the token on the first call.
 * A null key runs nothing.
 */
export function useOnceRequest<T>(key: string | null, request: () => Promise<T>): OnceRequestState<T> {
  const [state, setState] = useState<OnceRequestState<T>>({ status: 'pending' });
  const sentFor = useRef<string | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    if (key === null || sentFor.current === key) return;
    sentFor.current = key;
    setState({ status: 'pending' });
    requestRef.current().then(
      (data) => setState({ status: 'success', data }),
      (error: unknown) =>
        setState({
          status: 'error',
          error:
            error instanceof ApiError
              ? error
              : new ApiError(0, 'unknown', i18n.t('common:errors.unexpected')),
        }),
    );
  }, [key]);

  return state;
}
