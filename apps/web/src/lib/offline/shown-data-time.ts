import { useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

/**
 * What the shell around every page reads (the plan, the app's configuration, the notifications bell): fetched again
 * on every visit, so its time says nothing about the page's data, and not saved for offline (the bell).
 */
const SHELL_ROOTS: ReadonlySet<unknown> = new Set(["plan", "app-config", "notifications"]);

/**
 * When the data the screen shows was seen (ms since the epoch): the OLDEST answer among the queries a mounted page
 * reads, as the page is only as new as its oldest part (a fines list of 13:00 under a balance refetched at 14:30
 * reads 13:00). Null while the page shows no answer at all.
 */
export function shownDataTime(queryClient: QueryClient): number | null {
  let oldest = Number.POSITIVE_INFINITY;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || SHELL_ROOTS.has(query.queryKey[0])) continue;
    if (query.state.status === "success") oldest = Math.min(oldest, query.state.dataUpdatedAt);
  }
  return Number.isFinite(oldest) ? oldest : null;
}

/** shownDataTime, kept up to date as pages mount and answers arrive. */
export function useShownDataTime(): number | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => shownDataTime(queryClient),
    () => null,
  );
}

let timeFormat: Intl.DateTimeFormat | undefined;

/**
 * A time of day as the person's own locale writes it: '14:02' in Britain, '2:02 PM' in the US. The space before PM
 * is a plain one, as the app's other times write it (newer ICU data puts a narrow no-break space there).
 */
export function formatTimeOfDay(at: number | Date, locale?: string): string {
  const format =
    locale === undefined
      ? (timeFormat ??= new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }))
      : new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });
  return format.format(at).replace(/\u202f/g, " ");
}

/**
 * The offline banner's words (issue 22): when the screen's data was last seen, if it shows any. "Offline" only when the
 * device's own network is gone; a device online that cannot reach the server is told just that (lib/network.ts).
 */
export function offlineMessage(seenAt: number | null, locale?: string, unreachable = false): string {
  const cause = unreachable ? "Can't reach Housemate" : "Offline";
  return seenAt === null ? cause : `${cause} — showing what you saw at ${formatTimeOfDay(seenAt, locale)}`;
}
