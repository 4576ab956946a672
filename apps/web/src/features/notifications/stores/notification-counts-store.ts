import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { NotificationCounts } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";

interface NotificationCountsState extends NotificationCounts {
  setCounts: (counts: NotificationCounts) => void;
  reset: () => void;
}

/** SPEC §3: notification counts are kept on the device, so the bell shows them before the list loads. */
export const NOTIFICATION_COUNTS_KEY = "notification-counts";

const EMPTY: NotificationCounts = { total: 0, unread: 0 };

/** The bell's numbers: from the list, the live socket's `notification_count`, and optimistic reads. */
export const useNotificationCountsStore = create<NotificationCountsState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setCounts: ({ total, unread }) => set({ total: Math.max(total, 0), unread: Math.max(unread, 0) }),
      reset: () => set(EMPTY),
    }),
    {
      name: NOTIFICATION_COUNTS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ total, unread }) => ({ total, unread }),
    },
  ),
);

// SPEC §4 Session data: with no user, notifications are cleared; the next person starts from zero.
useAuthStore.subscribe((state) => {
  if (!state.currentUser) useNotificationCountsStore.getState().reset();
});
