import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { nextTask } from "@/lib/next-task";
import { startLastSeen } from "@/lib/offline/last-seen";
import { queryClient } from "@/lib/query-client";
import { prepareClassNames } from "@/lib/utils";
import { AppToaster } from "./toaster";

/**
 * What every screen but the landing page shares: the server-state cache (and, for tests, a toast outlet). Tooltips
 * bring their own timing (components/ui/tooltip.tsx). It is a lazily loaded layout route, so a visitor to / downloads none of it.
 */
export function AppProviders({ children, toaster = true }: { children: ReactNode; toaster?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toaster && <AppToaster />}
    </QueryClientProvider>
  );
}

/** The layout route around every screen except the landing page (see router.tsx). */
export function Component() {
  return (
    // The app's toast outlet lives in the root layout (see toaster.tsx); tests rendering AppProviders get their own.
    <AppProviders toaster={false}>
      <Outlet />
    </AppProviders>
  );
}

/**
 * What the first render of every signed-in screen would otherwise do inside its one long task, done by the router's
 * loader of this layout (router.tsx) in a task of its own first.
 */
export async function prepareLayouts(): Promise<void> {
  await nextTask();
  prepareClassNames();
  // The signed-in person's last-seen data, in the cache before any screen reads it: opened offline, the page shows it
  // rather than a spinner that never ends (decision 053).
  await startLastSeen(queryClient);
}
