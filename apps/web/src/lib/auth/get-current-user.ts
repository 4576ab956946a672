import { usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { normalizeUser, type SessionUser } from "./session-user";

/** GET /users/{id} for the signed-in user's own profile (SPEC §7 Users). */
export async function getCurrentUser(id: string): Promise<SessionUser> {
  return normalizeUser(await api.call(usersApi.getUser, { params: { id } }));
}
