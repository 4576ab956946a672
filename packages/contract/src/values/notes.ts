/**
 * Sticky notes: colours, limits, timing and texts.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../notes.ts.
 */
export const NOTE_COLORS = ["yellow", "blue", "green", "pink", "purple"] as const;
export type NoteColor = (typeof NOTE_COLORS)[number];
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
