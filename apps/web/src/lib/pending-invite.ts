import { pendingInviteSchema, type PendingInvite } from "@housemate/contract";

/**
 * SPEC §2 Invite landing → Register: Join leaves the invite code in session storage, and registering
 * sends it with the sign-up request and then removes it. The households and auth screens share this key.
 */
const INVITE_CODE_KEY = "inviteCode";

export const saveInviteCode = (code: string) => sessionStorage.setItem(INVITE_CODE_KEY, code);
export const readInviteCode = () => sessionStorage.getItem(INVITE_CODE_KEY);
export const forgetInviteCode = () => sessionStorage.removeItem(INVITE_CODE_KEY);

/**
 * The invite a verified sign-in link carried (decision 021): kept from /auth/verify until onboarding
 * joins it or the person says 'Not now'. Verification never joins on its own.
 */
const PENDING_INVITE_KEY = "pendingInvite";

export const savePendingInvite = (invite: PendingInvite) =>
  sessionStorage.setItem(PENDING_INVITE_KEY, JSON.stringify(invite));
export const forgetPendingInvite = () => sessionStorage.removeItem(PENDING_INVITE_KEY);

/** The stored invite, or null when there is none or it is not one (anything may sit in storage). */
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
