import type { Page } from "playwright-core";
import { linkIn, type CapturedMail } from "../../apps/server/test/helpers/smtp.js";
import type { RunningServer } from "./server.js";

let emails = 0;
/** A fresh address per call, so journeys in one server never collide. */
export const newEmail = (name: string) => `${name}.${Date.now()}.${++emails}@example.com`;

const opened = new WeakSet<CapturedMail>();

/** The newest sign-in link mailed to `address` that no step has opened yet. */
export async function nextSignInLink(server: RunningServer, address: string): Promise<URL> {
  const mail = await server.smtp.waitFor(address, (m) => !opened.has(m) && m.body.includes("/auth/verify"), 10_000);
  opened.add(mail);
  return linkIn(mail, "/auth/verify");
}

/**
 * Fills the register form the page is on (plain or invite), then opens the emailed link in the same
 * tab, as a person would. Resolves once the app has signed them in and moved on from /auth/verify.
 */
export async function registerThroughEmail(page: Page, server: RunningServer, person: { name: string; email: string }) {
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Check your inbox").waitFor();
  const link = await nextSignInLink(server, person.email);
  await page.goto(link.pathname + link.search);
  await page.waitForURL((url) => url.pathname !== "/auth/verify");
}
