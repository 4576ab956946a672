import { useCallback } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useNotesAwaitingDelete } from "../stores/notes-awaiting-delete";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

export function deleteNote(noteId: string): Promise<unknown> {
  return api.call(notesApi.deleteStickyNote, { params: { id: noteId } });
}

/** The deletes waiting for their toast to close, each to be sent now when the page is hidden (decision 037). */
const waiting = new Map<string, () => void>();

function sendAllWaiting() {
  if (document.visibilityState !== "hidden") return;
  for (const send of [...waiting.values()]) send();
}

function wait(noteId: string, send: () => void) {
  if (waiting.size === 0) document.addEventListener("visibilitychange", sendAllWaiting);
  waiting.set(noteId, send);
}

function stopWaiting(noteId: string) {
  waiting.delete(noteId);
  if (waiting.size === 0) document.removeEventListener("visibilitychange", sendAllWaiting);
}

/**
 * Takes a note off the board at once with SPEC's 'Note deleted successfully' and an Undo (issue 18). The delete is
 * sent when the toast closes (or at once if the page is hidden first): Undo before then puts the very same note back,
 * its text, colour, place and author untouched, as the server never lost it (decision 037). A refused delete puts
 * the note back too, with SPEC's 'Failed to delete note'.
 */
export function useDeleteNote() {
  const cache = useNotesCache();
  const { hide, show } = useNotesAwaitingDelete.getState();

  const { mutate } = useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: (note: StickyNote) => deleteNote(note.id),
    onSuccess: (_answer, note) => cache.update((list) => list.filter((each) => each.id !== note.id)),
    onError: () => {
      toast.error("Error", { description: "Failed to delete note" });
    },
    // Shown again: gone from the cache when deleted, back in its place when refused.
    onSettled: (_answer, _error, note) => {
      show(note.id);
      return cache.settle();
    },
  });

  return useCallback(
    (note: StickyNote) => {
      const toastId = `note-deleted-${note.id}`;
      let decided = false;
      const send = () => {
        if (decided) return;
        decided = true;
        stopWaiting(note.id);
        toast.dismiss(toastId);
        mutate(note);
      };
      const undo = () => {
        if (decided) return;
        decided = true;
        stopWaiting(note.id);
        show(note.id);
      };
      hide(note.id);
      wait(note.id, send);
      toast.success("Note deleted successfully", {
        id: toastId,
        action: { label: "Undo", onClick: undo },
        onAutoClose: send,
        onDismiss: send,
      });
    },
    [hide, show, mutate],
  );
}
