import type { NotificationTypeId } from "@housemate/contract";

/** Where in the app the email's link lands: the screen where the recipient can act on the event. */
const LANDING: Record<NotificationTypeId, string> = {
  fine_received: "/dashboard/fines",
  dispute_resolved: "/dashboard/fines",
  fine_updated: "/dashboard/fines",
  // The voters vote from the dashboard; the person fined and the issuer read the outcome on the fine.
  appeal_opened: "/dashboard",
  appeal_decided: "/dashboard/fines",
  fine_paid: "/dashboard",
  fine_disputed: "/dashboard",
  // The offender pays from their fines; the issuer sees the fine among those they issued.
  fine_reminder: "/dashboard/fines",
  fine_unpaid: "/dashboard/fines",
  household_joined: "/dashboard",
  member_left: "/dashboard/household",
  // The person removed has no household any more: onboarding is where they can go.
  member_removed: "/onboarding",
  household_updated: "/dashboard/household",
  admin_changed: "/dashboard/household",
  // The Plan section, with what the new plan allows.
  plan_changed: "/dashboard/household",
  rule_created: "/dashboard/rules",
  rule_updated: "/dashboard/rules",
  rule_deleted: "/dashboard/rules",
  spending_proposed: "/dashboard/fund",
  spending_decided: "/dashboard/fund",
  // The digest is a mail of its own (features/digest), never a notification event; its link is the dashboard.
  weekly_digest: "/dashboard",
};

/** A short plain-text email: what happened, one link to act on it, and how to stop these emails. */
export function notificationEmail(
  event: { type: NotificationTypeId; title: string; message: string },
  displayName: string,
  publicUrl: string,
): { subject: string; text: string } {
  // Titles can carry user text (a rule's title): keep the subject one short line.
  const title = event.title.replace(/\s+/g, " ").trim().slice(0, 120);
  return {
    subject: `Housemate: ${title}`,
    text: [
      `Hi ${displayName},`,
      "",
      `${title}: ${event.message}`,
      "",
      `Open Housemate: ${publicUrl}${LANDING[event.type]}`,
      "",
      "You get this email because of your notification preferences.",
      `To turn it off, go to Profile > Preferences: ${publicUrl}/dashboard/profile`,
      "",
    ].join("\n"),
  };
}
