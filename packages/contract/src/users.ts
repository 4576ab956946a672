import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { cleanText, multiLineText, rawTextLimit } from "./text.js";

export const DISPLAY_NAME_MESSAGE =
  "Display name can only contain letters, numbers, spaces, hyphens, periods, and underscores (1-50 characters)";

/** SPEC §5: profiles are visible only within one's household. */
export const PROFILE_FORBIDDEN_MESSAGE = "You can only view profiles of users in your household";
/** What a deleted account is called wherever the household's history still shows it. */
export const FORMER_MEMBER_NAME = "Former member";

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\d _.-]{1,50}$/u;
/** A tag: `<`, no `<` or `>`, then `>` (a `<` inside starts the next try, which keeps this linear). */
const MARKUP = /<[^<>]*>/g;
const DANGEROUS_WORDS =
  /\b(select|insert|update|delete|drop|union|alter|create|exec|execute|script|javascript|vbscript|onerror|onload)\b/gi;

/** SPEC §5: strip invisible characters, markup tags and SQL/script keywords, then trim. */
export function sanitizeDisplayName(raw: string): string {
  return cleanText(raw, { multiLine: false })
    .replace(MARKUP, "")
    .replace(DANGEROUS_WORDS, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function isValidDisplayName(name: string): boolean {
  return DISPLAY_NAME_PATTERN.test(name);
}

/** Bounds the raw input, sanitises, then validates with SPEC §5's message. */
export const displayNameSchema = z
  .string()
  .max(rawTextLimit(DISPLAY_NAME_MAX), { message: DISPLAY_NAME_MESSAGE, abort: true })
  .transform(sanitizeDisplayName)
  .refine(isValidDisplayName, { message: DISPLAY_NAME_MESSAGE });

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
});
export type User = z.infer<typeof userSchema>;

/** A housemate as others in the household see them. */
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
  })
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;
/** The same body after sanitising (what the server acts on). */
export type UserProfileChanges = z.output<typeof updateUserBody>;
