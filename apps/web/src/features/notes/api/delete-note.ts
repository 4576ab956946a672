import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

export function deleteNote(noteId: string): Promise<unknown> {
  return api.call(notesApi.deleteStickyNote, { params: { id: noteId } });
}

/** Takes a note off the board at once; it comes back where it was if the server refuses (SPEC §8). */
export function useDeleteNote() {
  const cache = useNotesCache();

  return useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: (note: StickyNote) => deleteNote(note.id),
    onMutate: async (note) => {
      const index = (await cache.hold()).findIndex((each) => each.id === note.id);
      cache.update((list) => list.filter((each) => each.id !== note.id));
      return { index };
    },
    onSuccess: () => {
      toast.success("Note deleted successfully");
    },
    onError: (_error, note, context) => {
      cache.update((list) => {
        if (list.some((each) => each.id === note.id)) return list;
        const at = context && context.index >= 0 ? Math.min(context.index, list.length) : list.length;
        return [...list.slice(0, at), note, ...list.slice(at)];
      });
      toast.error("Error", { description: "Failed to delete note" });
    },
    onSettled: () => cache.settle(),
  });
}
