/**
 * The notification types (SPEC §9) and the list limit.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../notifications.ts.
 */
export const NOTIFICATION_TYPES = [
  { id: "fine_received", category: "fines", description: "Someone issued you a fine" },
  { id: "fine_paid", category: "fines", description: "A fine you issued was paid" },
  { id: "fine_disputed", category: "fines", description: "A fine you issued was disputed" },
  { id: "dispute_resolved", category: "fines", description: "Your dispute was reviewed" },
  { id: "fine_updated", category: "fines", description: "A fine you received was changed" },
  { id: "appeal_opened", category: "fines", description: "A housemate appealed a fine: the house votes" },
  { id: "appeal_decided", category: "fines", description: "An appeal you were part of was decided" },
  { id: "fine_reminder", category: "fines", description: "A reminder that a fine you owe is still unpaid" },
  { id: "fine_unpaid", category: "fines", description: "A fine you issued has gone unpaid for a while" },
  { id: "household_joined", category: "household", description: "Someone joined your household" },
  { id: "member_left", category: "household", description: "Someone left your household" },
  { id: "member_removed", category: "household", description: "Someone was removed from your household, or you were" },
  { id: "household_updated", category: "household", description: "Your household was renamed or its currency changed" },
  { id: "admin_changed", category: "household", description: "Someone became or stopped being an admin" },
  { id: "plan_changed", category: "household", description: "Your household's plan changed" },
  { id: "rule_created", category: "rules", description: "A house rule was created" },
  { id: "rule_updated", category: "rules", description: "A house rule was changed" },
  { id: "rule_deleted", category: "rules", description: "A house rule was deleted" },
  { id: "spending_proposed", category: "fund", description: "A housemate proposed spending the fine fund" },
  { id: "spending_decided", category: "fund", description: "A spending proposal passed, failed or was withdrawn" },
  {
    id: "weekly_digest",
    category: "household",
    description: "A weekly email of what happened in your household",
    channels: ["email"],
  },
] as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPES)[number]["id"];
export const NOTIFICATION_TYPE_IDS = NOTIFICATION_TYPES.map((t) => t.id) as [
  NotificationTypeId,
  ...NotificationTypeId[],
];
export const FINE_NOTIFICATION_TYPES: readonly NotificationTypeId[] = [
  "fine_received",
  "fine_paid",
  "fine_disputed",
  "dispute_resolved",
  "fine_updated",
  "appeal_opened",
  "appeal_decided",
  "fine_reminder",
  "fine_unpaid",
];

/**
 * How a notification can reach someone: each is a switch of its own in Preferences. `push` (issue 23) reaches the
 * devices the person turned pushes on for (values/push.ts), even with the app closed.
 */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The channels a type is sent on: every channel, unless the type names its own (the weekly digest is an email only).
 * A preference's switch for a channel its type is not sent on is kept but means nothing, and Preferences hides it.
 */
export function notificationChannels(typeId: NotificationTypeId): readonly NotificationChannel[] {
  const type = NOTIFICATION_TYPES.find((t) => t.id === typeId);
  return type && "channels" in type ? type.channels : NOTIFICATION_CHANNELS;
}
/** `GET /notifications` returns at most this many, newest first; the counts cover them all. */
export const NOTIFICATION_LIST_LIMIT = 100;
