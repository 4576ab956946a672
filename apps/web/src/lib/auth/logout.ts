import { authApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** POST /auth/logout (SPEC §7): revokes the session on the server. The answer is not read. */
export async function logoutSession(): Promise<void> {
  await api.call(authApi.signOut);
}
