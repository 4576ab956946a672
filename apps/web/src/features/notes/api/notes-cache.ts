import { useQueryClient } from "@tanstack/react-query";
import type { StickyNote } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { notesQueryKey } from "./get-notes";

/** Every notes mutation carries this key, so the board refetches only once the last one settles. */
export const NOTES_MUTATION_KEY = ["notes", "change"] as const;

/**
 * The cached board, for optimistic updates: `hold` stops a refetch from overwriting a change in
 * flight, `update` edits the list in place, `settle` brings the board back in line with the server.
 */
export function useNotesCache() {
  const queryClient = useQueryClient();
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  const queryKey = notesQueryKey(householdId ?? "");

  return {
    async hold(): Promise<StickyNote[]> {
      await queryClient.cancelQueries({ queryKey });
      return queryClient.getQueryData<StickyNote[]>(queryKey) ?? [];
    },
    update(change: (notes: StickyNote[]) => StickyNote[]) {
      queryClient.setQueryData<StickyNote[]>(queryKey, (notes) => (notes ? change(notes) : notes));
    },
    async settle() {
      // The mutation settling is still counted here; refetching while another is in flight would undo it.
      if (queryClient.isMutating({ mutationKey: NOTES_MUTATION_KEY }) > 1) return;
      await queryClient.invalidateQueries({ queryKey });
    },
  };
}
