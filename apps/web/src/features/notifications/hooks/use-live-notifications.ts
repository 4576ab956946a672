import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { AUTH_TOKEN_KEY } from "@/lib/api-client";
import { connectLiveSocket } from "@/lib/socket";
import { NOTIFICATIONS_REFETCH_MS, useNotifications } from "../api/get-notifications";
import { handleServerMessage } from "../api/live-messages";

/**
 * SPEC §4 Session data, for the signed-in shell: while the user has a household, notifications load
 * with the rest, are fetched again every 120 s, and arrive live over the socket. Leaving the shell or
 * signing out disconnects on purpose, which stops reconnecting. `onFineChanged` runs on each
 * fine-related notification (SPEC §7: the household's fines are fetched again).
 */
export function useLiveNotifications({ onFineChanged }: { onFineChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.currentUser?.id);
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  // The latest callback, read when a message arrives: a new one must not reconnect the socket.
  const fineChanged = useRef(onFineChanged);
  useEffect(() => {
    fineChanged.current = onFineChanged;
  });

  useNotifications({ enabled: Boolean(householdId), refetchInterval: NOTIFICATIONS_REFETCH_MS });

  useEffect(() => {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (!userId || !householdId || !token) return;
    const socket = connectLiveSocket(token, {
      onMessage: (message) => handleServerMessage(queryClient, message, () => fineChanged.current?.()),
      onConnectionLost: () => toast.error("Error", { description: "Connection lost. Please refresh the page." }),
      // The server ended the session: asking for the user again signs this device out (a 401).
      onSessionEnded: () => void useAuthStore.getState().confirmSession(),
    });
    return () => socket.disconnect();
  }, [queryClient, userId, householdId]);
}
