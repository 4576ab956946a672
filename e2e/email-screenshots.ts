/**
 * `npm run screenshots:emails`: docs/screenshots/emails/<template>-{desktop,phone}-{light,dark}.png, each email the
 * server sends rendered from sample data by the same functions the server uses (issue 22, docs/decisions/052), opened
 * in Chromium at a desktop mail reader's width and a phone's, with the system's light and dark schemes. No server and
 * no build: the templates are plain functions.
 *
 * A new template is one entry in TEMPLATES.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { magicLinkMail } from "../apps/server/src/features/auth/magic-link-mail.js";
import { digestMail } from "../apps/server/src/features/digest/digest-mail.js";
import { notificationEmail } from "../apps/server/src/features/notifications/email.js";
import { signUnsubscribe } from "../apps/server/src/features/notifications/mail/unsubscribe.js";
import { supportMail } from "../apps/server/src/features/support/mail.js";
import { launchBrowser, type Viewport } from "./helpers/browser.js";

const OUT = path.resolve(import.meta.dirname, "../docs/screenshots/emails");
const PUBLIC_URL = "https://housemate.example";
/** Any key will do: the samples' unsubscribe links are filled in as the outbox fills a real mail's. */
const SAMPLE_KEY = "sample-key-for-screenshots";
const SAM = { id: "5a0e3c62-7a4f-4f7e-9c1e-2f6a7d0b9e11", displayName: "Sam Okafor" };

const SIZES: Record<"desktop" | "phone", Viewport> = {
  desktop: { width: 900, height: 800 },
  phone: { width: 390, height: 844 },
};

interface Template {
  name: string;
  /** The message as sent: HTML, with its unsubscribe link signed. */
  html: () => string;
}

const sent = (message: { text: string; html?: string; headers?: Record<string, string> }) =>
  signUnsubscribe(message, SAMPLE_KEY, PUBLIC_URL).html ?? "";

const TEMPLATES: Template[] = [
  {
    name: "sign-in",
    html: () =>
      sent(magicLinkMail({ to: "sam@example.com", link: `${PUBLIC_URL}/auth/verify?token=${"x".repeat(43)}` })),
  },
  {
    name: "sign-in-invite",
    html: () =>
      sent(
        magicLinkMail({
          to: "sam@example.com",
          link: `${PUBLIC_URL}/auth/verify?token=${"x".repeat(43)}`,
          invite: { householdName: "The Cozy Flat", displayName: "Sam" },
        }),
      ),
  },
  {
    name: "notification",
    html: () =>
      sent(
        notificationEmail({
          event: {
            type: "fine_received",
            title: "You've been fined",
            message: 'Alex Chen fined you £5.00 for breaking "Dishes left overnight".',
          },
          recipient: SAM,
          householdName: "The Cozy Flat",
          publicUrl: PUBLIC_URL,
        }),
      ),
  },
  {
    name: "reminder",
    html: () =>
      sent(
        notificationEmail({
          event: {
            type: "fine_reminder",
            title: "A fine is still unpaid",
            message: 'Your £5.00 fine for breaking "Dishes left overnight" has been unpaid for 3 days.',
          },
          recipient: SAM,
          householdName: "The Cozy Flat",
          publicUrl: PUBLIC_URL,
        }),
      ),
  },
  {
    name: "support",
    html: () =>
      sent(
        supportMail({
          supportEmail: "help@housemate.example",
          sender: { displayName: "Sam Okafor", email: "sam@example.com" },
          household: { id: "0b7f7c1e-3d1a-4f55-9d0e-6c2b8a4e1f20", name: "The Cozy Flat", plan: "pro" },
          version: "1.0.0",
          subject: "Receipts for our records",
          message:
            "Hello,\n\nCould we get a receipt for each month we paid?\nOur landlord asks for them.\n\nThanks, Sam",
        }),
      ),
  },
  {
    name: "weekly-digest",
    html: () =>
      sent(
        digestMail(
          {
            household: { id: "0b7f7c1e-3d1a-4f55-9d0e-6c2b8a4e1f20", name: "The Cozy Flat", currency: "GBP" },
            week: {
              start: new Date("2026-11-16T08:00:00Z"),
              end: new Date("2026-11-23T08:00:00Z"),
              key: "2026-11-16",
            },
            figures: {
              issued: { count: 4, totalMinor: 1750 },
              paid: { count: 3, totalMinor: 1250 },
              fund: { balanceMinor: 8450, changeMinor: 1250, entries: 3 },
              openedOrDecided: 1,
              openDisputes: 1,
              openAppeals: 0,
              openProposals: ["Pizza night", "New kettle"],
            },
            publicUrl: PUBLIC_URL,
          },
          { id: SAM.id, email: "sam@example.com", displayName: SAM.displayName },
        ),
      ),
  },
];

mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
try {
  for (const template of TEMPLATES) {
    const html = template.html();
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        // Offline: a mail's page loads nothing from the network (the layout has no web fonts or images).
        await page.route("**/*", (route) => route.abort());
        await page.setContent(html, { waitUntil: "load" });
        const file = path.join(OUT, `${template.name}-${size}-${colorScheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await context.close();
        console.log(`wrote ${path.relative(process.cwd(), file)}`);
      }
    }
  }
} finally {
  await browser.close();
}
