import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";

export const NOTE_COLORS = ["yellow", "blue", "green", "pink", "purple"] as const;
export const noteColorSchema = z.enum(NOTE_COLORS);
export type NoteColor = z.infer<typeof noteColorSchema>;
export const DEFAULT_NOTE_COLOR: NoteColor = "yellow";
export const NOTE_MAX_LENGTH = 1000;
export const NOTE_SAVE_DELAY_MS = 500;

export const stickyNoteSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  content: z.string(),
  color: noteColorSchema,
  position: z.number().int(),
  created_by: idSchema.nullable(),
  created_by_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type StickyNote = z.infer<typeof stickyNoteSchema>;

const content = z.string().trim().min(1, "Note cannot be empty").max(NOTE_MAX_LENGTH);
export const createNoteBody = z.object({ content, color: noteColorSchema.default(DEFAULT_NOTE_COLOR) });
export const updateNoteBody = z.object({ content: content.optional(), color: noteColorSchema.optional() });
export const reorderNotesBody = z.object({ noteIds: z.array(idSchema).max(1000) });
