import { pendingInviteSchema, type PendingInvite } from "@housemate/contract";
import { PENDING_INVITE_KEY } from "@/lib/pending-invite";

/** The invite a verified sign-in link left for onboarding, or null when there is none or it is not one (anything may sit in storage). */
export function readPendingInvite(): PendingInvite | null {
  const stored = sessionStorage.getItem(PENDING_INVITE_KEY);
  if (!stored) return null;
  try {
    const parsed = pendingInviteSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
