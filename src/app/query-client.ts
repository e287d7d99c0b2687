import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';

/**
 * Server data lives here. Data stays fresh for a minute so that going back to a
 * page is instant; business and auth errors are not retried (they will not
 * change by asking again), transport errors are retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && ['business', 'auth', 'contract', 'aborted'].includes(error.kind)) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
