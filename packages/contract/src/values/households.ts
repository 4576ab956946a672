/**
 * Households and invites: limits and texts.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../households.ts.
 */
export const INVITE_TTL_DAYS = 7;
export const INVITE_INVALID_MESSAGE = "This invite link is invalid or has expired.";
export const HOUSEHOLD_NOT_FOUND_MESSAGE = "Household not found";
/** SPEC §5: inviting needs a household of one's own. */
export const INVITE_NEEDS_HOUSEHOLD_MESSAGE = "You must be part of a household to invite others";
export const HOUSEHOLD_NAME_MAX = 80;
/** Joining by ID is switched off for the household (docs/decisions/020). */
export const JOIN_BY_ID_OFF_MESSAGE = "This household does not accept joining by ID. Ask a member for an invite link.";
/** A household setting only its admin may change (DESIGN §7 Roles). */
export const HOUSEHOLD_ADMIN_ONLY_MESSAGE = "Only the household's admin can change this.";
