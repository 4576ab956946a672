import { CloudOff } from "lucide-react";
import type { FetchStatus } from "@tanstack/react-query";

/** SPEC-style short words for a part of the app not kept on the device (decision 053). */
export const NOT_AVAILABLE_OFFLINE = "Not available offline";

/**
 * Whether a query waits for the network with nothing to show: offline, a page not kept for offline (activity,
 * insights, the preferences, notifications) would otherwise show its skeleton for as long as the device stays offline.
 */
export const waitsForNetwork = (query: { fetchStatus: FetchStatus; data: unknown }) =>
  query.fetchStatus === "paused" && query.data === undefined;

/** Stands in for something the device has not kept, while offline: said once, instead of a skeleton that never ends. */
export function NotAvailableOffline() {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-2 rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
    >
      <CloudOff className="size-5" aria-hidden="true" />
      <p>{NOT_AVAILABLE_OFFLINE}</p>
    </div>
  );
}
