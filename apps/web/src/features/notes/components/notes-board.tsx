import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import type { StickyNote } from "@housemate/contract";
import { isPlaceholderNote } from "../api/create-note";
import { MOVE_INSTRUCTIONS } from "./move-instructions";
import { StickyNoteItem, type NoteMoveBinding } from "./sticky-note-item";

export interface NotesBoardProps {
  notes: StickyNote[];
  onReorder: (noteIds: string[]) => void;
  onSave: (note: StickyNote, content: string) => void;
  onDelete: (note: StickyNote) => void;
}

type Sortable = typeof import("./sortable-note-list");
const loadSortable = () => import("./sortable-note-list");
/** Fetched ahead of the press; a failure shows when the press asks for it. */
const prefetch = () => void loadSortable().catch(() => undefined);

/** The press that asked for the drag and drop, given again to the note's new handle once it is there. */
interface WaitingPress {
  noteId: string;
  replay: (handle: HTMLElement) => void;
}

/**
 * The notes themselves, sortable. The drag and drop (dnd-kit, 16 kB gzipped) is a chunk of its own that the dashboard
 * does not wait for (issue 14): the notes show without it, its download starts when someone reaches for a handle
 * (pointer over it, focus on it), and the board becomes sortable when they press one. The sortable board is a new
 * tree (its notes mount again), so it replaces the plain one only then, when the person is on a handle and not
 * typing; the press is given to the new handle, so that first drag or Space picks the note up.
 */
export function NotesBoard({ notes, onReorder, onSave, onDelete }: NotesBoardProps) {
  const [sortable, setSortable] = useState<Sortable | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const waiting = useRef<WaitingPress | null>(null);
  const instructions = useId();
  // A reorder must name every note the server has: not while one is still being added.
  const adding = notes.some(isPlaceholderNote);

  useEffect(() => {
    const press = waiting.current;
    waiting.current = null;
    if (!sortable || !press) return;
    const handle = list.current?.querySelector<HTMLElement>(
      `[data-note-id="${CSS.escape(press.noteId)}"] [data-note-handle]`,
    );
    if (!handle) return;
    handle.focus();
    press.replay(handle);
  }, [sortable]);

  function standIn(note: StickyNote): NoteMoveBinding {
    const wait = (replay: WaitingPress["replay"]) => {
      waiting.current = { noteId: note.id, replay };
      loadSortable().then(setSortable, (error: unknown) => console.warn("Moving notes is unavailable", error));
    };
    return {
      handleProps: {
        "aria-describedby": instructions,
        onPointerEnter: prefetch,
        onFocus: prefetch,
        onPointerDown: (event: ReactPointerEvent) => {
          if (!event.isPrimary || event.button !== 0 || typeof PointerEvent !== "function") return;
          const init: PointerEventInit = { ...pointerInit(event), bubbles: true, cancelable: true };
          wait((handle) => handle.dispatchEvent(new PointerEvent("pointerdown", init)));
          // Let go before the drag and drop arrived: nothing to pick up.
          window.addEventListener("pointerup", () => void (waiting.current = null), { once: true });
        },
        onKeyDown: (event: KeyboardEvent) => {
          if (event.code !== "Space" && event.code !== "Enter") return;
          event.preventDefault();
          const init: KeyboardEventInit = { code: event.code, key: event.key, bubbles: true, cancelable: true };
          wait((handle) => handle.dispatchEvent(new window.KeyboardEvent("keydown", init)));
        },
      },
    };
  }

  const board = (
    <div className="@container">
      <ul
        ref={list}
        aria-label="Household notes"
        className="-mx-2 grid max-h-[600px] grid-cols-1 content-start gap-3 overflow-y-auto px-2 py-1 @lg:grid-cols-2"
      >
        {notes.map((note) => {
          const item = {
            note,
            pending: isPlaceholderNote(note),
            canMove: !adding,
            onSave: (content: string) => onSave(note, content),
            onDelete: () => onDelete(note),
          };
          return sortable ? (
            <sortable.SortableStickyNote key={note.id} {...item} />
          ) : (
            <StickyNoteItem key={note.id} {...item} move={standIn(note)} />
          );
        })}
      </ul>
    </div>
  );
  if (sortable) {
    return (
      <sortable.SortableNoteList notes={notes} onReorder={onReorder}>
        {board}
      </sortable.SortableNoteList>
    );
  }
  return (
    <>
      {board}
      <p id={instructions} hidden>
        {MOVE_INSTRUCTIONS}
      </p>
    </>
  );
}

function pointerInit(event: ReactPointerEvent): PointerEventInit {
  const { clientX, clientY, screenX, screenY, pointerId, pointerType, isPrimary, button, buttons } = event;
  return { clientX, clientY, screenX, screenY, pointerId, pointerType, isPrimary, button, buttons };
}
