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
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { StickyNote } from "@housemate/contract";
import { noteExcerpt } from "../utils/note-excerpt";
import { MOVE_INSTRUCTIONS } from "./move-instructions";
import { StickyNoteItem, type StickyNoteItemProps } from "./sticky-note-item";

export interface SortableNoteListProps {
  notes: StickyNote[];
  /** Called with every note id in the new order after a note is dropped somewhere new. */
  onReorder: (noteIds: string[]) => void;
  children: ReactNode;
}

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
      return over
        ? `Note ${describe(active.id)} is over ${place(over.id)}.`
        : `Note ${describe(active.id)} is off the board.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Note ${describe(active.id)} dropped at ${place(over.id)}.` : `Note ${describe(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Note ${describe(active.id)} is back at ${place(active.id)}.`,
  };
}

/**
 * The board's drag-and-drop: by mouse or touch on a note's handle, or by keyboard (Space, arrows,
 * Space) with the moves announced to screen readers. A chunk of its own, with dnd-kit: the board shows the notes
 * without it and loads it when someone reaches for a handle (notes-board.tsx).
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

  const accessibility = {
    // announcementsFor touches `moving` only inside dnd-kit's announcement callbacks, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    announcements: announcementsFor(notes, moving),
    screenReaderInstructions: { draggable: MOVE_INSTRUCTIONS },
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A note that dnd-kit moves. */
export function SortableStickyNote(props: Omit<StickyNoteItemProps, "move">) {
  const sortable = useSortable({ id: props.note.id, disabled: props.pending || !props.canMove });
  const move = {
    setNodeRef: sortable.setNodeRef,
    setHandleRef: sortable.setActivatorNodeRef,
    handleProps: { ...sortable.attributes, ...sortable.listeners },
    style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    isDragging: sortable.isDragging,
  };
  return <StickyNoteItem {...props} move={move} />;
}
