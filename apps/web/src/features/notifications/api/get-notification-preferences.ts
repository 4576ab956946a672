import { useEffect } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { type NotificationPreferences, notificationsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** GET /notifications/preferences: in-app and email switches keyed by type id (every type is present). */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.call(notificationsApi.listNotificationPreferences, { signal });
}

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ["notifications", "preferences"] as const,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

/** The signed-in user's preferences (Profile → Preferences); a failed load shows SPEC §8's toast. */
export function useNotificationPreferences() {
  const query = useQuery(getNotificationPreferencesQueryOptions());
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error("Error", { description: "Failed to load notification preferences" });
  }, [failedAt]);
  return query;
}
