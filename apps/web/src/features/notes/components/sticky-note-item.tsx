import { lazy, Suspense, useEffect, useRef, useState, type ButtonHTMLAttributes, type CSSProperties } from "react";
import { GripVertical, Trash2 } from "lucide-react";
import { cleanText, NOTE_MAX_LENGTH, NOTE_SAVE_DELAY_MS, type StickyNote } from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { OFFLINE_REASON, useNeedsServer } from "@/lib/network";
import { cn } from "@/lib/utils";
import { useDebouncedCallback } from "../hooks/use-debounced-callback";
import { NOTE_STYLES } from "../utils/note-colors";
import { noteExcerpt } from "../utils/note-excerpt";

// Loaded when a note is first emptied: most visits never do.
const DeleteEmptyNoteDialog = lazy(() =>
  import("./delete-empty-note-dialog").then((module) => ({ default: module.DeleteEmptyNoteDialog })),
);

/**
 * How a note is wired to the board's drag and drop: dnd-kit's `useSortable` once it has loaded (sortable-note-list.tsx),
 * or the board's own stand-in until then (notes-board.tsx), which loads it when the person reaches for a handle.
 */
export interface NoteMoveBinding {
  setNodeRef?: (element: HTMLElement | null) => void;
  setHandleRef?: (element: HTMLElement | null) => void;
  /** The handle's attributes and listeners. */
  handleProps: ButtonHTMLAttributes<HTMLButtonElement>;
  style?: CSSProperties;
  isDragging?: boolean;
}

export interface StickyNoteItemProps {
  note: StickyNote;
  move: NoteMoveBinding;
  /** Still being added: shown, but not yet editable, movable or deletable. */
  pending?: boolean;
  /** Moving is off while the board is changing shape (a note being added). */
  canMove: boolean;
  onSave: (content: string) => void;
  onDelete: () => void;
}

/**
 * One note on the board, edited in place: the text is saved 500 ms after typing stops (SPEC §9).
 * While the note has focus the text is the person's own; it follows the saved note again on blur. A note left empty
 * asks whether to delete it (issue 18), as an empty text is never saved.
 */
export function StickyNoteItem({ note, move, pending = false, canMove, onSave, onDelete }: StickyNoteItemProps) {
  const { setNodeRef, setHandleRef, handleProps, style, isDragging } = move;
  const [draft, setDraft] = useState(note.content);
  const [askingToDelete, setAskingToDelete] = useState(false);
  const focused = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const save = useDebouncedCallback(onSave, NOTE_SAVE_DELAY_MS);
  // Offline a note is read, not changed (decision 053): its text read-only, its handle and Delete off, each saying
  // why, rather than an edit typed and then put back when its save fails.
  const { offline, offlineProps } = useNeedsServer();

  // A new note object (someone else's edit, a refetch, a rollback, this person's own saved edit) is
  // shown unless the person is typing. Identity, not text: a rollback to the text shown before the
  // edit must still replace the draft.
  const shownContent = useRef(note.content);
  useEffect(() => {
    if (!focused.current) setDraft(note.content);
    // A housemate wrote in the note while this person was asked whether to delete it emptied: the question no longer
    // stands, and their text, never seen here, must not go with a Delete pressed for an empty note.
    if (note.content !== shownContent.current) setAskingToDelete(false);
    shownContent.current = note.content;
  }, [note]);

  function change(value: string) {
    setDraft(value);
    const content = cleanText(value, { multiLine: true });
    if (content && content !== note.content) save.run(content);
    else save.cancel();
  }

  function blur() {
    focused.current = false;
    // A waiting save goes now; an emptied note asks what to do; otherwise the text settles on the saved note.
    if (save.flush()) return;
    if (!pending && !cleanText(draft, { multiLine: true })) setAskingToDelete(true);
    else setDraft(note.content);
  }

  function keepText() {
    setAskingToDelete(false);
    setDraft(note.content);
  }

  function returnToText(event: Event) {
    // The alert dialog has no trigger to return to; a kept note's text is where the person was.
    event.preventDefault();
    field.current?.focus();
  }

  const excerpt = noteExcerpt(note.content);
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-note-id={note.id}
      aria-label={`Note by ${note.created_by_name}`}
      className={cn(
        "group relative flex flex-col gap-1 rounded-sm border p-3 pt-2 shadow-sm transition-shadow",
        NOTE_STYLES[note.color].paper,
        isDragging && "z-10 shadow-lg ring-2 ring-ring",
        pending && "opacity-70",
      )}
    >
      <div className="-mx-1 flex items-center justify-between">
        <button
          type="button"
          ref={setHandleRef}
          {...(offline ? offlineProps : handleProps)}
          data-note-handle=""
          aria-label={`Move note "${excerpt}"`}
          disabled={pending || !canMove}
          className="flex size-8 cursor-grab aria-disabled:cursor-not-allowed aria-disabled:opacity-30 touch-none items-center justify-center rounded-md opacity-60 outline-none hover:bg-black/5 hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing disabled:cursor-default disabled:opacity-30 dark:hover:bg-white/10"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <Button
          variant="ghost"
          size="icon"
          needsServer
          className="size-8 text-current opacity-60 hover:bg-black/5 hover:text-destructive hover:opacity-100 focus-visible:opacity-100 dark:hover:bg-white/10"
          aria-label={`Delete note "${excerpt}"`}
          disabled={pending}
          onClick={() => {
            save.cancel();
            onDelete();
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <textarea
        ref={field}
        aria-label="Note text"
        value={draft}
        readOnly={pending || offline}
        title={offline ? OFFLINE_REASON : undefined}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => change(event.target.value)}
        onFocus={() => (focused.current = true)}
        onBlur={blur}
        rows={2}
        className="field-sizing-content min-h-12 w-full resize-none rounded-sm bg-transparent px-1 text-sm leading-relaxed break-words outline-none placeholder:text-current/50 focus-visible:ring-2 focus-visible:ring-ring/60"
      />
      <p className="px-1 text-xs opacity-75">
        <span className="font-medium">{note.created_by_name}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={note.created_at}>{formatDate(note.created_at)}</time>
      </p>
      {askingToDelete && (
        <Suspense fallback={null}>
          <DeleteEmptyNoteDialog onDelete={onDelete} onKeep={keepText} onCloseAutoFocus={returnToText} />
        </Suspense>
      )}
    </li>
  );
}
