import { MAGIC_LINK_TTL_MINUTES } from "@housemate/contract";
import type { MailMessage } from "../../plugins/mail.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The sign-in email. It names only the address it was sent to, never text the requester typed
 * (a display name), so nobody can put words of their own into a mail sent to someone else.
 */
export function magicLinkMail(params: { to: string; link: string }): MailMessage {
  const { to, link } = params;
  const subject = "Your Housemate sign-in link";
  const text = [
    "Hello,",
    "",
    `Someone asked to sign in to Housemate as ${to}. To continue, open this link:`,
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
<p>Someone asked to sign in to Housemate as <strong>${escapeHtml(to)}</strong>. To continue, open this link:</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none;">Sign in to Housemate</a></p>
<p style="font-size: 13px; color: #6b7280;">Or copy this address into your browser:<br>${href}</p>
<p>The link expires in ${MAGIC_LINK_TTL_MINUTES} minutes and can be used only once. If it has expired, ask for a new one on the sign-in page.</p>
<p>If you did not ask for this, you can ignore this email: nobody can sign in without the link, and nothing changes until it is used.</p>
<p>Housemate</p>
</body></html>
`;
  return { to, subject, text, html };
}
