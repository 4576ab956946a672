import { and, count, eq, max, sql } from "drizzle-orm";
import {
  NOTE_NOT_FOUND_MESSAGE,
  NOTES_LIMIT_MESSAGE,
  NOTES_PER_HOUSEHOLD_MAX,
  REORDER_NOTES_MESSAGE,
  noteColorSchema,
  type NoteColor,
  type UpdateNoteBody,
} from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { stickyNotes } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import type { UserRow } from "../../plugins/auth.js";
import { findNote, listNotes } from "./queries.js";
import { personOf, recordActivity } from "../activity/record.js";
import { changedFields } from "../activity/changed-fields.js";

type NoteRow = typeof stickyNotes.$inferSelect;

/** What the log's entries about a note share. */
const activityOf = (author: UserRow, note: { id: string; householdId: string }, at: Date) => ({
  householdId: note.householdId,
  actor: personOf(author),
  subject: { type: "note" as const, id: note.id },
  at,
});
const fieldsOf = (note: NoteRow) => ({ content: note.content, color: noteColorSchema.parse(note.color) });

/** Adds a note at the end of the board; 409 once the household has NOTES_PER_HOUSEHOLD_MAX notes. */
export async function createNote(
  db: Database,
  params: { author: UserRow; householdId: string; content: string; color: NoteColor; now: Date },
) {
  return db.transaction(async (tx) => {
    await lockHousehold(tx, params.householdId);
    const [board] = await tx
      .select({ notes: count(), lastPosition: max(stickyNotes.position) })
      .from(stickyNotes)
      .where(eq(stickyNotes.householdId, params.householdId));
    // The lock above makes this count exact: two adds racing at the cap cannot both pass it.
    if ((board?.notes ?? 0) >= NOTES_PER_HOUSEHOLD_MAX) throw conflict(NOTES_LIMIT_MESSAGE);
    const [note] = await tx
      .insert(stickyNotes)
      .values({
        householdId: params.householdId,
        content: params.content,
        color: params.color,
        position: (board?.lastPosition ?? -1) + 1,
        createdBy: params.author.id,
        createdAt: params.now,
        updatedAt: params.now,
      })
      .returning();
    if (!note) throw new Error("sticky note insert returned no row");
    await recordActivity(tx, {
      ...activityOf(params.author, note, params.now),
      kind: "note.added",
      details: fieldsOf(note),
    });
    return { note, authorName: params.author.displayName };
  });
}

/** Changes a note's content and/or colour; 404 if it was deleted meanwhile. */
export async function updateNote(
  db: Database,
  params: { author: UserRow; noteId: string; householdId: string; changes: UpdateNoteBody; now: Date },
) {
  const { changes } = params;
  return db.transaction(async (tx) => {
    const thisNote = and(eq(stickyNotes.id, params.noteId), eq(stickyNotes.householdId, params.householdId));
    // The note as it was, locked, for the log's before and after.
    const [before] = await tx.select().from(stickyNotes).where(thisNote).for("update");
    const [note] = await tx
      .update(stickyNotes)
      .set({
        ...(changes.content === undefined ? {} : { content: changes.content }),
        ...(changes.color === undefined ? {} : { color: changes.color }),
        updatedAt: params.now,
      })
      .where(thisNote)
      .returning();
    if (!note || !before) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    const changed = changedFields(fieldsOf(before), fieldsOf(note));
    // A save that changes nothing (the same text saved again) is no change to log.
    if (Object.keys(changed.before).length > 0) {
      await recordActivity(tx, {
        ...activityOf(params.author, note, params.now),
        kind: "note.edited",
        details: {
          ...changed,
        },
      });
    }
    const updated = await findNote(tx, note.id);
    if (!updated) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    return updated;
  });
}

export async function deleteNote(
  db: Database,
  params: { author: UserRow; noteId: string; householdId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .delete(stickyNotes)
      .where(and(eq(stickyNotes.id, params.noteId), eq(stickyNotes.householdId, params.householdId)))
      .returning();
    if (!note) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    await recordActivity(tx, {
      ...activityOf(params.author, note, params.now),
      kind: "note.deleted",
      details: fieldsOf(note),
    });
  });
}

/** What is wrong with a proposed order, as DESIGN §2 validation details (empty when it is a permutation). */
export function permutationProblems(noteIds: readonly string[], householdNoteIds: readonly string[]) {
  const known = new Set(householdNoteIds);
  const seen = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  noteIds.forEach((id, index) => {
    const path = `body.noteIds.${index}`;
    if (seen.has(id)) problems.push({ path, message: `Note ${id} is listed more than once` });
    else if (!known.has(id)) problems.push({ path, message: `Note ${id} is not a note of your household` });
    seen.add(id);
  });
  for (const id of householdNoteIds) {
    if (!seen.has(id)) problems.push({ path: "body.noteIds", message: `Note ${id} is missing` });
  }
  return problems;
}

/**
 * Puts the household's notes in the order given. The ids must be exactly the household's notes
 * (DESIGN §3), so a board that is out of date is refused rather than half applied.
 */
export async function reorderNotes(
  db: Database,
  params: { author: UserRow; householdId: string; noteIds: string[]; now: Date },
) {
  return db.transaction(async (tx) => {
    await lockHousehold(tx, params.householdId);
    const current = await listNotes(tx, params.householdId);
    const problems = permutationProblems(
      params.noteIds,
      current.map(({ note }) => note.id),
    );
    if (problems.length > 0) throw badRequest(REORDER_NOTES_MESSAGE, problems);
    // The board as it is (an empty one too) is no change, and no change is logged (as a rule or a note saved as it was).
    if (current.every(({ note }, index) => note.id === params.noteIds[index])) return current;

    if (params.noteIds.length > 0) {
      // One statement rewrites every position: CASE id WHEN … THEN <index> … END.
      const cases = params.noteIds.map((id, index) => sql`when ${id}::uuid then ${index}::integer`);
      await tx
        .update(stickyNotes)
        .set({ position: sql`case ${stickyNotes.id} ${sql.join(cases, sql` `)} end` })
        .where(eq(stickyNotes.householdId, params.householdId));
    }
    await recordActivity(tx, {
      householdId: params.householdId,
      kind: "note.reordered",
      actor: personOf(params.author),
      subject: { type: "household", id: params.householdId },
      details: { count: params.noteIds.length },
      at: params.now,
    });
    return listNotes(tx, params.householdId);
  });
}
