import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import type { Notification } from "@housemate/contract";
import { readStoredSession, serverUser, storeSession } from "@/lib/testing/fake-server";
import { createQueryClient } from "@/lib/query-client";
import { useNotificationCountsStore } from "../stores/notification-counts-store";

export const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
export const USER_ID = "22222222-2222-4222-8222-222222222222";

let serial = 0;
/** A notification as the server presents it; ids and times differ unless given. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    type_id: "fine_received",
    title: `Notification ${serial}`,
    message: `Something happened (${serial})`,
    is_read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

/** GET /notifications as the server answers it, counts worked out from the list. */
export function listBody(notifications: Notification[]) {
  return {
    data: { notifications, total: notifications.length, unread: notifications.filter((each) => !each.is_read).length },
  };
}

/** Signs in a member of a household on this device, as verification would. */
export async function signInMember() {
  storeSession(serverUser({ id: USER_ID, household_id: HOUSEHOLD_ID }));
  await readStoredSession();
}

/**
 * Renders with a fresh query cache (no retries, so a failure shows at once) and the toast outlet.
 * Call `resetNotifications` after each test.
 */
export function renderSignedIn(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export async function resetNotifications() {
  // Sonner keeps its toasts in a module-wide list and replays them to the next test's Toaster.
  toast.dismiss();
  useNotificationCountsStore.getState().reset();
  await readStoredSession();
}
