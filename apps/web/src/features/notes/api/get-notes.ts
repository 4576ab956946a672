import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** GET /sticky-notes (SPEC §7): the household's notes in board order, as an array or nested under data. */
export async function getNotes(signal?: AbortSignal): Promise<StickyNote[]> {
  // SPEC §7 lets a server nest the array under data.data; ours sends the array.
  const answer = (await api.call(notesApi.listStickyNotes, { signal })) as
    StickyNote[] | { data?: StickyNote[] } | undefined;
  return Array.isArray(answer) ? answer : (answer?.data ?? []);
}

export const notesQueryKey = (householdId: string) => ["notes", householdId] as const;

export function getNotesQueryOptions(householdId: string | null | undefined) {
  return queryOptions({
    queryKey: notesQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getNotes(signal) : skipToken,
  });
}

/** The signed-in user's household board; idle while they have no household. */
export function useNotes() {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  return useQuery(getNotesQueryOptions(householdId));
}
