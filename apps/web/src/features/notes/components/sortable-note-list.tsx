import { useRef, type ReactNode } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { StickyNote } from "@housemate/contract";
import { noteExcerpt } from "../utils/note-excerpt";

export interface SortableNoteListProps {
  notes: StickyNote[];
  /** Called with every note id in the new order after a note is dropped somewhere new. */
  onReorder: (noteIds: string[]) => void;
  children: ReactNode;
}

const SCREEN_READER_INSTRUCTIONS =
  "To move a note, press Space or Enter on its handle. Use the arrow keys to move it, Space or Enter to drop it, or Escape to cancel.";

/**
 * What a screen reader hears while a note moves: which note, and where it is now. `moving` holds
 * whether the note has left its place yet, so the pick-up is not drowned by "over its own place".
 */
function announcementsFor(notes: StickyNote[], moving: { current: boolean }): Announcements {
  const ids = notes.map((note) => note.id);
  const describe = (id: UniqueIdentifier) => `"${noteExcerpt(notes.find((note) => note.id === id)?.content ?? "")}"`;
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => {
      moving.current = false;
      return `Picked up note ${describe(active.id)} at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moving.current && over?.id === active.id) return undefined;
      moving.current = true;
      return over ? `Note ${describe(active.id)} is over ${place(over.id)}.` : `Note ${describe(active.id)} is off the board.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Note ${describe(active.id)} dropped at ${place(over.id)}.` : `Note ${describe(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Note ${describe(active.id)} is back at ${place(active.id)}.`,
  };
}

/**
 * The board's drag-and-drop: by mouse or touch on a note's handle, or by keyboard (Space, arrows,
 * Space) with the moves announced to screen readers.
 */
export function SortableNoteList({ notes, onReorder, children }: SortableNoteListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = notes.map((note) => note.id);
  const moving = useRef(false);

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements: announcementsFor(notes, moving), screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
