import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { singleLineText } from "./text.js";
import { userSchema } from "./users.js";
import { REMOVAL_REASON_MAX } from "./values/household-life.js";

/**
 * Households that change (issue 16, docs/decisions/032): members, roles, leaving, removal, deletion and the invite
 * links a household has out. Their texts and limits are in values/household-life.ts.
 */
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
