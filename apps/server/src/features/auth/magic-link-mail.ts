import { MAGIC_LINK_TTL_MINUTES } from "@housemate/contract";
import type { MailMessage } from "../notifications/mailer.js";
import { oneLine, renderMail } from "../notifications/mail/layout.js";

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
 * It has no unsubscribe: nobody gets it without asking, and turning it off would lock them out.
 */
export function magicLinkMail(params: { to: string; link: string; invite?: MailInvite | null }): MailMessage {
  const { to, link } = params;
  const invite = params.invite
    ? { householdName: oneLine(params.invite.householdName), displayName: oneLine(params.invite.displayName) }
    : null;
  const subject = invite
    ? `${oneLine(invite.householdName, 60)}: Your Housemate sign-in link and invitation`
    : "Your Housemate sign-in link";
  const { text, html } = renderMail({
    title: subject,
    preview: invite ? `Sign in and join ${invite.householdName}.` : "Your link to sign in to Housemate.",
    household: invite?.householdName ?? null,
    heading: invite ? `Join ${invite.householdName} on Housemate` : "Sign in to Housemate",
    body: [
      "Hello,",
      ["Someone asked to sign in to Housemate as ", { strong: to }, "."],
      ...(invite
        ? [
            [
              "Sign in to Housemate and join ",
              { strong: invite.householdName },
              " as ",
              { strong: `'${invite.displayName}'` },
              ". You can change the name, or decline, before you join.",
            ],
          ]
        : []),
      "To continue, open this link:",
    ],
    button: { label: "Sign in to Housemate", href: link, showAddress: true },
    after: [
      `The link expires in ${MAGIC_LINK_TTL_MINUTES} minutes and can be used only once. If it has expired, ask for a new one on the sign-in page.`,
      "If you did not ask for this, you can ignore this email: nobody can sign in without the link, and nothing changes until it is used.",
      "Housemate",
    ],
    footer: { reason: `You get this email because someone asked for a sign-in link for ${to}.` },
  });
  return { to, subject, text, html, priority: 0 };
}
