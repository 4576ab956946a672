/**
 * Sign-in by emailed link: its limits and texts.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../auth.ts.
 */
export const MAGIC_LINK_TTL_MINUTES = 15;
export const SESSION_TTL_DAYS = 30;
export const LOGIN_LIMIT_PER_EMAIL = 5;
export const LOGIN_LIMIT_PER_IP = 30;
export const LOGIN_LIMIT_WINDOW_MINUTES = 15;
export const LOGIN_SENT_MESSAGE = "Check your email for a magic link to sign in";
/** The one answer to an expired, used, unknown or altered sign-in link. */
export const MAGIC_LINK_INVALID_MESSAGE = "This sign-in link is invalid or has expired. Please request a new one.";
