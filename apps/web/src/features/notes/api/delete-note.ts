import { useCallback } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { type StickyNote, notesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { beforeSignOut } from "@/lib/before-sign-out";
import { useNotesAwaitingDelete } from "../stores/notes-awaiting-delete";
import { NOTES_MUTATION_KEY, useNotesCache } from "./notes-cache";

export function deleteNote(noteId: string, { keepalive = false } = {}): Promise<unknown> {
  return api.call(notesApi.deleteStickyNote, { params: { id: noteId }, keepalive });
}

/**
 * A waiting delete, sent now (`keepalive` when the page is going away; resolves once it has its answer), or dropped
 * unsent (`drop`) when the household it belongs to is gone from this person.
 */
type SendNow = (how: { keepalive: boolean; drop?: boolean }) => Promise<void>;

/** The deletes waiting for their toast to close (decision 037). */
const waiting = new Map<string, SendNow>();

function sendAll(how: Parameters<SendNow>[0]): Promise<void> {
  return Promise.allSettled([...waiting.values()].map((send) => send(how))).then(() => undefined);
}

// A hidden page may never come back (a reload, a closed tab or app): what waits goes now, and outlives the page.
function sendAsPageGoes() {
  if (document.visibilityState === "hidden") void sendAll({ keepalive: true });
}
function sendAsPageHides() {
  void sendAll({ keepalive: true });
}

function wait(noteId: string, send: SendNow) {
  if (waiting.size === 0) {
    document.addEventListener("visibilitychange", sendAsPageGoes);
    window.addEventListener("pagehide", sendAsPageHides);
  }
  waiting.set(noteId, send);
}

function stopWaiting(noteId: string) {
  waiting.delete(noteId);
  if (waiting.size === 0) {
    document.removeEventListener("visibilitychange", sendAsPageGoes);
    window.removeEventListener("pagehide", sendAsPageHides);
  }
}

/**
 * Sends every waiting delete now and resolves once each has its answer: before the person signs out (while the
 * session they need still stands) and when their household ends. The toast closing later sends nothing more.
 */
export function sendWaitingDeletes(): Promise<void> {
  return sendAll({ keepalive: false });
}

beforeSignOut(sendWaitingDeletes);

/**
 * The person's access to the household ended: a delete still waiting is dropped unsent, with its toast. The server
 * would refuse it now (they are no longer a member), and a 'Failed to delete note' about a household they can no
 * longer see would only puzzle them.
 */
export function dropWaitingDeletes(): Promise<void> {
  return sendAll({ keepalive: false, drop: true });
}

/**
 * Takes a note off the board at once with SPEC's 'Note deleted successfully' and an Undo (issue 18). The delete is
 * sent when the toast closes, or at once if the page is hidden or the person signs out first: Undo before then puts the very same note back,
 * its text, colour, place and author untouched, as the server never lost it (decision 037). A refused delete puts
 * the note back too, with SPEC's 'Failed to delete note'.
 */
export function useDeleteNote() {
  const cache = useNotesCache();
  const { hide, show } = useNotesAwaitingDelete.getState();

  const { mutateAsync } = useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: ({ note, keepalive }: { note: StickyNote; keepalive: boolean }) => deleteNote(note.id, { keepalive }),
    onSuccess: (_answer, { note }) => cache.update((list) => list.filter((each) => each.id !== note.id)),
    onError: () => {
      toast.error("Error", { description: "Failed to delete note" });
    },
    // Shown again: gone from the cache when deleted, back in its place when refused.
    onSettled: (_answer, _error, { note }) => {
      show(note.id);
      return cache.settle();
    },
  });

  return useCallback(
    (note: StickyNote) => {
      const toastId = `note-deleted-${note.id}`;
      let decided = false;
      const send: SendNow = async ({ keepalive, drop = false }) => {
        if (decided) return;
        decided = true;
        stopWaiting(note.id);
        toast.dismiss(toastId);
        if (drop) return;
        // Signed out meanwhile with no chance to send (the session expired): no one to send it as, nothing to report.
        if (!useAuthStore.getState().isAuthenticated) {
          show(note.id);
          return;
        }
        // A refusal is the mutation's to report ('Failed to delete note'); here only its end is awaited.
        await mutateAsync({ note, keepalive }).catch(() => undefined);
      };
      const sendAsToastCloses = () => void send({ keepalive: false });
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
        onAutoClose: sendAsToastCloses,
        onDismiss: sendAsToastCloses,
      });
    },
    [hide, show, mutateAsync],
  );
}
