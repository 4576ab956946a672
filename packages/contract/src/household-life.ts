import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import type { AccessEndedReason } from "./socket.js";
import { singleLineText } from "./text.js";
import { userSchema } from "./users.js";

/**
 * Households that change (issue 16, docs/decisions/032): members, roles, leaving, removal, deletion and the invite
 * links a household has out. The texts below are the API's error messages, shown by the web as they are.
 */

/** 409: a currency change while the household has fines, sent without `confirmKeepAmounts: true`. */
export const CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE =
  "This household already has fines. Their amounts will keep their numbers in the new currency, not be converted: confirm to change it.";
/** 409: leaving (or being asked to leave) while owing pending or disputed fines, without `confirmWriteOff: true`. */
export const LEAVE_OWES_FINES_MESSAGE =
  "You owe pending or disputed fines. Confirm that they will be written off to leave the household.";
/** 409: the only admin leaving while others remain. */
export const ONLY_ADMIN_CANNOT_LEAVE_MESSAGE =
  "You are the household's only admin. Make another member admin before you leave.";
/** 409: the only admin stepping down. */
export const ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE =
  "You are the household's only admin. Make another member admin before you step down.";
/** 409: the last member leaving without `confirmDeleteHousehold: true`. */
export const LAST_MEMBER_LEAVE_MESSAGE =
  "You are the last member: leaving deletes the household and all its data. Confirm to delete it.";
/** 409: deleting a household that still has other members. */
export const DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE =
  "A household can only be deleted by its last member. Hand over to another admin and leave instead.";
/** 409: an admin asking to remove themselves. */
export const REMOVE_SELF_MESSAGE = "To leave the household yourself, use Leave household.";
/** 403: an admin asking to take the admin role from someone else. */
export const STEP_DOWN_ONLY_SELF_MESSAGE = "An admin can step down only themselves.";
/** 404: the person named is not (or no longer) a member of the household. */
export const MEMBER_NOT_FOUND_MESSAGE = "That person is not a member of this household.";
/** 404: the invite link named is not one of the household's live links. */
export const INVITE_NOT_FOUND_MESSAGE = "Invite link not found";
/** 403: someone an admin removed, joining by the household ID or by an invite link made before the removal. */
export const REMOVED_MEMBER_REJOIN_MESSAGE =
  "You were removed from this household. Ask a member for a new invite link to join again.";

/** The `cancel_reason` of a fine written off because its offender left (or deleted their account). */
export const WRITTEN_OFF_LEFT_REASON = "Left the household";
/** The `cancel_reason` of a fine written off because an admin removed its offender. */
export const WRITTEN_OFF_REMOVED_REASON = "Removed from the household";

export const REMOVAL_REASON_MAX = 200;

/** One member as the household's settings page lists them. */
export const householdMemberSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  photo_url: z.string().nullable(),
  is_admin: z.boolean(),
  /** When they joined this household. */
  joined_at: timestampSchema,
  /** Fines they owe that are pending or disputed, and their sum in the household's currency. */
  pending_fines_owed: z.number().int(),
  pending_amount_owed: z.number(),
  /** Fines they issued in this household (cancelled ones not counted). */
  fines_issued: z.number().int(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;
export const householdMembersSchema = z.array(householdMemberSchema);

export const memberParams = z.object({ id: idSchema, userId: idSchema });
export const inviteParams = z.object({ id: idSchema, inviteId: idSchema });

/**
 * PUT /households/{id}/members/{userId}/role (admin): `true` makes a member admin; `false` on oneself steps down,
 * allowed while another admin remains.
 */
export const setMemberRoleBody = z.strictObject({ is_admin: z.boolean() });
export type SetMemberRoleBody = z.infer<typeof setMemberRoleBody>;

/** POST /households/{id}/leave: the confirmations the rules may ask for (see the 409 messages above). */
export const leaveHouseholdBody = z.strictObject({
  /** Pending and disputed fines the leaver owes are written off (cancelled, 'Left the household'). */
  confirmWriteOff: z.literal(true).optional(),
  /** The leaver is the last member: the household and all its data are deleted. */
  confirmDeleteHousehold: z.literal(true).optional(),
});
export type LeaveHouseholdBody = z.infer<typeof leaveHouseholdBody>;

/** POST /households/{id}/members/{userId}/remove (admin): the reason is required, and told to the person removed. */
export const removeMemberBody = z.strictObject({
  reason: singleLineText({
    min: 1,
    tooShort: "Give a reason for removing this member",
    max: REMOVAL_REASON_MAX,
    tooLong: `The reason can be at most ${REMOVAL_REASON_MAX} characters`,
  }),
});
export type RemoveMemberBody = z.input<typeof removeMemberBody>;

/** What a departure did to the fines: those owed written off, disputes to review handed to an admin. */
export const departureSchema = z.object({
  user_id: idSchema,
  fines_written_off: z.number().int(),
  amount_written_off: z.number(),
  disputes_handed_over: z.number().int(),
  /** The admin who now reviews the disputes the person had issued; null when there were none. */
  disputes_handed_to: idSchema.nullable(),
});
export type Departure = z.infer<typeof departureSchema>;

/** The leaver's answer: what happened, and their account as it now is (no household). */
export const leaveHouseholdResponse = departureSchema.extend({
  household_deleted: z.boolean(),
  user: userSchema,
});
export type LeaveHouseholdResponse = z.infer<typeof leaveHouseholdResponse>;

export const deleteHouseholdResponse = z.object({ success: z.literal(true), user: userSchema });

/** A live invite link of the household. */
export const householdInviteSchema = z.object({
  id: idSchema,
  invite_url: z.string(),
  /** Who made it; null once their account is deleted. */
  created_by: idSchema.nullable(),
  created_by_name: z.string(),
  created_at: timestampSchema,
  expires: timestampSchema,
  times_used: z.number().int(),
});
export type HouseholdInvite = z.infer<typeof householdInviteSchema>;
export const householdInvitesSchema = z.array(householdInviteSchema);

/** What a person whose household access ended is told (the `message` of `household_access_ended`). */
export const ACCESS_ENDED_MESSAGES: Record<AccessEndedReason, string> = {
  removed: "An admin removed you from the household. You can join again only with a new invite link.",
  left: "You left the household.",
  household_deleted: "The household was deleted.",
};
