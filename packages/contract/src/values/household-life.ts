import type { AccessEndedReason } from "./socket.js";

/**
 * Households that change (issue 16, docs/decisions/032): the API's error messages, shown by the web as they are, the
 * reasons a fine is written off, and what a person whose access ended is told.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../household-life.ts.
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
/** What a person whose household access ended is told (the `message` of `household_access_ended`). */
export const ACCESS_ENDED_MESSAGES: Record<AccessEndedReason, string> = {
  removed: "An admin removed you from the household. You can join again only with a new invite link.",
  left: "You left the household.",
  household_deleted: "The household was deleted.",
};
