import { APPEAL_VOTING_DAYS } from "@housemate/contract";
import { quotedSentenceEnd } from "../notifications/quote.js";

/** What the house reads about an appeal (`appeal_opened`, `appeal_decided`), told as the fine's own notifications are. */
interface Story {
  issuerName: string;
  offenderName: string;
  ruleTitle: string | null;
  /** Already formatted in the household's currency. */
  amount: string;
}

const under = (ruleTitle: string | null) => (ruleTitle ? `for breaking "${ruleTitle}"` : "under a house rule");

/** To each voter: who appealed what, their reason, and that the vote is theirs. */
export const appealOpenedText = (s: Story, reason: string) => ({
  title: "Fine appealed",
  message:
    `${s.offenderName} appealed the ${s.amount} fine ${s.issuerName} issued ${under(s.ruleTitle)}: ` +
    `${quotedSentenceEnd(reason)} Vote to uphold or cancel it within ${String(APPEAL_VOTING_DAYS)} days.`,
});

/** To the whole house: the outcome, in the words of the fine's 'Appeal decided:' section. */
export const appealDecidedNotice = (s: Story, decided: string) => ({
  title: "Appeal decided",
  message: `The appeal of ${s.offenderName}'s ${s.amount} fine ${under(s.ruleTitle)} is decided. ${decided}`,
});
