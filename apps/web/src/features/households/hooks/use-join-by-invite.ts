import { useState } from "react";
import { useNavigate } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { saveInviteCode } from "@/lib/pending-invite";

/**
 * The invite page's Join (SPEC §2 Invite landing). Signed out: the code waits in session storage
 * while the visitor registers, and the emailed link joins them. Signed in without a household: the
 * same emailed link, sent to their own address, joins them at verification — the API has no
 * call that takes an invite code from someone already signed in.
 */
export function useJoinByInvite(code: string) {
  const navigate = useNavigate();
  const currentUser = useAuthStore((state) => state.currentUser);
  const requestMagicLink = useAuthStore((state) => state.requestMagicLink);
  const [isSending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function join() {
    if (!currentUser) {
      saveInviteCode(code);
      navigate("/register");
      return;
    }
    if (currentUser.household_id || isSending) return;
    setSending(true);
    try {
      const sent = await requestMagicLink({
        email: currentUser.email,
        displayName: currentUser.display_name || undefined,
        inviteCode: code,
      });
      if (sent) setSentTo(currentUser.email);
    } finally {
      setSending(false);
    }
  }

  return { join, isSending, sentTo, isMember: Boolean(currentUser?.household_id) };
}
