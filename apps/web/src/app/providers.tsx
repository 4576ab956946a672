import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { queryClient } from "@/lib/query-client";

/**
 * What every screen but the landing page shares: the server-state cache, the toast outlet (SPEC §9 toast
 * defaults) and the tooltip timing. It is a lazily loaded layout route, so a visitor to / downloads none of it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>{children}</TooltipProvider>
      {/* Below the 64 px sticky header, so a toast never hides the bell or the avatar menu. */}
      <Toaster
        position="top-right"
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72, left: 8, right: 8 }}
        richColors
        closeButton
        visibleToasts={3}
        duration={5000}
        theme="system"
      />
    </QueryClientProvider>
  );
}

/** The layout route around every screen except the landing page (see router.tsx). */
export function Component() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
