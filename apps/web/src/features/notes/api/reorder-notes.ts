import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

/** POST /sticky-notes/reorder (SPEC §7): every note id of the household, in the new order. */
export function reorderNotes(noteIds: string[]): Promise<StickyNote[]> {
  return api.call(notesApi.reorderStickyNotes, { body: { noteIds } });
}

/** Puts `ids` first-to-last in that order; notes it does not name keep their place at the end. */
function inOrder(notes: StickyNote[], ids: string[]): StickyNote[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...notes].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

/** Shows the new order at once, and the old one again if the server refuses (SPEC §8). */
export function useReorderNotes() {
  const cache = useNotesCache();

  return useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: reorderNotes,
    onMutate: async (noteIds) => {
      const previousIds = (await cache.hold()).map((note) => note.id);
      cache.update((list) => inOrder(list, noteIds));
      return { previousIds };
    },
    onError: (_error, _noteIds, context) => {
      if (context) cache.update((list) => inOrder(list, context.previousIds));
      toast.error("Error", { description: "Failed to reorder notes" });
    },
    onSettled: () => cache.settle(),
  });
}
