/**
 * Reminders of unpaid fines (issue 22, docs/decisions/051): a household's settings, their bounds and the one check of
 * them, used by the server on the settings it would store and by the web's form before it sends them.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../households.ts.
 */

/** A household's reminder days, counted from when a fine became payable; null turns that one off. */
export interface ReminderSettings {
  /** The offender's first reminder. */
  first_reminder_days: number | null;
  /** The offender's second reminder: after the first when both are on. */
  second_reminder_days: number | null;
  /** The issuer is told the fine is still unpaid. */
  issuer_notice_days: number | null;
}

/** What a new household starts with (SPEC-free; the 3, 7 and 14 days). */
export const REMINDER_DEFAULTS: ReminderSettings = {
  first_reminder_days: 3,
  second_reminder_days: 7,
  issuer_notice_days: 14,
};
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 60;
export const REMINDER_DAYS_MESSAGE = `Reminder days must be a whole number from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}.`;
export const REMINDER_ORDER_MESSAGE = "The second reminder must come after the first.";

/** Why these settings cannot be stored (the message to show), or null when they can. */
export function reminderSettingsProblem(settings: ReminderSettings): string | null {
  const { first_reminder_days: first, second_reminder_days: second } = settings;
  if (first !== null && second !== null && second <= first) return REMINDER_ORDER_MESSAGE;
  return null;
}
