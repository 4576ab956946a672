import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { multiLineText } from "./text.js";

export const NOTE_COLORS = ["yellow", "blue", "green", "pink", "purple"] as const;
export const noteColorSchema = z.enum(NOTE_COLORS);
export type NoteColor = z.infer<typeof noteColorSchema>;
export const DEFAULT_NOTE_COLOR: NoteColor = "yellow";
/** SPEC §9 colour names, in the picker's order. */
export const NOTE_COLOR_LABELS: Record<NoteColor, string> = {
  yellow: "Yellow",
  blue: "Blue",
  green: "Green",
  pink: "Pink",
  purple: "Purple",
};
export const NOTE_MAX_LENGTH = 1000;
/** Notes one household may keep; also the longest list a reorder may send. */
export const NOTES_PER_HOUSEHOLD_MAX = 200;
export const NOTES_LIMIT_MESSAGE = `A household can have at most ${NOTES_PER_HOUSEHOLD_MAX} sticky notes. Delete one to add another.`;
/** SPEC §9: an edit is saved once typing has stopped this long. */
export const NOTE_SAVE_DELAY_MS = 500;

export const NOTES_NEED_HOUSEHOLD_MESSAGE = "You must be part of a household to use sticky notes";
export const NOTE_NOT_FOUND_MESSAGE = "Note not found";
export const REORDER_NOTES_MESSAGE = "noteIds must list every note of your household exactly once";

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
