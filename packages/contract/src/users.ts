import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { multiLineText } from "./text.js";
import { rawTextLimit } from "./values/text.js";
import { AWAY_TIME_ZONE_MESSAGE, isTimeZone } from "./values/away.js";
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MESSAGE,
  isValidDisplayName,
  sanitizeDisplayName,
} from "./values/users.js";

/** Bounds the raw input, sanitises, then validates with SPEC §5's message. */
export const displayNameSchema = z
  .string()
  .max(rawTextLimit(DISPLAY_NAME_MAX), { message: DISPLAY_NAME_MESSAGE, abort: true })
  .transform(sanitizeDisplayName)
  .refine(isValidDisplayName, { message: DISPLAY_NAME_MESSAGE });

/** A calendar date, YYYY-MM-DD. */
export const dateOnlySchema = z.iso.date({ message: "Give a date as YYYY-MM-DD." });

export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  display_name: z.string(),
  photo_url: z.string().nullable(),
  bio: z.string().nullable(),
  household_id: idSchema.nullable(),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /**
   * Issue 22 (values/away.ts): the last day they are away, as they typed it, or null. Kept after it passes; housemates
   * see it, so the app can show who is away.
   */
  away_until: dateOnlySchema.nullable(),
  /**
   * When that away ends: the start of the day after `away_until` in the person's own time zone (null with it). Whether
   * someone is away is `isAway(away_ends_at, now)`, wherever the viewer is.
   */
  away_ends_at: timestampSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The signed-in person as they see themselves (GET /auth/me and the verify answer): a user plus what only they are
 * told. Sign-in times stay on the server; even these two flags never reach a housemate (memberSchema).
 */
export const currentUserSchema = userSchema.extend({
  /** They had signed in before the session they are using: 'Welcome back', not 'Welcome'. */
  visited_before: z.boolean(),
  /** False while the name is the one made from their email address (signed up through /login): onboarding asks. */
  display_name_chosen: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A housemate as others in the household see them: none of the person's own flags. */
export const memberSchema = userSchema;
export type Member = User;

export const listUsersQuery = z.object({ householdId: idSchema });

export const updateUserBody = z
  .object({
    display_name: displayNameSchema.optional(),
    photo_url: z.string().max(2048).nullable().optional(),
    bio: multiLineText({ max: BIO_MAX, tooLong: `Bio can be at most ${BIO_MAX} characters` })
      .nullable()
      .optional(),
    household_id: idSchema.nullable().optional(),
    is_admin: z.boolean().optional(),
    /**
     * Away until this day (today up to AWAY_MAX_DAYS ahead in `away_time_zone`, on the server's clock:
     * `awayDateProblem`); null = back.
     */
    away_until: dateOnlySchema.nullable().optional(),
    /** The person's IANA time zone, whose midnight ends their last day away; UTC when not given. */
    away_time_zone: z.string().refine(isTimeZone, { message: AWAY_TIME_ZONE_MESSAGE }).optional(),
  })
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;
/** The same body after sanitising (what the server acts on). */
export type UserProfileChanges = z.output<typeof updateUserBody>;
