import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { toast, Toaster } from "sonner";
import type { User } from "@housemate/contract";
import { readStoredSession, serverUser, storeSession } from "@/lib/testing/fake-server";
import { createQueryClient } from "@/lib/query-client";

export const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
export const USER_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

/** Ben, signed in on this device as verification would leave him, in a household. */
export async function signInBen(overrides: Partial<User> = {}) {
  const user = serverUser({
    id: USER_ID,
    email: "ben@example.com",
    display_name: "Ben Hall",
    household_id: HOUSEHOLD_ID,
    ...overrides,
  });
  storeSession(user);
  await readStoredSession();
  return user;
}

function Landing() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname}</p>;
}

/**
 * Renders `ui` at /dashboard/profile with a fresh query cache (no retries, so failures show at once),
 * the toast outlet, and landing routes at / and /onboarding to see where the screen sends the person.
 */
export function renderProfile(ui: ReactNode, path = "/dashboard/profile") {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/onboarding" element={<Landing />} />
          <Route path="/dashboard/profile" element={ui} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export async function resetProfile() {
  // Sonner keeps its toasts in a module-wide list and replays them to the next test's Toaster.
  toast.dismiss();
  await readStoredSession();
}
