import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type Member, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { useDeferredQuery } from "@/lib/deferred-query";
import { householdQueryKey } from "./get-household";

/** GET /users?householdId= (SPEC §7): the household's members, as `results` or a plain array. */
export async function getHouseholdMembers(householdId: string, signal?: AbortSignal): Promise<Member[]> {
  // SPEC §7 lets a server answer either way; ours sends the array.
  const answer = (await api.call(usersApi.listUsers, { query: { householdId }, signal })) as
    Member[] | { results?: Member[] };
  return Array.isArray(answer) ? answer : (answer.results ?? []);
}

export function getHouseholdMembersQueryOptions(householdId: string | null | undefined) {
  return queryOptions({
    queryKey: [...householdQueryKey(householdId ?? ""), "members"] as const,
    queryFn: householdId ? ({ signal }) => getHouseholdMembers(householdId, signal) : skipToken,
  });
}

/** Everyone in the signed-in user's household, the user included; idle while they have none. */
export function useHouseholdMembers() {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const options = getHouseholdMembersQueryOptions(householdId);
  return useDeferredQuery(useQuery(options), options.queryKey);
}
