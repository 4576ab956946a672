import { authApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { normalizeUser, type SessionUser } from "./session-user";

/** GET /auth/me: the signed-in person's own account, with what only they are told (been here before, chose a name). */
export async function getCurrentUser(): Promise<SessionUser> {
  return normalizeUser(await api.call(authApi.getCurrentUser));
}
