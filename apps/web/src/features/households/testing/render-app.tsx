import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Routes, useLocation } from "react-router";
import { toast, Toaster } from "sonner";
import type { CurrentUser } from "@housemate/contract";
import { readStoredSession, serverUser, storeSession } from "@/lib/testing/fake-server";
import { queryClient } from "@/lib/query-client";
import { useInviteDialogStore } from "../stores/invite-dialog-store";

export const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";

/** Signs in on this device as verification would, then lets the auth store read it. */
export async function signIn(overrides: Partial<CurrentUser> = {}) {
  const user = serverUser(overrides);
  storeSession(user);
  await readStoredSession();
  return user;
}

/** Shows the current path, for asserting where a screen navigated. */
export function Here({ name }: { name: string }) {
  const location = useLocation();
  return (
    <main>
      <h1>{name}</h1>
      <p data-testid="path">{location.pathname}</p>
    </main>
  );
}

/**
 * Renders routes the way the app does (the app's query cache, toasts, a router), starting at
 * `entries`' last path. Call `resetApp` after each test.
 */
export function renderApp(routes: ReactNode, entries: string[]) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

export async function resetApp() {
  // Sonner keeps its toasts in a module-wide list and replays them to the next test's Toaster.
  toast.dismiss();
  queryClient.clear();
  useInviteDialogStore.getState().reset();
  await readStoredSession();
}
