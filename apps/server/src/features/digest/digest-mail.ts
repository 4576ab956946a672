import type { MailMessage } from "../notifications/mailer.js";
import { formatAmount } from "../fines/money-text.js";
import type { DigestHousehold, WeekFigures } from "./queries.js";
import type { DigestWeek } from "./schedule.js";

/** Where the digest's link lands: the dashboard, where each line of it can be followed up. */
export const DIGEST_LANDING = "/dashboard";

/** Whether the week has nothing worth a mail: no fine issued or paid, no money moved, nothing open to act on. */
export function isQuietWeek(figures: WeekFigures): boolean {
  return (
    figures.issued.count === 0 &&
    figures.paid.count === 0 &&
    figures.fund.entries === 0 &&
    figures.openDisputes === 0 &&
    figures.openAppeals === 0 &&
    figures.openProposals.length === 0
  );
}

export interface DigestContent {
  household: DigestHousehold;
  week: DigestWeek;
  figures: WeekFigures;
  publicUrl: string;
}

/** 'Your week in The Cozy Flat': the household name is what tells one digest from another. */
export const digestSubject = (householdName: string): string =>
  `Your week in ${householdName.replace(/\s+/g, " ").trim().slice(0, 120)}`;

/** '8 June': a day of the week's span, as people read it. */
const dayOf = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(at);

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

/** The week as its first line says it: 'the week of 8 June to 15 June'. */
export const weekSpan = (week: DigestWeek) => `${dayOf(week.start)} to ${dayOf(week.end)}`;

/** The digest's plain-text part for one recipient. */
export function digestText(content: DigestContent, displayName: string): string {
  return [
    `Hi ${displayName},`,
    "",
    `Here is your week in ${content.household.name} (${weekSpan(content.week)}):`,
    "",
    ...digestLines(content).map((line) => `${line.label}: ${line.value}`),
    "",
    `Open Housemate: ${content.publicUrl}${DIGEST_LANDING}`,
    "",
    "You get this email because of your notification preferences.",
    `To turn it off, go to Profile > Preferences: ${content.publicUrl}/dashboard/profile`,
    "",
  ].join("\n");
}

/**
 * The digest's mail to one recipient. Plain text until the shared mail layout lands (branch i22-mail); then the HTML
 * part and the unsubscribe header are added here, and nowhere else.
 */
export async function digestMail(content: DigestContent, recipient: { email: string; displayName: string }) {
  const message: MailMessage = {
    to: recipient.email,
    subject: digestSubject(content.household.name),
    text: digestText(content, recipient.displayName),
  };
  return message;
}
