import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  APP_LINK_INVITE_PREFIX,
  FORMER_MEMBER_NAME,
  hasFreeSeat,
  householdFullMessage,
  INVITE_NOT_FOUND_MESSAGE,
  INVITE_TTL_DAYS,
  REMOVED_MEMBER_REJOIN_MESSAGE,
  type HouseholdInvite,
  type InviteDetails,
  type PlanId,
} from "@housemate/contract";
import { effectivePlan } from "../../lib/effective-plan.js";
import type { Config } from "../../config.js";
import type { Database, Executor } from "../../db/client.js";
import { householdRemovals, invites, users } from "../../db/schema.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { lockedHousehold, stillMember } from "../households/departure.js";
import { wasRemoved } from "../households/service.js";
import { randomToken } from "../../lib/tokens.js";
import type { HouseholdRow } from "../../lib/access.js";
import type { UserRow } from "../../plugins/auth.js";
import { ALREADY_MEMBER_MESSAGE, addMember, countMembers, requireValidInvite } from "../households/membership.js";
import { personOf, recordActivity } from "../activity/record.js";
import { requireFreeSeat } from "../plans/limits.js";

/** DESIGN §3: 16+ random bytes; a code is as good as a key to the household's door. */
const INVITE_CODE_BYTES = 18;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An invite's link: the path the phone apps open (their link association, app-links.ts), so it opens in the app. */
const inviteUrlOf = (publicUrl: string, code: string) => `${publicUrl}${APP_LINK_INVITE_PREFIX}${code}`;

/** A new invite link for a household: valid 7 days, usable by any number of people. */
export async function createInvite(
  db: Database,
  params: { householdId: string; creator: UserRow; publicUrl: string; now: Date },
): Promise<{ inviteUrl: string; expires: Date }> {
  const code = randomToken(INVITE_CODE_BYTES);
  const expires = new Date(params.now.getTime() + INVITE_TTL_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    const [invite] = await tx
      .insert(invites)
      .values({
        code,
        householdId: params.householdId,
        createdBy: params.creator.id,
        expiresAt: expires,
        createdAt: params.now,
      })
      .returning({ id: invites.id });
    if (!invite) throw new Error("invite insert returned no row");
    await recordActivity(tx, {
      householdId: params.householdId,
      kind: "invite.created",
      actor: personOf(params.creator),
      subject: { type: "invite", id: invite.id },
      details: { expires: expires.toISOString() },
      at: params.now,
    });
  });
  return { inviteUrl: inviteUrlOf(params.publicUrl, code), expires };
}

/** What the invite landing page shows: unknown or expired codes are a 404 with SPEC's text. */
export async function inviteDetails(
  db: Executor,
  code: string,
  now: Date,
  config: Pick<Config, "plans">,
): Promise<InviteDetails> {
  const { household } = await requireValidInvite(db, code, now);
  return invitingHousehold(db, config, household);
}

/**
 * What someone invited is told of the household, on the invite's landing page and at sign-in through the emailed
 * link alike: its name, its size and, with plans on, that its seats are taken, before they register (decision 046).
 */
export async function invitingHousehold(
  db: Executor,
  config: Pick<Config, "plans">,
  household: { id: string; name: string; plan: PlanId },
): Promise<InviteDetails> {
  const plan = effectivePlan(config, household);
  const memberCount = await countMembers(db, household.id);
  const full = plan !== null && !hasFreeSeat(plan, memberCount);
  return { householdName: household.name, memberCount, fullMessage: full ? householdFullMessage(plan) : null };
}

/**
 * The signed-in person accepts an invite (decision 021): under the display name they chose, if any,
 * they join its household, all in one transaction, so a refused join leaves their name as it was.
 * An unknown or expired code is 404; someone already in a household gets 409.
 */
export async function joinByInvite(
  db: Database,
  params: {
    userId: string;
    code: string;
    displayName: string | undefined;
    publicUrl: string;
    now: Date;
    config: Pick<Config, "plans">;
  },
): Promise<{ household: HouseholdRow; user: UserRow }> {
  return db.transaction(async (tx) => {
    const { household, invite } = await requireValidInvite(tx, params.code, params.now, true);
    // Someone an admin removed comes back only through a link made after the removal (decision 032): one they kept
    // from before would undo the removal.
    const removedAt = await wasRemoved(tx, household.id, params.userId);
    if (removedAt && invite.createdAt <= removedAt) throw forbidden(REMOVED_MEMBER_REJOIN_MESSAGE);
    // Counted under the household's lock, taken with the invite: two people racing for the last seat, one gets in.
    await requireFreeSeat(tx, effectivePlan(params.config, household), household.id);
    if (params.displayName !== undefined) {
      // Renamed first, so the housemates' "joined" notification carries the chosen name.
      const [renamed] = await tx
        .update(users)
        .set({ displayName: params.displayName, displayNameChosen: true, updatedAt: params.now })
        .where(and(eq(users.id, params.userId), isNull(users.householdId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!renamed) throw conflict(ALREADY_MEMBER_MESSAGE);
    }
    const member = await addMember(tx, { ...params, householdId: household.id, isAdmin: false });
    await recordActivity(tx, {
      householdId: household.id,
      kind: "member.joined",
      actor: personOf(member),
      subject: { type: "member", id: member.id },
      details: { member: personOf(member), via: "invite" },
      at: params.now,
    });
    await tx
      .update(invites)
      .set({ timesUsed: sql`${invites.timesUsed} + 1` })
      .where(eq(invites.id, invite.id));
    if (removedAt) {
      await tx
        .delete(householdRemovals)
        .where(and(eq(householdRemovals.householdId, household.id), eq(householdRemovals.userId, params.userId)));
    }
    const [user] = await tx.select().from(users).where(eq(users.id, params.userId)).limit(1);
    if (!user) throw new Error("user vanished while joining");
    return { household, user };
  });
}

/** The household's live invite links (not expired), newest first, with who made each and how often it was used. */
export async function listInvites(
  db: Executor,
  params: { householdId: string; publicUrl: string; now: Date },
): Promise<HouseholdInvite[]> {
  const rows = await db
    .select({ invite: invites, creatorName: users.displayName })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.createdBy))
    .where(and(eq(invites.householdId, params.householdId), gt(invites.expiresAt, params.now)))
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows.map(({ invite, creatorName }) => ({
    id: invite.id,
    invite_url: inviteUrlOf(params.publicUrl, invite.code),
    created_by: invite.createdBy,
    created_by_name: creatorName ?? FORMER_MEMBER_NAME,
    created_at: invite.createdAt.toISOString(),
    expires: invite.expiresAt.toISOString(),
    times_used: invite.timesUsed,
  }));
}

/**
 * Revokes one of the household's invite links (`adminId` must be its admin, checked again under the household's lock
 * as every admin action is): it stops opening anything at once (SPEC's invalid-link text).
 */
export async function revokeInvite(
  db: Database,
  params: { householdId: string; adminId: string; inviteId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedHousehold(tx, params.householdId);
    const admin = await stillMember(tx, params.adminId, params.householdId, true);
    const [revoked] = await tx
      .delete(invites)
      .where(and(eq(invites.id, params.inviteId), eq(invites.householdId, params.householdId)))
      .returning({ id: invites.id, createdBy: invites.createdBy });
    if (!revoked) throw notFound(INVITE_NOT_FOUND_MESSAGE);
    const [creator] = revoked.createdBy ? await tx.select().from(users).where(eq(users.id, revoked.createdBy)) : [];
    await recordActivity(tx, {
      householdId: params.householdId,
      kind: "invite.revoked",
      actor: personOf(admin),
      subject: { type: "invite", id: revoked.id },
      details: { created_by: creator ? personOf(creator) : { id: null, name: FORMER_MEMBER_NAME } },
      at: params.now,
    });
  });
}
