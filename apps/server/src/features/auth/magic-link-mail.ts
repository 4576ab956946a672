import { MAGIC_LINK_TTL_MINUTES } from "@housemate/contract";
import type { MailMessage } from "../notifications/mailer.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** One line of plain text: control and formatting characters (new lines, bidi overrides) become spaces. */
const oneLine = (value: string) => value.replace(/[\p{C}\s]+/gu, " ").trim();

/** What opening the link will offer, when the request carried a valid invite (decision 021). */
export interface MailInvite {
  householdName: string;
  /** The name proposed with the request, already sanitised like a display name. */
  displayName: string;
}

/**
 * The sign-in email. When the request carried an invite, it says plainly what the link offers:
 * joining that household under the proposed name, which the person can change or decline first.
 * Those two texts (one chosen by whoever asked) appear as text only: one line, escaped in the HTML.
 */
export function magicLinkMail(params: { to: string; link: string; invite?: MailInvite | null }): MailMessage {
  const { to, link } = params;
  const invite = params.invite
    ? { householdName: oneLine(params.invite.householdName), displayName: oneLine(params.invite.displayName) }
    : null;
  const subject = invite ? "Your Housemate sign-in link and invitation" : "Your Housemate sign-in link";
  const offer = invite
    ? [
        `Sign in to Housemate and join ${invite.householdName} as '${invite.displayName}'. You can change the name, or decline, before you join.`,
        "",
      ]
    : [];
  const text = [
    "Hello,",
    "",
    `Someone asked to sign in to Housemate as ${to}.`,
    "",
    ...offer,
    "To continue, open this link:",
    "",
    link,
    "",
    `The link expires in ${MAGIC_LINK_TTL_MINUTES} minutes and can be used only once. If it has expired, ask for a new one on the sign-in page.`,
    "",
    "If you did not ask for this, you can ignore this email: nobody can sign in without the link, and nothing changes until it is used.",
    "",
    "Housemate",
    "",
  ].join("\n");

  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">
<p>Hello,</p>
<p>Someone asked to sign in to Housemate as <strong>${escapeHtml(to)}</strong>.</p>
${
  invite
    ? `<p>Sign in to Housemate and join <strong>${escapeHtml(invite.householdName)}</strong> as <strong>'${escapeHtml(invite.displayName)}'</strong>. You can change the name, or decline, before you join.</p>\n`
    : ""
}<p>To continue, open this link:</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none;">Sign in to Housemate</a></p>
<p style="font-size: 13px; color: #6b7280;">Or copy this address into your browser:<br>${href}</p>
<p>The link expires in ${MAGIC_LINK_TTL_MINUTES} minutes and can be used only once. If it has expired, ask for a new one on the sign-in page.</p>
<p>If you did not ask for this, you can ignore this email: nobody can sign in without the link, and nothing changes until it is used.</p>
<p>Housemate</p>
</body></html>
`;
  return { to, subject, text, html };
}
