/**
 * The shared TanStack Query client and its defaults: no refetch on window focus, one
 * retry for network/5xx failures only.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';

/**
 * The app's TanStack Query client: no refetch on window focus, one retry for network/5xx
 * failures only (never for 4xx answers).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
