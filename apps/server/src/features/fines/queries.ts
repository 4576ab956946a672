import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { disputes, fineEdits, fines, rules, uploads, users } from "../../db/schema.js";
import type { FineRow } from "./presenter.js";

/** Cancelled fines (accepted disputes) stay in the database for history but are never listed. */
const listed = ne(fines.status, "cancelled");

/** The household's fines, newest first; all of them unless a page is asked for. */
export function listHouseholdFines(db: Executor, householdId: string, page: { limit?: number; offset?: number } = {}) {
  let query = db
    .select()
    .from(fines)
    .where(and(eq(fines.householdId, householdId), listed))
    .orderBy(desc(fines.createdAt), desc(fines.id))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  return query;
}

/** The fines one person received in the household, newest first. */
export function listOffenderFines(db: Executor, householdId: string, offenderId: string) {
  return db
    .select()
    .from(fines)
    .where(and(eq(fines.householdId, householdId), eq(fines.offenderId, offenderId), listed))
    .orderBy(desc(fines.createdAt), desc(fines.id));
}

/** Any fine by id, cancelled ones included (so a refusal can say why). */
export async function findFine(db: Executor, fineId: string): Promise<FineRow | null> {
  const [fine] = await db.select().from(fines).where(eq(fines.id, fineId)).limit(1);
  return fine ?? null;
}

export async function findDispute(db: Executor, fineId: string, disputeId: string) {
  const [dispute] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.fineId, fineId)))
    .limit(1);
  return dispute ?? null;
}

export async function latestDispute(db: Executor, fineId: string) {
  const [dispute] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.fineId, fineId))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(1);
  return dispute ?? null;
}

/** The issuer's changes to a fine, oldest first. */
export function listFineEdits(db: Executor, fineId: string) {
  return db.select().from(fineEdits).where(eq(fineEdits.fineId, fineId)).orderBy(fineEdits.createdAt, fineEdits.id);
}

/** Of `filePaths`, those `userId` finished uploading as fine evidence. */
export async function ownEvidenceUploads(db: Executor, userId: string, filePaths: string[]): Promise<string[]> {
  if (filePaths.length === 0) return [];
  const rows = await db
    .select({ filePath: uploads.filePath })
    .from(uploads)
    .where(
      and(
        inArray(uploads.filePath, filePaths),
        eq(uploads.userId, userId),
        eq(uploads.category, "fine-evidence"),
        isNotNull(uploads.uploadedAt),
      ),
    );
  return rows.map((row) => row.filePath);
}

/** The names and rule title a notification about the fine reads with. */
export async function fineStory(db: Executor, fine: FineRow) {
  const ids = [fine.createdBy, fine.offenderId].filter((id): id is string => id !== null);
  const people = ids.length
    ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids))
    : [];
  const nameOf = (id: string | null) => people.find((person) => person.id === id)?.name ?? "A former housemate";
  const [rule] = fine.ruleId
    ? await db.select({ title: rules.title }).from(rules).where(eq(rules.id, fine.ruleId)).limit(1)
    : [];
  return { issuerName: nameOf(fine.createdBy), offenderName: nameOf(fine.offenderId), ruleTitle: rule?.title ?? null };
}

export async function findUser(db: Executor, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}
