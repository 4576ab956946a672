import { useAuthStore } from "@/lib/auth/auth-store";
import { useHouseholdMembers } from "../api/get-household-members";

/**
 * Whether the signed-in person is an admin of their household, one way for every screen that asks: from the
 * household's member list once it is in (it follows a role changed elsewhere, which the session learns only later),
 * from the session until then.
 */
export function useIsHouseholdAdmin(): boolean {
  const currentUser = useAuthStore((state) => state.currentUser);
  const members = useHouseholdMembers();
  const me = members.data?.find((member) => member.id === currentUser?.id);
  return me?.is_admin ?? currentUser?.is_admin ?? false;
}
