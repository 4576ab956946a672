import { PLAN_NAMES, type EffectivePlan } from "@housemate/contract";
import type { MailMessage } from "../notifications/mailer.js";
import { oneLine, renderMail } from "../notifications/mail/layout.js";

/** What Pro's 'priority support' means to whoever reads the support mailbox: this prefix and the headers below. */
export const PRIORITY_SUBJECT_PREFIX = "[Priority]";
export const PRIORITY_HEADERS = { "X-Priority": "1", Importance: "high" } as const;
export const SUPPORT_SUBJECT_PREFIX = "Housemate support:";

export interface SupportMailFacts {
  supportEmail: string;
  sender: { displayName: string; email: string | null };
  /** The sender's household and its plan (null with plans off); null when they have none yet. */
  household: { id: string; name: string; plan: EffectivePlan } | null;
  version: string;
  subject: string;
  message: string;
}

/**
 * The mail to the support mailbox. What the person typed goes in the body, and in the subject line cleaned of line
 * breaks; never in any other header (their name included), so nothing they write can add one. Reply-To is their
 * address alone: replying reaches them, not the no-reply sender.
 */
export function supportMail(facts: SupportMailFacts): MailMessage {
  const priority = isPriority(facts);
  const subjectLine = `${SUPPORT_SUBJECT_PREFIX} ${facts.subject.replace(/[\r\n]+/g, " ").trim()}`;
  const subject = priority ? `${PRIORITY_SUBJECT_PREFIX} ${subjectLine}` : subjectLine;
  const { sender, household } = facts;
  const from = `${sender.displayName}${sender.email ? ` <${sender.email}>` : ""}`;
  const { text, html } = renderMail({
    title: subject,
    preview: facts.message,
    household: household ? oneLine(household.name, 60) : null,
    heading: oneLine(facts.subject, 200),
    // The message as typed: its paragraphs, each keeping its line breaks.
    body: facts.message.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== ""),
    ...(sender.email
      ? { button: { label: `Reply to ${oneLine(sender.displayName, 60)}`, href: `mailto:${sender.email}` } }
      : {}),
    after: [
      {
        rows: [
          ["From", from],
          ["Household", household ? `${household.name} (${household.id})` : "none"],
          ["Plan", planText(household)],
          ["App version", facts.version],
        ],
      },
    ],
    footer: { reason: "You get this email because this address is the server's SUPPORT_EMAIL." },
  });
  return {
    to: facts.supportEmail,
    subject,
    text,
    html,
    headers: {
      ...(sender.email ? { "Reply-To": sender.email } : {}),
      ...(priority ? PRIORITY_HEADERS : {}),
    },
  };
}

/** Pro's 'priority support'. */
export const isPriority = (facts: Pick<SupportMailFacts, "household">) => facts.household?.plan === "pro";

function planText(household: SupportMailFacts["household"]): string {
  if (!household) return "none (no household)";
  return household.plan ? PLAN_NAMES[household.plan] : "plans off";
}
