import type { PendingInvite } from "@housemate/contract";

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
 * joins it or the person says 'Not now'. Verification never joins on its own. Only onboarding reads it back
 * (features/households/utils/read-pending-invite.ts): reading checks it with the contract's schema, which the
 * signed-in shell, where this module is, would otherwise load on every page (decision 033).
 */
export const PENDING_INVITE_KEY = "pendingInvite";

export const savePendingInvite = (invite: PendingInvite) =>
  sessionStorage.setItem(PENDING_INVITE_KEY, JSON.stringify(invite));
export const forgetPendingInvite = () => sessionStorage.removeItem(PENDING_INVITE_KEY);
