import { pendingInviteSchema, type VerifyResponse, authApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { isRecord } from "@/lib/is-record";
import { normalizeUser, type SessionUser } from "./session-user";

export type VerifiedSession = Omit<VerifyResponse, "user"> & { user: SessionUser };

/**
 * GET /auth/verify?token= (SPEC §7): trades the emailed token for a session. Reads token, expires,
 * user and needsOnboarding, and the pending invite (decision 021; null when absent or malformed); an
 * answer with `success: false` is a failure carrying its `error`.
 */
export async function verifyMagicLink(token: string): Promise<VerifiedSession> {
  // Read as unknown: SPEC's older servers answer a refused link with `success: false` and a 200.
  const answer: unknown = await api.call(authApi.verifySignInLink, { query: { token } });
  if (!isRecord(answer) || answer.success === false) {
    throw new Error(
      isRecord(answer) && typeof answer.error === "string" ? answer.error : "Failed to verify magic link",
    );
  }
  if (typeof answer.token !== "string" || typeof answer.expires !== "string") {
    throw new Error("Failed to verify magic link");
  }
  const user = normalizeUser(answer.user);
  const needsOnboarding = typeof answer.needsOnboarding === "boolean" ? answer.needsOnboarding : !user.household_id;
  const invite = pendingInviteSchema.safeParse(answer.invite);
  return {
    token: answer.token,
    expires: answer.expires,
    user,
    needsOnboarding,
    invite: invite.success ? invite.data : null,
  };
}
