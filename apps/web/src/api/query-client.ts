/**
 * The app's one QueryClient. No silent retries: a failed call shows its
 * error at once. After a write, invalidate what it changed:
 * `queryClient.invalidateQueries({ queryKey: ['pacijenti'] })`.
 * Site-dependent queries need nothing special: a site switch resets all queries.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
