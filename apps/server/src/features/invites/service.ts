import { and, eq, isNull } from "drizzle-orm";
import { INVITE_TTL_DAYS, type InviteDetails } from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { invites, users } from "../../db/schema.js";
import { conflict } from "../../lib/errors.js";
import { randomToken } from "../../lib/tokens.js";
import type { HouseholdRow } from "../../lib/access.js";
import type { UserRow } from "../../plugins/auth.js";
import { ALREADY_MEMBER_MESSAGE, addMember, countMembers, requireValidInvite } from "../households/membership.js";

/** DESIGN §3: 16+ random bytes; a code is as good as a key to the household's door. */
const INVITE_CODE_BYTES = 18;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A new invite link for a household: valid 7 days, usable by any number of people. */
export async function createInvite(
  db: Executor,
  params: { householdId: string; createdBy: string; publicUrl: string; now: Date },
): Promise<{ inviteUrl: string; expires: Date }> {
  const code = randomToken(INVITE_CODE_BYTES);
  const expires = new Date(params.now.getTime() + INVITE_TTL_DAYS * DAY_MS);
  await db.insert(invites).values({
    code,
    householdId: params.householdId,
    createdBy: params.createdBy,
    expiresAt: expires,
    createdAt: params.now,
  });
  return { inviteUrl: `${params.publicUrl}/invite/${code}`, expires };
}

/** What the invite landing page shows: unknown or expired codes are a 404 with SPEC's text. */
export async function inviteDetails(db: Executor, code: string, now: Date): Promise<InviteDetails> {
  const { household } = await requireValidInvite(db, code, now);
  return { householdName: household.name, memberCount: await countMembers(db, household.id) };
}

/**
 * The signed-in person accepts an invite (decision 021): under the display name they chose, if any,
 * they join its household, all in one transaction, so a refused join leaves their name as it was.
 * An unknown or expired code is 404; someone already in a household gets 409.
 */
export async function joinByInvite(
  db: Database,
  params: { userId: string; code: string; displayName: string | undefined; publicUrl: string; now: Date },
): Promise<{ household: HouseholdRow; user: UserRow }> {
  return db.transaction(async (tx) => {
    const { household } = await requireValidInvite(tx, params.code, params.now);
    if (params.displayName !== undefined) {
      // Renamed first, so the housemates' "joined" notification carries the chosen name.
      const [renamed] = await tx
        .update(users)
        .set({ displayName: params.displayName, updatedAt: params.now })
        .where(and(eq(users.id, params.userId), isNull(users.householdId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!renamed) throw conflict(ALREADY_MEMBER_MESSAGE);
    }
    await addMember(tx, { ...params, householdId: household.id, isAdmin: false });
    const [user] = await tx.select().from(users).where(eq(users.id, params.userId)).limit(1);
    if (!user) throw new Error("user vanished while joining");
    return { household, user };
  });
}
