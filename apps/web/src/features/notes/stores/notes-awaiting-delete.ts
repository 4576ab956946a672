import { create } from "zustand";

/**
 * Notes deleted on this device whose delete waits for its toast to close, so that Undo can keep them (decision 037).
 * The board does not show them; the server still has them until the delete is sent.
 */
interface NotesAwaitingDeleteState {
  ids: ReadonlySet<string>;
  hide: (noteId: string) => void;
  show: (noteId: string) => void;
}

export const useNotesAwaitingDelete = create<NotesAwaitingDeleteState>()((set) => ({
  ids: new Set(),
  hide: (noteId) => set(({ ids }) => ({ ids: new Set(ids).add(noteId) })),
  show: (noteId) =>
    set(({ ids }) => {
      if (!ids.has(noteId)) return {};
      const next = new Set(ids);
      next.delete(noteId);
      return { ids: next };
    }),
}));

/**
 * The board's order after a move of its shown notes: each note awaiting its delete keeps its slot, so Undo puts it
 * back where it was, and the reorder still names every note the server has (it must).
 */
export function orderKeepingHidden(
  all: readonly { id: string }[],
  shownOrder: readonly string[],
  hidden: ReadonlySet<string>,
) {
  const shown = shownOrder[Symbol.iterator]();
  return all.flatMap((note) => {
    if (hidden.has(note.id)) return [note.id];
    const next = shown.next();
    return next.done ? [] : [next.value];
  });
}
