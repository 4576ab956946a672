import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { currencySchema } from "./currency.js";
import { singleLineText } from "./text.js";
import { displayNameSchema, userSchema } from "./users.js";
import { DEFAULT_API_CURRENCY } from "./values/currency.js";
import { HOUSEHOLD_NAME_MAX } from "./values/households.js";
import { REMINDER_DAYS_MAX, REMINDER_DAYS_MESSAGE, REMINDER_DAYS_MIN } from "./values/reminders.js";

export const householdSchema = z.object({
  id: idSchema,
  name: z.string(),
  created_by: idSchema.nullable(),
  iso_4217_code: currencySchema,
  created_at: timestampSchema,
  /**
   * What people type and copy as "the household ID" (SPEC §2): equal to `id` until an admin rotates it, after
   * which only the new code joins (docs/decisions/020).
   */
  join_code: idSchema,
  /** Whether the household can be joined by its code at all; invite links work either way. */
  join_by_id: z.boolean(),
  /** Issue 22 (values/reminders.ts): days after which an unpaid fine's reminders go out; null = that one is off. */
  first_reminder_days: z.number().int().nullable(),
  second_reminder_days: z.number().int().nullable(),
  issuer_notice_days: z.number().int().nullable(),
});
export type Household = z.infer<typeof householdSchema>;

/** A household's name, at creation and when renamed: the same rules both times. */
export const householdNameSchema = singleLineText({
  min: 1,
  tooShort: "Household name is required",
  max: HOUSEHOLD_NAME_MAX,
  tooLong: `Household name can be at most ${HOUSEHOLD_NAME_MAX} characters`,
});

export const createHouseholdBody = z.strictObject({
  name: householdNameSchema,
  created_by: idSchema.optional(),
  iso_4217_code: currencySchema.default(DEFAULT_API_CURRENCY),
});
export type CreateHouseholdBody = z.input<typeof createHouseholdBody>;

/** A reminder's days in a household's settings: a whole number of days, or null to turn it off. */
const reminderDaysSchema = z
  .number({ message: REMINDER_DAYS_MESSAGE })
  .int({ message: REMINDER_DAYS_MESSAGE })
  .min(REMINDER_DAYS_MIN, { message: REMINDER_DAYS_MESSAGE })
  .max(REMINDER_DAYS_MAX, { message: REMINDER_DAYS_MESSAGE })
  .nullable();

/**
 * PATCH /households/{id} (admin only): the household's settings, each optional, at least one given. A new currency
 * while the household has fines needs `confirmKeepAmounts: true`: amounts are kept as numbers, never converted
 * (docs/decisions/032); without it the answer is 409 `CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE`.
 */
export const updateHouseholdBody = z
  .strictObject({
    name: householdNameSchema.optional(),
    iso_4217_code: currencySchema.optional(),
    join_by_id: z.boolean().optional(),
    /**
     * The reminder days (issue 22). Their order is checked on the settings as they would be stored, the unchanged ones
     * included (`reminderSettingsProblem`, 400 on the field).
     */
    first_reminder_days: reminderDaysSchema.optional(),
    second_reminder_days: reminderDaysSchema.optional(),
    issuer_notice_days: reminderDaysSchema.optional(),
    /** The admin has been told that existing amounts keep their numbers in the new currency. */
    confirmKeepAmounts: z.literal(true).optional(),
  })
  // A setting sent as undefined (`{ "join_by_id": undefined }` from a client's object) survives parsing as a key,
  // which the inferred type does not say.
  .refine(
    ({ confirmKeepAmounts: _confirmation, ...settings }) =>
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      Object.values(settings).some((value) => value !== undefined),
    { message: "Give at least one setting to change" },
  );
export type UpdateHouseholdBody = z.infer<typeof updateHouseholdBody>;

/** POST /households/{id}/join: `id` is the household's join code (its ID until rotated). */
export const joinHouseholdBody = z.strictObject({ user_id: idSchema.optional() });
export const joinHouseholdResponse = z.object({
  success: z.literal(true),
  household: householdSchema,
});

export const createInviteResponse = z.object({ inviteUrl: z.string(), expires: timestampSchema });
export const inviteDetailsSchema = z.object({
  householdName: z.string(),
  memberCount: z.number().int(),
  /** Set when the household's plan has no free seat (issue 21): the message joining would be refused with. */
  fullMessage: z.string().nullable(),
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
