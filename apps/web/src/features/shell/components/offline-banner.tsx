import { CloudOff } from "lucide-react";
import { useNetworkState } from "@/lib/network";
import { offlineMessage, useShownDataTime } from "@/lib/offline/shown-data-time";

/**
 * Issue 22: while the device is offline (or online but unable to reach the server), a bar under the header says so and how old the page's data is ('Offline —
 * showing what you saw at 14:02'). The status region is always there, empty and hidden while online, so a screen
 * reader announces the words when they appear.
 */
export function OfflineBanner() {
  const network = useNetworkState();
  return (
    <div
      role="status"
      className="sticky top-16 z-30 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 empty:hidden md:px-6 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      {network === "online" ? null : <OfflineNotice unreachable={network === "unreachable"} />}
    </div>
  );
}

function OfflineNotice({ unreachable }: { unreachable: boolean }) {
  const seenAt = useShownDataTime();
  return (
    <p className="mx-auto flex max-w-5xl items-center gap-2">
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      {offlineMessage(seenAt, undefined, unreachable)}
    </p>
  );
}
