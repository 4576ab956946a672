import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import type { Download, Page } from "playwright-core";
import type { Fine, Member, Rule } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { expectNoSidewaysScroll, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, signInThroughApi, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const HOUSEHOLD = "The Tidy House";
const DISHES = "Dishes left overnight";
const BINS = "Bins not out";
const MUSIC = "Loud music after 11pm";

/** The rows of the table a screen reader reads under `caption` (the charts' text equivalents), as cell texts. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole("table", { name: caption });
  await table.waitFor({ state: "attached" });
  return table.evaluate((element) =>
    [...(element as HTMLTableElement).querySelectorAll("tbody tr")].map((row) =>
      [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent.trim()),
    ),
  );
}

/** The Activity page's entries, by their sentences. */
function activityEntries(page: Page) {
  return page.getByRole("main").getByRole("article");
}

async function entrySentences(page: Page): Promise<string[]> {
  return (await activityEntries(page).evaluateAll((entries) => entries.map((entry) => entry.ariaLabel ?? ""))).sort();
}

/** The text of a PDF as poppler's pdftotext reads it, its columns kept apart by runs of spaces. */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"]);
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`pdftotext exited ${code}`)),
    );
    child.stdin.end(pdf);
  });
}

/** Clicks the export dialog's `link` and resolves with what the browser saved. */
async function download(page: Page, link: string): Promise<{ download: Download; body: Buffer }> {
  const dialog = page.getByRole("dialog", { name: "Export fine history" });
  const [saved] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: link }).click(),
  ]);
  const file = await saved.path();
  return { download: saved, body: readFileSync(file) };
}

/**
 * Issue 20's journey: after a handful of fines in a household of three (Alex, its admin, Blair and Casey), Alex opens
 * Insights and sees what was made, opens Activity and filters it to Blair, opens a fine from the log, and downloads
 * the fine history as CSV and PDF, which are read back. Then both pages on Blair's phone, in the dark, with axe. One
 * server and one household for the file.
 */
describe("Insights, Activity and the exports", () => {
  const alex = { name: "Alex Moreau", email: newEmail("alex") };
  const blair = { name: "Blair Quinn", email: newEmail("blair") };
  const casey = { name: "Casey Ndiaye", email: newEmail("casey") };
  let alexPage: Page;
  let blairPage: Page;
  let blairId: string;

  it("Alex and Blair sign up into one household, Casey joins, and five fines are made", async () => {
    alexPage = await open();
    const householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, {
      name: HOUSEHOLD,
      currency: "GBP",
    });
    blairPage = await open(PHONE);
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);
    blairId = (await storedUser(blairPage)).id;

    // Casey only needs to exist and be fined: signed in and joined through the API, acting through a page of her own.
    const caseyToken = await signInThroughApi(journey.server, casey.email, casey.name);
    const caseyPage = await open();
    await caseyPage.goto("/api/health");
    await caseyPage.evaluate((token) => localStorage.setItem("authToken", token), caseyToken);
    const joined = await callApi(journey.server, caseyPage, "POST", `/households/${householdId}/join`, {});
    expect(joined.status).toBeLessThan(300);
    const members = await callApi<Member[]>(journey.server, caseyPage, "GET", `/users?householdId=${householdId}`);
    const caseyId = members.data.find((member) => member.email === casey.email)?.id ?? "";
    expect(caseyId).not.toBe("");

    // Set-up through the API, as the rules and fines screens would (their journeys are fines.test.ts).
    const people = { alex: alexPage, blair: blairPage, casey: caseyPage };
    const ids = { alex: (await storedUser(alexPage)).id, blair: blairId, casey: caseyId };
    const rules = new Map<string, string>();
    for (const [title, amount] of [
      [DISHES, 2],
      [BINS, 1.5],
      [MUSIC, 3],
    ] as const) {
      const rule = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
        title,
        description: "House rule",
        fine_amount: amount,
        household_id: householdId,
      });
      expect(rule.status).toBe(201);
      rules.set(title, rule.data.id);
    }
    const fines: [keyof typeof people, keyof typeof people, string, number][] = [
      ["alex", "blair", DISHES, 2],
      ["alex", "blair", DISHES, 2],
      ["alex", "casey", BINS, 1.5],
      ["blair", "alex", MUSIC, 3],
      ["casey", "blair", DISHES, 2],
    ];
    const made: Fine[] = [];
    for (const [issuer, offender, rule, amount] of fines) {
      const fine = await callApi<Fine>(journey.server, people[issuer], "POST", "/fines", {
        offender_id: ids[offender],
        rule_id: rules.get(rule),
        amount,
        household_id: householdId,
      });
      expect(fine.status).toBe(201);
      made.push(fine.data);
    }
    // Blair pays the first.
    const first = made[0];
    if (!first) throw new Error("no fine was made");
    const paid = await callApi(
      journey.server,
      blairPage,
      "PUT",
      `/fines/household/${householdId}/fines/${first.id}/pay`,
    );
    expect(paid.status).toBe(200);
  });

  it("Alex opens Insights: each member's amounts and the most broken rule are what was made", async () => {
    await openPage(alexPage, "/dashboard");
    await alexPage.getByRole("navigation").getByRole("link", { name: "Insights" }).first().click();
    await alexPage.waitForURL("**/dashboard/insights");
    await alexPage.getByRole("region", { name: "Amount per member" }).waitFor();

    expect((await tableRows(alexPage, "Amount per member")).sort()).toEqual([
      [alex.name, "£3.00", "£0.00", "£5.50"],
      [blair.name, "£4.00", "£2.00", "£3.00"],
      [casey.name, "£1.50", "£0.00", "£2.00"],
    ]);
    const topRules = alexPage.getByRole("region", { name: "Most broken rules" }).getByRole("listitem");
    await expect.poll(() => topRules.count()).toBe(3);
    const first = (await topRules.first().textContent()) ?? "";
    expect(first).toContain(DISHES);
    expect(first).toContain("3 fines");
    expect(first).toContain("£6.00");
    await screenshot(alexPage, "insights-desktop");
  });

  it("Alex opens Activity, filters it to Blair, and opens a fine from an entry", async () => {
    await openPage(alexPage, "/dashboard");
    await alexPage.getByRole("navigation").getByRole("link", { name: "Activity" }).first().click();
    await alexPage.waitForURL("**/dashboard/activity");
    const everyone = `${alex.name} added the rule ${DISHES} (£2.00)`;
    await alexPage.getByRole("article", { name: everyone }).waitFor();
    const all = await entrySentences(alexPage);
    expect(all.some((sentence) => !sentence.includes(blair.name))).toBe(true);

    await alexPage.getByLabel("Member").selectOption({ label: blair.name });
    await expect.poll(() => new URL(alexPage.url()).searchParams.get("member")).toBe(blairId);
    await alexPage.getByRole("article", { name: everyone }).waitFor({ state: "detached" });
    // The filtered page has come (between the two, the log shows its skeleton).
    await alexPage.getByRole("article", { name: `${blair.name} joined` }).waitFor();
    const blairs = await entrySentences(alexPage);
    expect(blairs.length).toBeGreaterThan(0);
    expect(blairs.length).toBeLessThan(all.length);
    // Only what Blair did or what concerns her: her joining, her fines, the one she issued and the one she paid.
    for (const sentence of blairs) expect(sentence).toContain(blair.name);
    expect(blairs).toEqual(
      expect.arrayContaining([
        `${blair.name} joined`,
        `${alex.name} fined ${blair.name} £2.00 for ${DISHES}`,
        `${casey.name} fined ${blair.name} £2.00 for ${DISHES}`,
        `${blair.name} fined ${alex.name} £3.00 for ${MUSIC}`,
      ]),
    );
    await screenshot(alexPage, "activity-blair-desktop");

    // Casey's fine of Blair: its sentence is a button that opens the fine's details over the log.
    await alexPage.getByRole("button", { name: `${casey.name} fined ${blair.name} £2.00 for ${DISHES}` }).click();
    const details = alexPage.getByRole("dialog", { name: "Fine Details" });
    await details.getByText(DISHES).first().waitFor();
    await details.getByText(casey.name).first().waitFor();
    await alexPage.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
    expect(new URL(alexPage.url()).searchParams.get("member")).toBe(blairId);
  });

  it("Alex downloads the fine history as a CSV and a PDF from Insights, and both read back right", async () => {
    await openPage(alexPage, "/dashboard/insights");
    await alexPage.getByRole("button", { name: "Export" }).click();
    await alexPage.getByRole("dialog", { name: "Export fine history" }).waitFor();

    const csv = await download(alexPage, "Download CSV");
    expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
    const text = csv.body.toString("utf8");
    expect(text.startsWith("\uFEFF"), "the CSV starts with a byte order mark").toBe(true);
    const records: string[][] = parse(text.slice(1), { record_delimiter: "\r\n" });
    const [header, ...rows] = records;
    expect(header?.slice(0, 7)).toEqual(["Date issued", "Rule", "Offender", "Issuer", "Amount", "Currency", "Status"]);
    expect(rows.map((row) => row.slice(1, 7)).sort()).toEqual(
      [
        [DISHES, blair.name, alex.name, "2.00", "GBP", "Paid"],
        [DISHES, blair.name, alex.name, "2.00", "GBP", "Pending"],
        [BINS, casey.name, alex.name, "1.50", "GBP", "Pending"],
        [MUSIC, alex.name, blair.name, "3.00", "GBP", "Pending"],
        [DISHES, blair.name, casey.name, "2.00", "GBP", "Pending"],
      ].sort(),
    );

    const pdf = await download(alexPage, "Download PDF");
    expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const statement = await pdfText(pdf.body);
    expect(statement).toContain(HOUSEHOLD);
    const lines = statement.split("\n").map((line) => line.trim().split(/ {2,}/));
    expect(lines).toContainEqual(["Member", "Fined", "Paid", "Owed"]);
    expect(lines).toContainEqual([alex.name, "£3.00", "£0.00", "£3.00"]);
    expect(lines).toContainEqual([blair.name, "£6.00", "£2.00", "£4.00"]);
    expect(lines).toContainEqual([casey.name, "£1.50", "£0.00", "£1.50"]);
    expect(statement).toContain("Fund balance: £2.00");
  });

  it("on Blair's phone, in the dark, both pages are in the menu, fit 360 px and pass axe, the export dialog too", async () => {
    await blairPage.emulateMedia({ colorScheme: "dark" });
    for (const [item, ready] of [
      ["Insights", () => blairPage.getByRole("region", { name: "When fines happen" })],
      ["Activity", () => blairPage.getByRole("main").getByRole("article").first()],
    ] as const) {
      await openPage(blairPage, "/dashboard", PHONE);
      // On a phone both are in the avatar menu.
      await blairPage.getByRole("button", { name: "Account menu" }).click();
      await blairPage.getByRole("menuitem", { name: item }).click();
      await blairPage.waitForURL(`**/dashboard/${item.toLowerCase()}`);
      await ready().waitFor();
      await blairPage.waitForFunction(() => document.querySelectorAll('[aria-label^="Loading"]').length === 0);
      await expectNoSidewaysScroll(blairPage);
      await expectAccessible(blairPage, `${item} on a phone`);
      await screenshot(blairPage, `${item.toLowerCase()}-phone-dark`);
    }
    await openPage(blairPage, "/dashboard/insights", PHONE);
    for (const card of ["Fines per month", "Amount per member", "Most broken rules", "Time to pay", "Disputes"]) {
      await expect.poll(() => blairPage.getByRole("region", { name: card }).count()).toBe(1);
    }
    expect(await blairPage.getByRole("table", { name: "Fines by weekday and hour" }).count()).toBe(1);

    // The export dialog, over Insights on the phone: what the accessibility suite checks of every other dialog.
    await blairPage.getByRole("button", { name: "Export" }).click();
    const exportDialog = blairPage.getByRole("dialog", { name: "Export fine history" });
    await exportDialog.getByRole("button", { name: "Download PDF" }).waitFor();
    await expectNoSidewaysScroll(blairPage);
    await expectAccessible(blairPage, "the export dialog on a phone");
    await screenshot(blairPage, "export-dialog-phone-dark");
    await blairPage.keyboard.press("Escape");
    await exportDialog.waitFor({ state: "detached" });
  });
});
