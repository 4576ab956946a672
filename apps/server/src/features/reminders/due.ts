import { isAway, type ReminderSettings } from "@housemate/contract";
import { DAY_MS } from "../../lib/day-range.js";

/** A fine's reminders (issue 22): the offender's first and second, and the issuer's notice that it is unpaid. */
export type ReminderStage = "first" | "second" | "issuer";

/** What decides a pending fine's reminders, read under its lock. */
export interface FineReminderState {
  /** When the fine became payable: its declined dispute's decision, else its issue. */
  payableFrom: Date;
  /** Its appeal is open: the house is still deciding whether it stands. */
  underAppeal: boolean;
  /** The offender's account is live and still in the fine's household. */
  offenderReachable: boolean;
  /** When the offender's away ends (`away_ends_at`), or null. */
  offenderAwayEndsAt: Date | null;
  /** The issuer's account is live and still in the fine's household. */
  issuerReachable: boolean;
  /** When the issuer's away ends, or null: a notice waits for them too. */
  issuerAwayEndsAt: Date | null;
  /** The stages already written, sent or skipped: each is written once. */
  written: ReadonlySet<ReminderStage>;
}

export interface RemindersDue {
  /** Each sent now, at most one of them the offender's. */
  send: ReminderStage[];
  /** Written as skipped (no notification): an earlier stage of the offender's that a later one overtook. */
  skip: ReminderStage[];
}

const NOTHING: RemindersDue = { send: [], skip: [] };

/**
 * Which of a fine's reminders are due at `now` under these settings (docs/decisions/051). Computed afresh at each run
 * from the fine, the settings and the people as they now are, so a change of any of them needs nothing rescheduled.
 *
 * - The offender gets the latest of their stages that is due and not yet written, never two at once: a second that is
 *   due when the first has not gone (they were away, or the settings changed) goes alone, and the first is skipped.
 *   Once a later stage is written, an earlier one never goes.
 * - Everything waits while the offender is away (the issuer's notice too: they are on holiday, not refusing to pay),
 *   and the issuer's notice waits while the issuer is away (reminders pause for the away person, both ways); nothing
 *   goes to someone who has left or deleted their account.
 * - A stage's day is `payableFrom` plus whole 24-hour days (`DAY_MS`), never calendar days: the batch read in SQL adds
 *   `make_interval(hours => days * 24)`, so both agree to the millisecond whatever the database's time zone.
 */
export function remindersDue(settings: ReminderSettings, fine: FineReminderState, now: Date): RemindersDue {
  if (fine.underAppeal || !fine.offenderReachable || isAway(fine.offenderAwayEndsAt, now)) return NOTHING;
  const reached = (days: number | null) => days !== null && fine.payableFrom.getTime() + days * DAY_MS <= now.getTime();
  const due = (stage: ReminderStage, days: number | null) => !fine.written.has(stage) && reached(days);

  const send: ReminderStage[] = [];
  const skip: ReminderStage[] = [];
  if (due("second", settings.second_reminder_days)) {
    send.push("second");
    if (due("first", settings.first_reminder_days)) skip.push("first");
  } else if (!fine.written.has("second") && due("first", settings.first_reminder_days)) {
    send.push("first");
  }
  const issuerHere = fine.issuerReachable && !isAway(fine.issuerAwayEndsAt, now);
  if (issuerHere && due("issuer", settings.issuer_notice_days)) send.push("issuer");
  return { send, skip };
}

/** Whole days from `from` to `to`. */
export const wholeDaysBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
