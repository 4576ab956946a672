/**
 * SPEC §2 Invite landing → Register: Join leaves the invite code in session storage, and registering
 * sends it with the sign-up request and then removes it. The households and auth screens share this key.
 */
const INVITE_CODE_KEY = "inviteCode";

export const saveInviteCode = (code: string) => sessionStorage.setItem(INVITE_CODE_KEY, code);
export const readInviteCode = () => sessionStorage.getItem(INVITE_CODE_KEY);
export const forgetInviteCode = () => sessionStorage.removeItem(INVITE_CODE_KEY);
