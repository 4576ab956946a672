import { under } from "../fines/notifications.js";

/** What a reminder says about its fine (issue 22): the names and the amount already as people read them. */
export interface ReminderStory {
  issuerName: string;
  offenderName: string;
  ruleTitle: string | null;
  /** In the household's currency. */
  amount: string;
  /** Whole days since the fine was issued. */
  daysSinceIssued: number;
}

const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

/**
 * The offender's reminder (`fine_reminder`): who fined them, for what, how much and how long ago. It says "second"
 * only when a first reminder really went (`firstSent`): a second stage sent alone (the first off, skipped while they
 * were away or before the settings existed) is, to them, their first reminder.
 */
export function offenderReminderText(story: ReminderStory, { firstSent }: { firstSent: boolean }) {
  const reminder = `${story.issuerName} fined you ${story.amount} ${under(story.ruleTitle)} ${days(story.daysSinceIssued)} ago, and it is still unpaid.`;
  return firstSent
    ? { title: "Second reminder: your fine is unpaid", message: `${reminder} This is your second reminder.` }
    : { title: "Reminder: your fine is unpaid", message: reminder };
}

/** The issuer's notice (`fine_unpaid`): the fine they issued has gone unpaid. */
export const issuerNoticeText = (story: ReminderStory) => ({
  title: "Fine still unpaid",
  message: `${story.offenderName} has not paid the ${story.amount} fine you issued ${under(story.ruleTitle)} after ${days(story.daysSinceIssued)}.`,
});
