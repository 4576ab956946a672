import type { NotificationTypeId } from "@housemate/contract";
import { oneLine, renderMail } from "./mail/layout.js";
import { unsubscribable } from "./mail/unsubscribe.js";

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

/** What a notification's email is about: the event, its recipient and their household. */
export interface NotificationMailFacts {
  event: { type: NotificationTypeId; title: string; message: string };
  recipient: { id: string; displayName: string };
  /** Null for mail about no household (a person removed from one: the message names it). */
  householdName: string | null;
  publicUrl: string;
}

/**
 * A notification's email: the household and what happened in the subject, the message, one button to the screen where
 * the recipient can act on it, and how to stop these emails (Preferences, and the one-click unsubscribe for the type).
 */
export function notificationEmail({ event, recipient, householdName, publicUrl }: NotificationMailFacts): {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
} {
  // Titles and names can carry user text (a rule's title): the subject stays one short line.
  const title = oneLine(event.title, 120);
  const household = householdName ? oneLine(householdName, 60) : null;
  const subject = `${household ?? "Housemate"}: ${title}`;
  const unsubscribe = unsubscribable(recipient.id, event.type, publicUrl);
  const { text, html } = renderMail({
    title: subject,
    preview: event.message,
    household,
    heading: title,
    body: [`Hi ${recipient.displayName},`, event.message, "Open Housemate to see it:"],
    button: { label: "Open Housemate", href: `${publicUrl}${LANDING[event.type]}` },
    footer: {
      reason: "You get this email because of your notification preferences.",
      preferencesUrl: `${publicUrl}/dashboard/profile`,
      unsubscribeUrl: unsubscribe.pageUrl,
    },
  });
  return { subject, text, html, headers: unsubscribe.headers };
}
