import { useEffect } from "react";
import { useHousehold } from "@/features/households/api/get-household";

const APP_NAME = "Housemate";

/** '<Page> · <Household> · Housemate' with a household, '<Page> · Housemate' without one. */
export function pageTitle(page: string, householdName: string | undefined): string {
  return [page, householdName, APP_NAME].filter(Boolean).join(" · ");
}

/**
 * Names the browser tab after the route's page (and the household, once it is known). Each route calls it once;
 * leaving the route gives back the title it found, so the landing keeps index.html's own.
 */
export function usePageTitle(page: string): void {
  const householdName = useHousehold().data?.name;
  const title = pageTitle(page, householdName);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
