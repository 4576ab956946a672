import { describe, expect, it } from "vitest";
import {
  ACTIVITY_KINDS,
  FORMER_MEMBER_NAME,
  SYSTEM_ACTOR_NAME,
  WRITTEN_OFF_LEFT_REASON,
  WRITTEN_OFF_REMOVED_REASON,
} from "@housemate/contract";
import { activityEntry, BLAIR, SAMPLE_DETAILS, SAMPLE_SENTENCES } from "../testing/activity-fixtures";
import { activitySentence } from "./activity-sentence";

describe("an activity entry's sentence", () => {
  it.each(ACTIVITY_KINDS.map((kind) => [kind]))("reads %s as one sentence", (kind) => {
    expect(activitySentence(activityEntry(kind), "GBP")).toBe(SAMPLE_SENTENCES[kind]);
  });

  it("writes money in the household's currency", () => {
    expect(activitySentence(activityEntry("fine.issued"), "EUR")).toBe("Alex fined Blair €2.00 for Dishes");
  });

  it("says 'their' when people act on their own fine, and names a deleted account a former member", () => {
    const paid = activityEntry("fine.paid", { ...SAMPLE_DETAILS["fine.paid"], offender: BLAIR }, { actor: BLAIR });
    expect(activitySentence(paid, "GBP")).toBe("Blair paid their £2.00 fine for Dishes");
    const gone = { id: null, name: FORMER_MEMBER_NAME };
    const joined = activityEntry("member.joined", { member: gone, via: "invite" }, { actor: gone });
    expect(activitySentence(joined, "GBP")).toBe("Former member joined with an invite link");
  });

  it("says every change an edit made, and who removed whom with what they owed", () => {
    const renamed = activityEntry("rule.edited", {
      title: "Washing up",
      before: { title: "Dishes", fine_amount: 1, description: "Old" },
      after: { title: "Washing up", fine_amount: 2, description: "New" },
    });
    expect(activitySentence(renamed, "GBP")).toBe(
      "Alex changed Dishes: £1.00 → £2.00, renamed to Washing up, new description",
    );
    const removed = activityEntry("member.removed", { member: BLAIR, fines_written_off: 1, amount_written_off: 2 });
    expect(activitySentence(removed, "GBP")).toBe("Alex removed Blair; 1 fine (£2.00) written off");
    const writtenOff = activityEntry("fine.written_off", {
      ...SAMPLE_DETAILS["fine.written_off"],
      reason: WRITTEN_OFF_REMOVED_REASON,
    });
    expect(activitySentence(writtenOff, "GBP")).toBe("A £2.00 fine for Dishes was written off when Blair was removed");
    const left = activityEntry("fine.written_off", {
      ...SAMPLE_DETAILS["fine.written_off"],
      reason: WRITTEN_OFF_LEFT_REASON,
    });
    expect(activitySentence(left, "GBP")).toBe("A £2.00 fine for Dishes was written off when Blair left");
  });

  it("says how the reminder settings now are, and which were turned off (issue 22)", () => {
    const reminders = activityEntry("household.updated", {
      before: { first_reminder_days: 3, second_reminder_days: 7, issuer_notice_days: 14 },
      after: { first_reminder_days: 5, second_reminder_days: 1, issuer_notice_days: null },
    });
    expect(activitySentence(reminders, "GBP")).toBe(
      "Alex changed the household’s settings: first reminder after 5 days, second reminder after 1 day, issuer notice off",
    );
  });

  it("says an admin was made a member again as their admin role removed, not as if they had joined", () => {
    const demoted = activityEntry("member.role_changed", { member: BLAIR, from: "admin", to: "member" });
    expect(activitySentence(demoted, "GBP")).toBe("Alex removed Blair’s admin role");
    const stepDown = activityEntry(
      "member.role_changed",
      { member: BLAIR, from: "admin", to: "member" },
      { actor: BLAIR },
    );
    expect(activitySentence(stepDown, "GBP")).toBe("Blair removed their admin role");
  });

  it("names Housemate itself when nobody did it (a proposal that failed at its closing time)", () => {
    const failed = activityEntry(
      "proposal.decided",
      { title: "Pizza night", amount: 20, outcome: "failed", reason: "Voting closed", transaction_id: null },
      { actor: { id: null, name: SYSTEM_ACTOR_NAME } },
    );
    expect(activitySentence(failed, "GBP")).toBe("The proposal to spend £20.00 on Pizza night failed: Voting closed");
  });
});
