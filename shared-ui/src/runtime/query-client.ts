import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient of the page. shared-ui is a federation singleton, so the shell and every
 * remote read the same cache: startup data fetched by the shell is there for the remotes.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
