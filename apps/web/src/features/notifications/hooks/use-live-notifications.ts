import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { AUTH_TOKEN_KEY } from "@/lib/api-client";
import { connectLiveSocket } from "@/lib/socket";
import { NOTIFICATIONS_REFETCH_MS, useNotifications } from "../api/get-notifications";
import { handleServerMessage, type LiveMessageHandlers } from "../api/live-messages";

/**
 * SPEC §4 Session data, for the signed-in shell: while the user has a household, notifications load
 * with the rest, are fetched again every 120 s, and arrive live over the socket. Leaving the shell or
 * signing out disconnects on purpose, which stops reconnecting. The handlers say what the rest of the app fetches
 * again for each message (SPEC §7: the household's fines after a fine's news; app/live-refresh.ts) and what it does
 * when the person's household access ends (decision 032).
 */
export function useLiveNotifications(handlers: LiveMessageHandlers = {}) {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.currentUser?.id);
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  // The latest handlers, read when a message arrives: new ones must not reconnect the socket.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useNotifications({ enabled: Boolean(householdId), refetchInterval: NOTIFICATIONS_REFETCH_MS });

  useEffect(() => {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (!userId || !householdId || !token) return;
    const socket = connectLiveSocket(token, {
      onMessage: (message) =>
        handleServerMessage(queryClient, message, {
          refresh: (change) => latest.current.refresh?.(change),
          onHouseholdAccessEnded: (ended) => latest.current.onHouseholdAccessEnded?.(ended),
        }),
      onConnectionLost: () => toast.error("Error", { description: "Connection lost. Please refresh the page." }),
      // The server ended the session: asking for the user again signs this device out (a 401).
      onSessionEnded: () => void useAuthStore.getState().confirmSession(),
    });
    return () => socket.disconnect();
  }, [queryClient, userId, householdId]);
}
