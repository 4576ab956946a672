import { z } from "zod";
import { successSchema } from "./common.js";
import { inviteDetailsSchema } from "./households.js";
import { singleLineText } from "./text.js";
import { currentUserSchema } from "./users.js";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Please enter a valid email address" }).max(254));

export const loginBody = z.strictObject({
  email: emailSchema,
  /** A name for a new account, cleaned like every free text (decision 018); SPEC §5's rules apply at verification. */
  displayName: singleLineText({ max: 50, tooLong: "Display name can be at most 50 characters" }).optional(),
  inviteCode: z.string().trim().max(200).optional(),
});
export type LoginBody = z.input<typeof loginBody>;
export const loginResponse = z.object({ message: z.string() });

export const verifyQuery = z.object({ token: z.string().min(1).max(200) });
/**
 * The household a sign-in link's invite opens, for the person to confirm on onboarding (decision 021):
 * verification never joins it. `displayName` is the name proposed with the request, only a suggestion, else the
 * person's own once chosen: empty for an account made through /login, whose name the invite step asks for. The
 * household is described as on the invite's landing page, `fullMessage` included (issue 21).
 */
export const pendingInviteSchema = inviteDetailsSchema.extend({
  code: z.string(),
  displayName: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const verifyResponse = z.object({
  token: z.string(),
  expires: z.string(),
  user: currentUserSchema,
  needsOnboarding: z.boolean(),
  /** Set only for a person without a household whose link carried a still-valid invite. */
  invite: pendingInviteSchema.nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const logoutResponse = successSchema;
