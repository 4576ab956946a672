import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { supportApi, SUPPORT_SENT_DESCRIPTION, SUPPORT_SENT_TITLE, type SupportMessageBody } from "@housemate/contract";
import { api } from "@/lib/api-client";

export function sendSupportMessage(body: SupportMessageBody) {
  return api.call(supportApi.sendSupportMessage, { body });
}

/** 'Contact support' (issue 21): the message goes to the server's SUPPORT_EMAIL; the dialog shows a failure itself. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => toast.success(SUPPORT_SENT_TITLE, { description: SUPPORT_SENT_DESCRIPTION }),
  });
}
