import type { ProposalStatus } from "@housemate/contract";
import { quotedSentenceEnd } from "../notifications/quote.js";

/**
 * What members read about a spending proposal (`spending_proposed`, `spending_decided`). The title is the proposer's
 * own text, quoted as a fine's rule title is (fines/notifications.ts); the amount is already in the household's
 * currency.
 */
interface Story {
  title: string;
  amount: string;
}

export const spendingProposedText = (s: Story & { proposerName: string }) => ({
  title: "Spending proposed",
  message: `${s.proposerName} proposed spending ${s.amount} on ${quotedSentenceEnd(s.title)} Vote yes or no on the Fund page.`,
});

const DECIDED_TITLES: Record<Exclude<ProposalStatus, "open">, string> = {
  passed: "Spending approved",
  failed: "Spending not approved",
  withdrawn: "Spending withdrawn",
};

const DECIDED_VERBS: Record<Exclude<ProposalStatus, "open">, string> = {
  passed: "passed",
  failed: "failed",
  withdrawn: "was withdrawn",
};

/** Passed, failed or withdrawn, followed by its outcome reason (a sentence of its own). */
export const spendingDecidedText = (s: Story & { status: Exclude<ProposalStatus, "open">; reason: string }) => ({
  title: DECIDED_TITLES[s.status],
  message: `The proposal to spend ${s.amount} on "${s.title}" ${DECIDED_VERBS[s.status]}. ${s.reason}`,
});
