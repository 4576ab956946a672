import type { StickyNote } from "@housemate/contract";
import { isPlaceholderNote } from "../api/create-note";
import { SortableNoteList } from "./sortable-note-list";
import { StickyNoteItem } from "./sticky-note-item";

export interface NotesBoardProps {
  notes: StickyNote[];
  onReorder: (noteIds: string[]) => void;
  onSave: (note: StickyNote, content: string) => void;
  onDelete: (note: StickyNote) => void;
}

/**
 * The notes themselves, sortable. Loaded on its own (see notes-card.tsx) so that the drag-and-drop
 * library stays out of the dashboard's first download.
 */
export function NotesBoard({ notes, onReorder, onSave, onDelete }: NotesBoardProps) {
  // A reorder must name every note the server has: not while one is still being added.
  const adding = notes.some(isPlaceholderNote);
  return (
    <SortableNoteList notes={notes} onReorder={onReorder}>
      <div className="@container">
        <ul
          aria-label="Household notes"
          className="-mx-2 grid max-h-[600px] grid-cols-1 content-start gap-3 overflow-y-auto px-2 py-1 @lg:grid-cols-2"
        >
          {notes.map((note) => (
            <StickyNoteItem
              key={note.id}
              note={note}
              pending={isPlaceholderNote(note)}
              canMove={!adding}
              onSave={(content) => onSave(note, content)}
              onDelete={() => onDelete(note)}
            />
          ))}
        </ul>
      </div>
    </SortableNoteList>
  );
}

export default NotesBoard;
