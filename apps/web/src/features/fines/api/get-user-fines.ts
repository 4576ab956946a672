import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Fine } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { newestFirst } from "../utils/fine-order";

/** The fines one member has received. */
export async function getUserFines(offenderId: string, signal?: AbortSignal): Promise<Fine[]> {
  return newestFirst(await api.get<Fine[]>(`/fines/user/${offenderId}`, { signal }));
}

export const getUserFinesQueryOptions = (offenderId: string | null | undefined) =>
  queryOptions({
    queryKey: ["fines", "user", offenderId ?? ""] as const,
    queryFn: offenderId ? ({ signal }) => getUserFines(offenderId, signal) : skipToken,
  });

/** The fines a member has received, newest first; idle until the member is known. */
export function useUserFines(offenderId: string | null | undefined) {
  return useQuery(getUserFinesQueryOptions(offenderId));
}
