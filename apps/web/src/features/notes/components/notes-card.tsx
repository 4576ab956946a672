import { useEffect, useId, useRef } from "react";
import { RotateCw, StickyNote as StickyNoteIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCreateNote } from "../api/create-note";
import { useDeleteNote } from "../api/delete-note";
import { useNotes } from "../api/get-notes";
import { useReorderNotes } from "../api/reorder-notes";
import { useUpdateNote } from "../api/update-note";
import { orderKeepingHidden, useNotesAwaitingDelete } from "../stores/notes-awaiting-delete";
import { AddNoteForm } from "./add-note-form";
import { NotesBoard } from "./notes-board";

function NotesSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading notes">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

/** The household's sticky-notes board on the dashboard (SPEC §2): add, edit in place, delete and reorder. */
export function NotesCard() {
  const notes = useNotes();
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const reorderNotes = useReorderNotes();
  const awaitingDelete = useNotesAwaitingDelete((state) => state.ids);
  const all = notes.data ?? [];
  // A note deleted here is off the board at once, though the server keeps it until Undo's toast closes.
  const list = all.filter((note) => !awaitingDelete.has(note.id));
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A note deleted here takes with it what had focus (its trash button, or 'Delete this note?'): focus goes to the
  // note now in its place, else the one before it, else the card's heading, never to the page's <body>.
  const deletedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = deletedAt.current;
    if (index === null) return;
    deletedAt.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const fields = card.current?.querySelectorAll<HTMLTextAreaElement>('textarea[aria-label="Note text"]') ?? [];
    (fields[index] ?? fields[index - 1] ?? heading.current)?.focus();
  });
  const deleteAndKeepFocus = (note: (typeof list)[number]) => {
    deletedAt.current = list.indexOf(note);
    deleteNote(note);
  };

  return (
    // Two of the dashboard grid's three columns on wide screens: a board needs room to read. A region named by its
    // title, so a screen reader can jump to it.
    <Card ref={card} role="region" aria-labelledby={titleId} className="xl:col-span-2">
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <StickyNoteIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <CardTitle ref={heading} id={titleId} tabIndex={-1} className="text-base outline-none">
          Household Notes
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <AddNoteForm onAdd={(note) => createNote.mutate(note)} />
        {notes.isPending ? (
          <NotesSkeleton />
        ) : notes.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-md border border-dashed px-4 py-6 text-center"
          >
            <p className="text-sm text-destructive">Failed to load notes</p>
            <Button
              needsServer
              variant="outline"
              size="sm"
              onClick={() => void notes.refetch()}
              disabled={notes.isFetching}
            >
              <RotateCw className={notes.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No notes yet. Add the first one for your household.
          </p>
        ) : (
          <NotesBoard
            notes={list}
            onReorder={(noteIds) => reorderNotes.mutate(orderKeepingHidden(all, noteIds, awaitingDelete))}
            onSave={(note, content) => updateNote.mutate({ noteId: note.id, changes: { content } })}
            onDelete={deleteAndKeepFocus}
          />
        )}
      </CardContent>
    </Card>
  );
}
