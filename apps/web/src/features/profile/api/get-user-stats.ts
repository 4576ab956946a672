import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { userStatsSchema, type UserStats, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** GET /users/{id}/stats: the signed-in person's own figures for the Statistics tab (SPEC §2 Profile). */
export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  return userStatsSchema.parse(await api.call(usersApi.getUserStats, { params: { id: userId }, signal }));
}

export const getUserStatsQueryOptions = (userId: string | null | undefined) =>
  queryOptions({
    queryKey: ["users", userId ?? "", "stats"] as const,
    queryFn: userId ? ({ signal }) => getUserStats(userId, signal) : skipToken,
  });

/** Idle until the user is known. */
export function useUserStats(userId: string | null | undefined) {
  return useQuery(getUserStatsQueryOptions(userId));
}
