import { formatUtcDay } from "@housemate/contract";
import type { MailMessage } from "../notifications/mailer.js";
import { oneLine, renderMail, type MailContent } from "../notifications/mail/layout.js";
import { unsubscribable } from "../notifications/mail/unsubscribe.js";
import { formatAmount } from "../fines/money-text.js";
import type { DigestHousehold, WeekFigures, WeekHappenings } from "./queries.js";
import type { DigestWeek } from "./schedule.js";

/** Where the digest's link lands: the dashboard, where each line of it can be followed up. */
export const DIGEST_LANDING = "/dashboard";

/**
 * Whether nothing happened in the week, so no mail goes: no fine issued or paid, no money in or out of the fund, no
 * dispute, appeal or spending proposal opened or decided. What is still open is not news by itself: it is listed only
 * in a digest that goes anyway.
 */
export function isQuietWeek(happenings: WeekHappenings): boolean {
  return (
    happenings.issued.count === 0 &&
    happenings.paid.count === 0 &&
    happenings.fund.entries === 0 &&
    happenings.openedOrDecided === 0
  );
}

export interface DigestContent {
  household: DigestHousehold;
  week: DigestWeek;
  figures: WeekFigures;
  publicUrl: string;
}

/** 'Your week in The Cozy Flat': the household name is what tells one digest from another. */
export const digestSubject = (householdName: string): string => `Your week in ${oneLine(householdName)}`;

/** The lines of the digest, the same in both parts: label and what it says. */
export function digestLines(content: DigestContent): Array<{ label: string; value: string }> {
  const { figures } = content;
  const money = (minor: number) => formatAmount(minor, content.household.currency);
  const fines = (count: number, totalMinor: number) =>
    count === 0 ? "none" : `${count} (${money(totalMinor)} in all)`;
  const change = figures.fund.changeMinor;
  const fundChange =
    change > 0
      ? `up ${money(change)} this week`
      : change < 0
        ? `down ${money(-change)} this week`
        : "no change this week";
  const lines = [
    { label: "Fines issued", value: fines(figures.issued.count, figures.issued.totalMinor) },
    { label: "Fines paid", value: fines(figures.paid.count, figures.paid.totalMinor) },
    { label: "Fine fund", value: `${money(figures.fund.balanceMinor)}, ${fundChange}` },
    { label: "Open disputes", value: String(figures.openDisputes) },
  ];
  if (figures.openAppeals > 0) lines.push({ label: "Appeals to vote on", value: String(figures.openAppeals) });
  lines.push({
    label: "Open spending proposals",
    value: figures.openProposals.length === 0 ? "none" : figures.openProposals.join(", "),
  });
  return lines;
}

/** The week as its first line says it: '8 June to 15 June'. */
export const weekSpan = (week: DigestWeek) => `${formatUtcDay(week.start)} to ${formatUtcDay(week.end)}`;

/** The digest's words for one recipient, for both parts (the shared layout, docs/decisions/052). */
export function digestContent(content: DigestContent, recipient: { displayName: string }, unsubscribeUrl: string) {
  const name = oneLine(content.household.name);
  const mail: MailContent = {
    title: digestSubject(content.household.name),
    household: name,
    heading: `Your week in ${name}`,
    body: [
      `Hi ${oneLine(recipient.displayName)},`,
      `Here is what happened in ${name} from ${weekSpan(content.week)}.`,
      { rows: digestLines(content).map((line): [string, string] => [line.label, line.value]) },
      "The details are on your dashboard:",
    ],
    button: { label: "Open Housemate", href: `${content.publicUrl}${DIGEST_LANDING}` },
    footer: {
      reason: "You get this email because the weekly digest is on in your notification preferences.",
      preferencesUrl: `${content.publicUrl}/dashboard/profile`,
      unsubscribeUrl,
    },
  };
  return mail;
}

/** The digest's mail to one recipient: HTML and plain text, with the one-click unsubscribe of `weekly_digest`. */
export function digestMail(
  content: DigestContent,
  recipient: { id: string; email: string; displayName: string },
): MailMessage {
  const unsubscribe = unsubscribable(recipient.id, "weekly_digest", content.publicUrl);
  const { html, text } = renderMail(digestContent(content, recipient, unsubscribe.pageUrl));
  return {
    to: recipient.email,
    subject: digestSubject(content.household.name),
    text,
    html,
    headers: unsubscribe.headers,
  };
}
