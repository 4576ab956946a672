import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { type StickyNote, type UpdateNoteBody, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

export function updateNote(noteId: string, changes: UpdateNoteBody): Promise<StickyNote> {
  return api.call(notesApi.updateStickyNote, { params: { id: noteId }, body: changes });
}

/** Saves a note's new content or colour, shown at once and put back if the server refuses (SPEC §8). */
export function useUpdateNote() {
  const cache = useNotesCache();

  return useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: ({ noteId, changes }: { noteId: string; changes: UpdateNoteBody }) => updateNote(noteId, changes),
    onMutate: async ({ noteId, changes }) => {
      const before = (await cache.hold()).find((note) => note.id === noteId);
      cache.update((list) => list.map((note) => (note.id === noteId ? { ...note, ...changes } : note)));
      return { before };
    },
    onError: (_error, { noteId }, context) => {
      // Only this note's text and colour go back: other changes made meanwhile stay.
      const before = context?.before;
      if (before) {
        cache.update((list) =>
          list.map((note) => (note.id === noteId ? { ...note, content: before.content, color: before.color } : note)),
        );
      }
      toast.error("Error", { description: "Failed to update note" });
    },
    onSettled: () => cache.settle(),
  });
}
