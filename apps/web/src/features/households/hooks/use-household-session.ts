import { useHousehold } from "../api/get-household";
import { useHouseholdMembers } from "../api/get-household-members";

/**
 * SPEC §4 Session data: while the signed-in user has a household, its details and members are loaded
 * (and kept in the query cache for every screen). Signing out clears the cache (the auth store does).
 */
export function useHouseholdSession() {
  useHousehold();
  useHouseholdMembers();
}
