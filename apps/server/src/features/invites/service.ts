import { INVITE_TTL_DAYS, type InviteDetails } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { invites } from "../../db/schema.js";
import { randomToken } from "../../lib/tokens.js";
import { countMembers, requireValidInvite } from "../households/membership.js";

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
