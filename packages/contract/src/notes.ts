import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { multiLineText } from "./text.js";
import { DEFAULT_NOTE_COLOR, NOTE_COLORS, NOTE_MAX_LENGTH, NOTES_PER_HOUSEHOLD_MAX } from "./values/notes.js";
export const noteColorSchema = z.enum(NOTE_COLORS);

export const stickyNoteSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  content: z.string(),
  color: noteColorSchema,
  position: z.number().int(),
  created_by: idSchema.nullable(),
  /** The author's display name; 'Former member' once their account is deleted. */
  created_by_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type StickyNote = z.infer<typeof stickyNoteSchema>;
/** A household's notes in board order (position ascending). */
export const stickyNoteListSchema = z.array(stickyNoteSchema);

const content = multiLineText({
  min: 1,
  tooShort: "Note cannot be empty",
  max: NOTE_MAX_LENGTH,
  tooLong: `Note can be at most ${NOTE_MAX_LENGTH} characters`,
});
export const createNoteBody = z.strictObject({ content, color: noteColorSchema.default(DEFAULT_NOTE_COLOR) });
export type CreateNoteBody = z.input<typeof createNoteBody>;
export const updateNoteBody = z
  .strictObject({ content: content.optional(), color: noteColorSchema.optional() })
  .refine((changes) => changes.content !== undefined || changes.color !== undefined, {
    message: "Give the note's content or color to change",
  });
export type UpdateNoteBody = z.infer<typeof updateNoteBody>;
/** SPEC §3: the household's note ids in their new order (a permutation, checked by the server). */
export const reorderNotesBody = z.strictObject({
  noteIds: z.array(idSchema).max(NOTES_PER_HOUSEHOLD_MAX),
});
export type ReorderNotesBody = z.infer<typeof reorderNotesBody>;
