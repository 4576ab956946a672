import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Household } from "@housemate/contract";
import { householdQueryKey } from "@/features/households/api/get-household";
import { useAuthStore } from "@/lib/auth/auth-store";
import { queryClient } from "@/lib/query-client";

const APP_NAME = "Housemate";

/** '<Page> · <Household> · Housemate' with a household, '<Page> · Housemate' without one. */
export function pageTitle(page: string, householdName: string | undefined): string {
  return [page, householdName, APP_NAME].filter(Boolean).join(" · ");
}

/**
 * The household's name as far as the cache knows it. Read from the app's cache rather than through useQuery: the
 * public routes render without a QueryClientProvider, and a title is no reason to fetch (the shell fetches it).
 */
function useCachedHouseholdName(): string | undefined {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), []);
  return useSyncExternalStore(subscribe, () =>
    householdId ? queryClient.getQueryData<Household>(householdQueryKey(householdId))?.name : undefined,
  );
}

/**
 * Names the browser tab after the route's page (and the household, once it is known). Each route calls it once;
 * leaving the route gives back the title it found, so the landing keeps index.html's own.
 */
export function usePageTitle(page: string): void {
  const title = pageTitle(page, useCachedHouseholdName());
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
