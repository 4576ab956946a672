import { type LoginBody, authApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** POST /auth/login (SPEC §7). displayName and inviteCode go only when given (SPEC §5). */
export function requestMagicLink({ email, displayName, inviteCode }: LoginBody): Promise<unknown> {
  const body: LoginBody = { email };
  if (displayName) body.displayName = displayName;
  if (inviteCode) body.inviteCode = inviteCode;
  return api.call(authApi.requestSignInLink, { body });
}
