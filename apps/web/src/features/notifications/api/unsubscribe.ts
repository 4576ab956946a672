import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mailApi, type Unsubscribe } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getNotificationPreferencesQueryOptions } from "./get-notification-preferences";
import { getUnsubscribeQueryOptions } from "./get-unsubscribe";

/** POST /mail/unsubscribe?token= (issue 22): turns that type's email off; repeating it changes nothing. */
export function unsubscribe(token: string): Promise<Unsubscribe> {
  // No body: the form field is for mail clients (RFC 8058).
  return api.call(mailApi.unsubscribe, { query: { token }, body: undefined });
}

/** Unsubscribes through the link's token; the answer is what the link is for, its email now off. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => {
      queryClient.setQueryData(getUnsubscribeQueryOptions(token).queryKey, answer);
      // A signed-in person with Preferences cached sees the switch off when they go there.
      void queryClient.invalidateQueries({ queryKey: getNotificationPreferencesQueryOptions().queryKey });
    },
  });
}
