import type { ReviewBody } from "@housemate/contract";
import { quotedSentenceEnd } from "../notifications/quote.js";

/** What the people of a fine read about it (titles and messages of DESIGN §3's notifications). */
interface Story {
  issuerName: string;
  offenderName: string;
  ruleTitle: string | null;
  /** Already formatted in the household's currency. */
  amount: string;
}

/** What a fine was for, as every notification of it says (the reminders too, features/reminders). */
export const under = (ruleTitle: string | null) => (ruleTitle ? `for breaking "${ruleTitle}"` : "under a house rule");

export const fineReceivedText = (s: Story) => ({
  title: "You've been fined",
  message: `${s.issuerName} fined you ${s.amount} ${under(s.ruleTitle)}.`,
});

export const finePaidText = (s: Story) => ({
  title: "Fine paid",
  message: `${s.offenderName} paid the ${s.amount} fine you issued ${under(s.ruleTitle)}.`,
});

export const fineDisputedText = (s: Story, reason: string) => ({
  title: "Fine disputed",
  message: `${s.offenderName} disputed the ${s.amount} fine you issued ${under(s.ruleTitle)}: ${quotedSentenceEnd(reason)} Please review it.`,
});

/** Reuses SPEC §4's review toasts, so the offender reads what the issuer saw. */
export const disputeResolvedText = (s: Story, action: ReviewBody["action"], reason: string) =>
  action === "accept"
    ? {
        title: "Dispute accepted",
        message: `${s.issuerName} accepted your dispute of the ${s.amount} fine ${under(s.ruleTitle)}. The fine has been removed.`,
      }
    : {
        title: "Dispute declined",
        message: `${s.issuerName} declined your dispute of the ${s.amount} fine ${under(s.ruleTitle)}: ${quotedSentenceEnd(reason)} The fine remains active.`,
      };

/** What an issuer's edit changed, for the offender (`fine_updated`). Amounts already formatted. */
export interface FineChanges {
  amount: { before: string; after: string } | null;
  description: boolean;
  evidence: boolean;
}

export const fineUpdatedText = (s: Story, changes: FineChanges) => {
  const what = [
    ...(changes.amount ? [`amount ${changes.amount.before} → ${changes.amount.after}`] : []),
    ...(changes.description ? ["description changed"] : []),
    ...(changes.evidence ? ["evidence changed"] : []),
  ];
  return {
    title: "Fine changed",
    message: `${s.issuerName} changed the fine you received ${under(s.ruleTitle)}: ${what.join(", ")}.`,
  };
};
