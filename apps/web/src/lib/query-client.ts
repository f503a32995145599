import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The one TanStack Query client: a 4xx is an answer, not a failure to retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
