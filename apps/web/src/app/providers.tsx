import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { queryClient } from "@/lib/query-client";

/** Everything the whole app shares: server-state cache and the toast outlet (SPEC §9 toast defaults). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" richColors closeButton visibleToasts={3} duration={5000} theme="system" />
    </QueryClientProvider>
  );
}
