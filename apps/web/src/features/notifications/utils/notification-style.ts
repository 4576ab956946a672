import type { NotificationTypeId } from "@housemate/contract";

/** SPEC §2: each item's dot is coloured by its type, so a glance tells money from rules from people. */
export const NOTIFICATION_DOT: Record<NotificationTypeId, string> = {
  fine_received: "bg-destructive",
  fine_paid: "bg-success",
  fine_disputed: "bg-warning",
  dispute_resolved: "bg-primary",
  fine_updated: "bg-amber-500",
  appeal_opened: "bg-warning",
  appeal_decided: "bg-primary",
  fine_reminder: "bg-amber-500",
  fine_unpaid: "bg-amber-500",
  household_joined: "bg-violet-500",
  member_left: "bg-violet-300",
  member_removed: "bg-slate-500",
  household_updated: "bg-violet-500",
  admin_changed: "bg-violet-500",
  plan_changed: "bg-violet-500",
  rule_created: "bg-sky-500",
  rule_updated: "bg-sky-500",
  rule_deleted: "bg-slate-400",
  spending_proposed: "bg-emerald-500",
  spending_decided: "bg-emerald-600",
  weekly_digest: "bg-primary",
};
