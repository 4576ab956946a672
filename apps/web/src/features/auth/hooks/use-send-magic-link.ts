import { useState } from "react";
import { useLocation } from "react-router";
import type { LoginBody } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { originPath, rememberReturnTo } from "../utils/return-to";

/**
 * Sending the sign-in email from /login or /register: remembers where the visitor was going,
 * and which address the link went to once it is sent (the "check your inbox" state).
 */
export function useSendMagicLink() {
  const location = useLocation();
  const requestMagicLink = useAuthStore((state) => state.requestMagicLink);
  const isSending = useAuthStore((state) => state.isLoading);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(request: LoginBody): Promise<void> {
    rememberReturnTo(originPath(location.state));
    if (await requestMagicLink(request)) setSentTo(request.email);
  }

  return { send, isSending, sentTo, startOver: () => setSentTo(null) };
}
