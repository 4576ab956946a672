/**
 * Fines: statuses, dispute markers, limits and texts.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../fines.ts.
 */
/**
 * A listed fine's status. `cancelled` is a fine written off when its offender left or was removed (its
 * `cancel_reason` says which; docs/decisions/032): listed so its issuer sees what became of it, never payable or
 * disputable. A fine cancelled by an accepted dispute is not listed at all (SPEC: removed from the list).
 */
export const FINE_STATUSES = ["pending", "paid", "disputed", "cancelled"] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];
export const DISPUTE_REASON_MARKER = "Dispute reason:";
export const DISPUTE_DECLINED_MARKER = "Dispute declined:";
/** The sections an appeal appends (issue 21, docs/decisions/047), shown as blocks like the dispute's. */
export const APPEAL_MARKER = "Appeal:";
export const APPEAL_DECIDED_MARKER = "Appeal decided:";
export const REASON_MIN_LENGTH = 5;
export const DISPUTE_REASON_MESSAGE = "Dispute reason must be at least 5 characters long";
export const REVIEW_REASON_MESSAGE = "Reason must be at least 5 characters long";
export const REVIEW_ACTION_MESSAGE = "You must select an action";
export const EVIDENCE_IMAGES_MAX = 5;
export const NO_HOUSEHOLD_FINE_MESSAGE = "You must be part of a household to issue fines";
export const FINE_TEXT_MAX = 1000;
/** 409 for an edit of a fine that was ever disputed: its amount and text are what the dispute was about. */
export const FINE_DISPUTED_NO_EDIT_MESSAGE = "This fine has been disputed, so it can no longer be changed.";
const MARKERS = [DISPUTE_REASON_MARKER, DISPUTE_DECLINED_MARKER, APPEAL_MARKER, APPEAL_DECIDED_MARKER];
export const DISPUTE_MARKER_MESSAGE = `Text cannot contain "${DISPUTE_REASON_MARKER}", "${DISPUTE_DECLINED_MARKER}", "${APPEAL_MARKER}" or "${APPEAL_DECIDED_MARKER}": those are added by the dispute and the appeal themselves.`;
/**
 * The server alone appends the 'Dispute reason:' / 'Dispute declined:' sections (SPEC §2) and the appeal's 'Appeal:' /
 * 'Appeal decided:', and the web builds the fine card's blocks from them: text a person writes may not carry a marker
 * in any case, or it could forge one.
 */
export const hasDisputeMarker = (text: string) => {
  const lower = text.toLowerCase();
  return MARKERS.some((marker) => lower.includes(marker.toLowerCase()));
};
/** SPEC §7: a list of fines is a page of 10 unless the caller asks for another size. */
export const FINE_PAGE_DEFAULT = 10;
export const FINE_PAGE_MAX = 100;
export const INVALID_CURSOR_MESSAGE = "This page of fines no longer exists. Start again from the first page.";
export const REVIEW_ACTIONS = ["accept", "decline"] as const;
export const DISPUTE_STATUSES = ["pending", "accepted", "declined"] as const;
