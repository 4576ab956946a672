import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  type NotificationPreference,
  type NotificationPreferences,
  type NotificationTypeId,
  notificationsApi,
} from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getNotificationPreferencesQueryOptions } from "./get-notification-preferences";

export interface PreferenceChange {
  typeId: NotificationTypeId;
  preference: NotificationPreference;
}

/** PUT /notifications/preferences/{typeId} with the type's switches (push_enabled too, issue 23). */
export function updateNotificationPreference({
  typeId,
  preference,
}: PreferenceChange): Promise<NotificationPreference> {
  return api.call(notificationsApi.updateNotificationPreference, { params: { typeId }, body: preference });
}

/** SPEC §8: the switch moves at once, moves back with a toast if the server refuses, and confirms on success. */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreference,
    async onMutate({ typeId, preference }) {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (preferences): NotificationPreferences | undefined =>
        preferences ? { ...preferences, [typeId]: preference } : preferences,
      );
      return { previous };
    },
    onSuccess(saved, { typeId }) {
      queryClient.setQueryData(queryKey, (preferences) =>
        preferences ? { ...preferences, [typeId]: saved } : preferences,
      );
      toast.success("Notification preference updated");
    },
    onError(_error, _change, context) {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error("Error", { description: "Failed to update notification preference" });
    },
  });
}
