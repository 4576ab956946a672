import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { DEFAULT_NOTE_COLOR, type CreateNoteBody, type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { conflictMessageOr } from "@/lib/conflict-message";
import { useAuthStore } from "@/lib/auth/auth-store";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

export function createNote(note: CreateNoteBody): Promise<StickyNote> {
  return api.call(notesApi.createStickyNote, { body: note });
}

const PLACEHOLDER_PREFIX = "adding-";
let placeholders = 0;

/** A note shown on the board while the server has not yet confirmed it: read-only until then. */
export const isPlaceholderNote = (note: Pick<StickyNote, "id">) => note.id.startsWith(PLACEHOLDER_PREFIX);

/** Adds a note at the end of the board at once, replaced by the server's note or taken back (SPEC §8 toasts). */
export function useCreateNote() {
  const cache = useNotesCache();
  const author = useAuthStore((state) => state.currentUser);

  return useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: createNote,
    onMutate: async ({ content, color }) => {
      const notes = await cache.hold();
      const now = new Date().toISOString();
      const placeholder: StickyNote = {
        id: `${PLACEHOLDER_PREFIX}${++placeholders}`,
        household_id: author?.household_id ?? "",
        content: content.trim(),
        color: color ?? DEFAULT_NOTE_COLOR,
        position: (notes.at(-1)?.position ?? -1) + 1,
        created_by: author?.id ?? null,
        created_by_name: author?.display_name ?? "",
        created_at: now,
        updated_at: now,
      };
      cache.update((list) => [...list, placeholder]);
      return { placeholderId: placeholder.id };
    },
    onSuccess: (note, _new, context) => {
      cache.update((list) => list.map((each) => (each.id === context.placeholderId ? note : each)));
      toast.success("Note added successfully");
    },
    onError: (error, _new, context) => {
      if (context) cache.update((list) => list.filter((each) => each.id !== context.placeholderId));
      toast.error("Error", { description: conflictMessageOr(error, "Failed to add note") });
    },
    onSettled: () => cache.settle(),
  });
}
