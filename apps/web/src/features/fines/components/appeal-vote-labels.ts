import type { AppealVote } from "@housemate/contract";

/** A vote's button words (issue 21): short, as a row of a card has room for. */
export const VOTE_BUTTON_LABELS: Record<AppealVote, string> = { uphold: "Uphold", cancel: "Cancel fine" };
