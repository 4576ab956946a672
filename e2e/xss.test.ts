import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, ConsoleMessage, Page } from "playwright-core";
import { launchBrowser, newPage } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { startServer, type RunningServer } from "./helpers/server.js";
import { newEmail } from "./helpers/session.js";

/**
 * Issue 9: stored text with XSS payloads, rendered by the real app in Chromium under the server's
 * Content-Security-Policy. Every payload would set window.__pwned or open an alert if it ran; none
 * may run, and each shows as the literal text a housemate typed.
 */
const PAYLOADS = {
  household: `<img src=x onerror="window.__pwned='household'">`,
  ruleTitle: `<img src=x onerror="window.__pwned='rule';alert(1)">`,
  ruleDescription: `<script>window.__pwned='rule description'</script>`,
  note: `<svg/onload="window.__pwned='note'"></svg> bins`,
  fineDescription: `"><iframe srcdoc="<script>parent.__pwned='fine'</script>"></iframe>`,
  evidenceNote: `<a href="javascript:window.__pwned='evidence'">see photo</a>`,
  disputeReason: `<details open ontoggle="window.__pwned='dispute'">not me</details>`,
} as const;

/** Everything a page did that it must not: dialogs, script errors, CSP refusals. */
interface Watch {
  dialogs: string[];
  errors: string[];
  cspViolations: string[];
}

function watch(page: Page): Watch {
  const seen: Watch = { dialogs: [], errors: [], cspViolations: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => seen.errors.push(error.message));
  page.on("console", (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) seen.cspViolations.push(message.text());
  });
  return seen;
}

/** Calls the API with the session the app keeps in the page's localStorage. */
async function api<T>(server: RunningServer, page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function expectNothingRan(page: Page, seen: Watch) {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
  expect(seen.cspViolations).toEqual([]);
}

describe("stored text with XSS payloads in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let ana: Page;
  let ben: Page;
  let anaSees: Watch;
  let benSees: Watch;
  let householdId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  /* eslint-disable @typescript-eslint/no-unnecessary-condition -- a failed beforeAll leaves these unassigned */
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  /* eslint-enable @typescript-eslint/no-unnecessary-condition */

  it("Ana (a name with markup) makes a household whose name is a payload; Ben joins", async () => {
    ana = (await newPage(browser, server.url)).page;
    anaSees = watch(ana);
    householdId = await signUpAndCreateHousehold(
      ana,
      server,
      { name: `Ana <img src=x onerror="window.__pwned='name'">`, email: newEmail("ana") },
      { name: PAYLOADS.household },
    );
    ben = (await newPage(browser, server.url)).page;
    benSees = watch(ben);
    await signUpAndJoinHousehold(ben, server, { name: "Ben Hall", email: newEmail("ben") }, householdId);
    // Display names lose their markup on the way in (SPEC §5); what is left is plain text.
    const members = await api<{ display_name: string }[]>(server, ana, "GET", `/users?householdId=${householdId}`);
    expect(members.map((member) => member.display_name).sort()).toEqual(["Ana", "Ben Hall"]);
    await expectNothingRan(ana, anaSees);
    await expectNothingRan(ben, benSees);
  });

  it("shows a payload rule, note, fine, evidence note and dispute reason as text, and runs none of them", async () => {
    const members = await api<{ id: string; display_name: string }[]>(
      server,
      ana,
      "GET",
      `/users?householdId=${householdId}`,
    );
    const benId = members.find((member) => member.display_name === "Ben Hall")?.id ?? "";
    const rule = await api<{ id: string }>(server, ana, "POST", "/rules", {
      title: PAYLOADS.ruleTitle,
      description: PAYLOADS.ruleDescription,
      fine_amount: 2.5,
      household_id: householdId,
    });
    await api(server, ana, "POST", "/sticky-notes", { content: PAYLOADS.note });
    const fine = await api<{ id: string }>(server, ana, "POST", "/fines", {
      offender_id: benId,
      rule_id: rule.id,
      amount: 2.5,
      description: PAYLOADS.fineDescription,
      household_id: householdId,
      evidence: { note: PAYLOADS.evidenceNote },
    });
    await api(server, ben, "POST", `/fines/household/${householdId}/fines/${fine.id}/disputes`, {
      reason: PAYLOADS.disputeReason,
    });

    await ana.goto("/dashboard/rules");
    await ana.getByText(PAYLOADS.ruleTitle, { exact: true }).first().waitFor();
    await ana.getByText(PAYLOADS.ruleDescription, { exact: true }).first().waitFor();
    await expectNothingRan(ana, anaSees);

    await ana.goto("/dashboard");
    await ana.getByText(PAYLOADS.note, { exact: true }).first().waitFor();
    await expectNothingRan(ana, anaSees);

    await ben.goto("/dashboard/fines");
    await ben.getByText(PAYLOADS.fineDescription).first().waitFor();
    await ben.getByText(PAYLOADS.disputeReason).first().waitFor();
    await ben
      .getByRole("button", { name: /View evidence/ })
      .first()
      .click();
    const evidence = ben.getByRole("dialog", { name: "Evidence" });
    await evidence.getByText(PAYLOADS.evidenceNote).waitFor();
    await expectNothingRan(ben, benSees);
    await ben.keyboard.press("Escape");
    await evidence.waitFor({ state: "detached" });

    // The notifications panel repeats the rule title in its messages.
    await ben
      .getByRole("button", { name: /^Notifications/ })
      .first()
      .click();
    await ben.getByRole("dialog", { name: "Notifications" }).getByText(PAYLOADS.ruleTitle).first().waitFor();
    await expectNothingRan(ben, benSees);
    expect(await ben.locator("script:not([src])").count()).toBe(0);
    expect(await ben.locator("iframe, svg[onload], img[onerror], details[ontoggle]").count()).toBe(0);
  });

  it("shows the payload household name literally on the invite page", async () => {
    const invite = await api<{ inviteUrl: string }>(server, ana, "POST", `/households/${householdId}/invites`);
    const visitor = (await newPage(browser, server.url)).page;
    const visitorSees = watch(visitor);
    await visitor.goto(new URL(invite.inviteUrl).pathname);
    await visitor.getByText(PAYLOADS.household, { exact: true }).first().waitFor();
    await expectNothingRan(visitor, visitorSees);
  });

  it("serves the app under the strict policy: inline scripts and handlers are refused, and no frame", async () => {
    const res = await fetch(`${server.url}/dashboard`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");

    // Even markup that reached the page could not run a script: the browser refuses inline code.
    const page = (await newPage(browser, server.url)).page;
    const seen = watch(page);
    await page.goto("/");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__pwned = 'inline';";
      document.head.append(script);
    });
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.setAttribute("onerror", "window.__pwned = 'handler'");
      image.src = "data:,broken";
      document.body.append(image);
    });
    await expect.poll(() => seen.cspViolations.length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });
});
