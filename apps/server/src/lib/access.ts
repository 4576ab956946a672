import { eq } from "drizzle-orm";
import { HOUSEHOLD_ADMIN_ONLY_MESSAGE, HOUSEHOLD_NOT_FOUND_MESSAGE } from "@housemate/contract";
import type { Executor } from "../db/client.js";
import { households } from "../db/schema.js";
import type { HouseholdRow, Session, UserRow } from "../plugins/auth.js";
import { forbidden, notFound } from "./errors.js";

export type { HouseholdRow };

/** Who acts, in which household, when (the app's clock), and the address files are served from. */
export interface Actor {
  user: UserRow;
  household: HouseholdRow;
  now: Date;
  publicUrl: string;
}

/**
 * The one check every household route makes: the household exists (else 404) and the session's user
 * belongs to it (else 403 with SPEC's wording). Returns the household.
 */
export async function requireMember(db: Executor, session: Session, householdId: string): Promise<HouseholdRow> {
  // The caller's own household was read with the session: no second round trip for it.
  if (session.household?.id === householdId) return session.household;
  const [household] = await db.select().from(households).where(eq(households.id, householdId)).limit(1);
  if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
  if (session.user.householdId !== household.id) throw forbidden();
  return household;
}

/** `requireMember`, and the user is the household's admin (DESIGN §7 Roles): else 403. Returns the household. */
export async function requireAdmin(db: Executor, session: Session, householdId: string): Promise<HouseholdRow> {
  const household = await requireMember(db, session, householdId);
  if (!session.user.isAdmin) throw forbidden(HOUSEHOLD_ADMIN_ONLY_MESSAGE);
  return household;
}

/** For routes scoped by the caller's own household (sticky notes, invites by the shell). */
export function requireHousehold(session: Session, message = "You must be part of a household to do this"): string {
  if (!session.user.householdId) throw forbidden(message);
  return session.user.householdId;
}
