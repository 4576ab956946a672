import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { currencySchema, DEFAULT_API_CURRENCY } from "./currency.js";
import { singleLineText } from "./text.js";
import { displayNameSchema, userSchema } from "./users.js";

export const INVITE_TTL_DAYS = 7;
export const INVITE_INVALID_MESSAGE = "This invite link is invalid or has expired.";
export const HOUSEHOLD_NOT_FOUND_MESSAGE = "Household not found";
/** SPEC §5: inviting needs a household of one's own. */
export const INVITE_NEEDS_HOUSEHOLD_MESSAGE = "You must be part of a household to invite others";
export const HOUSEHOLD_NAME_MAX = 80;

export const householdSchema = z.object({
  id: idSchema,
  name: z.string(),
  created_by: idSchema.nullable(),
  iso_4217_code: currencySchema,
  created_at: timestampSchema,
});
export type Household = z.infer<typeof householdSchema>;

export const createHouseholdBody = z.strictObject({
  name: singleLineText({
    min: 1,
    tooShort: "Household name is required",
    max: HOUSEHOLD_NAME_MAX,
    tooLong: `Household name can be at most ${HOUSEHOLD_NAME_MAX} characters`,
  }),
  created_by: idSchema.optional(),
  iso_4217_code: currencySchema.default(DEFAULT_API_CURRENCY),
});
export type CreateHouseholdBody = z.input<typeof createHouseholdBody>;

export const joinHouseholdBody = z.strictObject({ user_id: idSchema.optional() });
export const joinHouseholdResponse = z.object({
  success: z.literal(true),
  household: householdSchema,
});

export const createInviteResponse = z.object({ inviteUrl: z.string(), expires: timestampSchema });
export const inviteDetailsSchema = z.object({
  householdName: z.string(),
  memberCount: z.number().int(),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

/**
 * POST /invites/{code}/join (decision 021): the signed-in caller joins the invite's household, under the
 * display name they chose if they give one (sanitised and checked like the profile's).
 */
export const joinByInviteBody = z.strictObject({ display_name: displayNameSchema.optional() });
export type JoinByInviteBody = z.input<typeof joinByInviteBody>;
export const joinByInviteResponse = joinHouseholdResponse.extend({ user: userSchema });
export type JoinByInviteResponse = z.infer<typeof joinByInviteResponse>;

/** Invite codes are opaque; the cap keeps junk out of the lookup. */
export const inviteCodeParams = z.object({ code: z.string().min(1).max(200) });
