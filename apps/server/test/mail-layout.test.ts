import { describe, expect, it } from "vitest";
import { compileShells } from "../src/features/notifications/mail/compile-shells.js";
import { renderMail, type MailContent } from "../src/features/notifications/mail/layout.js";
import { SHELLS } from "../src/features/notifications/mail/shells.generated.js";

const content: MailContent = {
  title: "The Cozy Flat: Sam fined you £5.00",
  household: "The <b>Cozy</b> Flat",
  heading: "Sam fined you £5.00",
  body: ["Hi Ana & co,", ["For ", { strong: "Dishes <script>" }, "."], { rows: [["Rule", 'Dishes "left"']] }],
  button: { label: "See your fines", href: "https://housemate.test/dashboard/fines?a=1&b=2" },
  after: [{ items: ["one <i>", "two"] }],
  footer: {
    reason: "You get this email because of your notification preferences.",
    preferencesUrl: "https://housemate.test/dashboard/profile",
    unsubscribeUrl: "https://housemate.test/unsubscribe?token=t",
  },
};

describe("the mail layout", () => {
  it("is compiled from its mjml source: the committed shells are up to date (npm run mail:shells)", async () => {
    expect(await compileShells()).toEqual(SHELLS);
  }, 30_000);

  it("escapes every text it is given in the HTML, and writes it as typed in the plain text", () => {
    const { html, text } = renderMail(content);
    for (const raw of ["<b>Cozy</b>", "<script>", "<i>", 'Dishes "left"', "a=1&b=2"]) expect(html).not.toContain(raw);
    expect(html).toContain("The &lt;b&gt;Cozy&lt;/b&gt; Flat");
    expect(html).toContain("<strong>Dishes &lt;script&gt;</strong>");
    expect(html).toContain('href="https://housemate.test/dashboard/fines?a=1&amp;b=2"');
    expect(text).toContain("For Dishes <script>.");
    expect(text).toContain('Rule: Dishes "left"');
    expect(text).toContain("- one <i>");
  });

  it("renders both parts from the same words: the button's address on a line of its own, the footer's links", () => {
    const { html, text } = renderMail(content);
    expect(text.split("\n")).toContain("https://housemate.test/dashboard/fines?a=1&b=2");
    expect(text).toContain(
      "Choose which emails you get in Profile > Preferences: https://housemate.test/dashboard/profile",
    );
    expect(text).toContain("Unsubscribe from these emails: https://housemate.test/unsubscribe?token=t");
    expect(html).toContain("Profile &gt; Preferences</a>");
    expect(html).toContain('<a href="https://housemate.test/unsubscribe?token=t">Unsubscribe from these emails</a>');
    expect(text).not.toContain("<p");
  });

  it("is readable in dark mode and on a phone", () => {
    const { html } = renderMail(content);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("@media only screen and (min-width:480px)");
  });

  it("leaves the button out when there is none, and no slot unfilled", () => {
    const { html } = renderMail({ ...content, button: undefined });
    expect(html).not.toContain("See your fines");
    expect(html).not.toContain("%%");
    expect(renderMail(content).html).not.toContain("%%");
  });
});
