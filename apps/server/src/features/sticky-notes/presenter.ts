import { FORMER_MEMBER_NAME, noteColorSchema, DEFAULT_NOTE_COLOR, type StickyNote } from "@housemate/contract";
import type { stickyNotes } from "../../db/schema.js";

export type StickyNoteRow = typeof stickyNotes.$inferSelect;

/** A note row with its author's display name (null when the author row is gone altogether). */
export interface NoteWithAuthor {
  note: StickyNoteRow;
  authorName: string | null;
}

/** A sticky note as the API shows it (SPEC §3 Sticky note). */
export function presentNote({ note, authorName }: NoteWithAuthor): StickyNote {
  const color = noteColorSchema.safeParse(note.color);
  return {
    id: note.id,
    household_id: note.householdId,
    content: note.content,
    // The column is plain text; a value written outside the API still shows, in the default colour.
    color: color.success ? color.data : DEFAULT_NOTE_COLOR,
    position: note.position,
    created_by: note.createdBy,
    created_by_name: authorName ?? FORMER_MEMBER_NAME,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}
