import { QueryClient } from "@tanstack/react-query";

/** SPEC §9: cached server data dropped after 5 minutes; retries back off from 1 s, doubling, up to 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 5 * 60_000, retry: 2, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
