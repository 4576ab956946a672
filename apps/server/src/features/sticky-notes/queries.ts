import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { stickyNotes, users } from "../../db/schema.js";
import type { NoteWithAuthor } from "./presenter.js";

const withAuthor = { note: stickyNotes, authorName: users.displayName };

/** The household's notes in board order; ties (never written by the API) fall back to age. */
export function listNotes(db: Executor, householdId: string): Promise<NoteWithAuthor[]> {
  return db
    .select(withAuthor)
    .from(stickyNotes)
    .leftJoin(users, eq(users.id, stickyNotes.createdBy))
    .where(eq(stickyNotes.householdId, householdId))
    .orderBy(asc(stickyNotes.position), asc(stickyNotes.createdAt), asc(stickyNotes.id));
}

/** One note with its author, whichever household it belongs to, or null. */
export async function findNote(db: Executor, noteId: string): Promise<NoteWithAuthor | null> {
  const [row] = await db
    .select(withAuthor)
    .from(stickyNotes)
    .leftJoin(users, eq(users.id, stickyNotes.createdBy))
    .where(eq(stickyNotes.id, noteId))
    .limit(1);
  return row ?? null;
}
