import { useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

/**
 * When the newest answer the screen shows arrived (ms since the epoch): the newest of the successful queries a mounted
 * component reads, so a restored page says how old its data is. Null while the screen shows none.
 */
export function newestShownDataTime(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() > 0 && query.state.status === "success") {
      newest = Math.max(newest, query.state.dataUpdatedAt);
    }
  }
  return newest > 0 ? newest : null;
}

/** newestShownDataTime, kept up to date as pages mount and answers arrive. */
export function useShownDataTime(): number | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => newestShownDataTime(queryClient),
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
