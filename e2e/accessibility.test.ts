import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { Fine } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { choose, dashboardCard, openPage, PHONE } from "./helpers/browser.js";
import { signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { makePng } from "./helpers/png.js";
import { callApi, newEmail, registerThroughEmail, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const RULE = "Dishes left overnight";

/** Waits until no spinner or skeleton says it is loading, so axe checks what a person ends up reading. */
async function loaded(page: Page) {
  await page
    .locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]')
    .first()
    .waitFor({ state: "detached" });
}

/**
 * Opens a dialog with `opener`, checks it in both themes, and closes it with Escape: what a person who only
 * looks at the dialog sees and hears, over the screen it came from.
 */
async function expectDialogAccessible(page: Page, opener: Locator, dialog: Locator, what: string) {
  await opener.click();
  await dialog.waitFor();
  await loaded(page);
  await expectAccessible(page, what);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/**
 * Issue 18's 'Everyone can use it': axe-core (WCAG 2.0–2.2 A and AA) finds no serious or critical violation on any
 * screen or dialog, in the light theme or the dark. One household of two people (Ana its admin, Ben) for the file,
 * made through the browser as people would, with the API for what a step only needs to exist.
 */
describe("every screen and dialog is accessible, light and dark", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const ben = { name: "Ben Hall", email: newEmail("ben") };
  let anaPage: Page;
  let benPage: Page;
  let householdId: string;

  it("the public screens: landing, login, register, verify and not found", async () => {
    const page = await open();
    await openPage(page, "/");
    await page.getByRole("heading", { name: "House Rules Made Fun & Fair" }).waitFor();
    await expectAccessible(page, "the landing page");
    await openPage(page, "/", PHONE);
    await page.getByRole("heading", { name: "House Rules Made Fun & Fair" }).waitFor();
    await expectAccessible(page, "the landing page on a phone");

    await openPage(page, "/login");
    await page.getByRole("button", { name: "Send Magic Link" }).waitFor();
    await expectAccessible(page, "the login page");
    // A refused address shows its error under the field.
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expectAccessible(page, "the login page with an error");

    await openPage(page, "/register");
    await page.getByRole("button", { name: "Create Account" }).waitFor();
    await expectAccessible(page, "the register page");

    await openPage(page, "/auth/verify");
    await page.getByRole("button", { name: "Return to Login" }).waitFor();
    await expectAccessible(page, "the verify page with no link");

    await openPage(page, "/no-such-page");
    await page.getByRole("link", { name: "Go to Dashboard" }).waitFor();
    await expectAccessible(page, "the not-found page");
  });

  it("Ana signs up, sees the onboarding steps and creates 'The Cozy Flat'", async () => {
    anaPage = await open();
    await openPage(anaPage, "/register");
    await anaPage.getByLabel("Name").fill(ana.name);
    await anaPage.getByLabel("Email").fill(ana.email);
    await anaPage.getByRole("button", { name: "Create Account" }).click();
    await anaPage.getByText("Check your inbox").waitFor();
    await expectAccessible(anaPage, "the register page's 'Check your inbox'");
    // The form again, signed up for real this time (the helper opens the emailed link).
    await openPage(anaPage, "/register");
    await registerThroughEmail(anaPage, journey.server, ana);
    await anaPage.waitForURL("**/onboarding");

    await anaPage.getByRole("button", { name: /Create New Household/ }).waitFor();
    await expectAccessible(anaPage, "onboarding's choice");
    await anaPage.getByRole("button", { name: /Join Existing Household/ }).click();
    await anaPage.getByLabel("Household ID").waitFor();
    await expectAccessible(anaPage, "onboarding's join step");
    await anaPage.getByRole("button", { name: "Back" }).click();
    await anaPage.getByRole("button", { name: /Create New Household/ }).click();
    await anaPage.getByLabel("Household Name").fill("The Cozy Flat");
    await expectAccessible(anaPage, "onboarding's create step");
    await choose(anaPage, "Currency", /^GBP/);
    await anaPage.getByRole("button", { name: "Create Household" }).click();
    await anaPage.waitForURL("**/dashboard");
    householdId = (await storedUser(anaPage)).household_id ?? "";
    expect(householdId).not.toBe("");

    // Only the last member may delete the household: while Ana is alone.
    await openPage(anaPage, "/dashboard/household");
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: "Delete Household" }),
      anaPage.getByRole("alertdialog", { name: "Delete the household?" }),
      "the delete household dialog",
    );
  });

  it("the invite landing, and Ben joining through onboarding", async () => {
    await openPage(anaPage, "/dashboard");
    const invite = anaPage.getByRole("dialog", { name: "Invite Housemates" });
    await anaPage.getByRole("button", { name: "Invite Housemates" }).click();
    const field = invite.getByLabel("Invite Link");
    await expect.poll(() => field.inputValue()).toContain("/invite/");
    await loaded(anaPage);
    await expectAccessible(anaPage, "the invite dialog");
    const inviteUrl = new URL(await field.inputValue());
    await anaPage.keyboard.press("Escape");

    const visitor = await open();
    await openPage(visitor, inviteUrl.pathname);
    await visitor.getByRole("button", { name: "Join" }).waitFor();
    await expectAccessible(visitor, "the invite landing");

    benPage = await open();
    await signUpAndJoinHousehold(benPage, journey.server, ben, householdId);
  });

  it("House Rules, with the rule form and the delete dialog", async () => {
    await openPage(anaPage, "/dashboard/rules");
    await anaPage.getByText("No rules found").waitFor();
    await expectAccessible(anaPage, "House Rules with no rules");

    await anaPage.getByRole("button", { name: "Create Rule" }).click();
    const form = anaPage.getByRole("dialog", { name: "Create Rule" });
    await form.getByRole("button", { name: "Create Rule" }).click();
    // Its errors shown: the form at its most crowded.
    await form
      .getByText(/required/i)
      .first()
      .waitFor();
    await expectAccessible(anaPage, "the Create Rule dialog with errors");
    await form.getByLabel("Title").fill(RULE);
    await form.getByLabel("Description").fill("Wash up before going to bed.");
    await form.getByLabel("Fine amount (GBP)").fill("2.50");
    await form.getByRole("button", { name: "Create Rule" }).click();
    await form.waitFor({ state: "detached" });
    await anaPage.getByRole("article", { name: RULE }).waitFor();
    await expectAccessible(anaPage, "House Rules with a rule");

    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: `Edit ${RULE}` }),
      anaPage.getByRole("dialog", { name: "Edit Rule" }),
      "the Edit Rule dialog",
    );
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: `Delete ${RULE}` }),
      anaPage.getByRole("alertdialog", { name: "Delete this rule?" }),
      "the delete rule dialog",
    );
  });

  it("Issue Fine, My Fines, and the evidence, dispute, review and details dialogs", async () => {
    await openPage(anaPage, "/dashboard/fines/new");
    await anaPage.getByRole("heading", { name: "Issue New Fine" }).waitFor();
    await loaded(anaPage);
    await expectAccessible(anaPage, "Issue Fine");
    await choose(anaPage, "Offender *", ben.name);
    await choose(anaPage, "Rule *", new RegExp(RULE));
    await anaPage.getByLabel("Description").fill("Pans left in the sink");
    await anaPage.getByLabel("Evidence note").fill("Found them at 7am");
    await anaPage
      .locator('input[type="file"]')
      .setInputFiles({ name: "sink.png", mimeType: "image/png", buffer: makePng() });
    await anaPage.getByRole("img", { name: "sink.png" }).waitFor();
    await anaPage.getByRole("status", { name: "Uploading sink.png" }).waitFor({ state: "detached" });
    await expectAccessible(anaPage, "Issue Fine, filled in with a photo");
    await anaPage.getByRole("button", { name: "Issue Fine" }).click();
    await anaPage.waitForURL((url) => url.pathname === "/dashboard/fines");
    await loaded(anaPage);
    await expectAccessible(anaPage, "My Fines after issuing");

    await openPage(benPage, "/dashboard/fines");
    const card = benPage.getByRole("article", { name: RULE });
    await card.getByRole("button", { name: "Dispute" }).waitFor();
    await loaded(benPage);
    await expectAccessible(benPage, "My Fines with a pending fine");
    await expectDialogAccessible(
      benPage,
      card.getByRole("button", { name: /^View evidence/ }),
      benPage.getByRole("dialog", { name: "Evidence" }),
      "the evidence dialog",
    );
    await card.getByRole("button", { name: "Dispute" }).click();
    const dispute = benPage.getByRole("dialog", { name: "Dispute Fine" });
    await dispute.getByRole("button", { name: "Submit Dispute" }).click();
    await dispute.getByText(/at least 5 characters/).waitFor();
    await expectAccessible(benPage, "the dispute dialog with an error");
    await dispute.getByLabel("Reason").fill("They were soaking, I washed them at lunch");
    await dispute.getByRole("button", { name: "Submit Dispute" }).click();
    await dispute.waitFor({ state: "detached" });

    await openPage(anaPage, "/dashboard");
    const toReview = dashboardCard(anaPage, "Disputed Fines to Review");
    await toReview.getByRole("button", { name: "Review" }).click();
    const review = anaPage.getByRole("dialog", { name: "Review Dispute" });
    await review.getByRole("button", { name: "Submit Review" }).click();
    await review.getByText("You must select an action").waitFor();
    await expectAccessible(anaPage, "the review dialog with an error");
    await review.getByRole("radio", { name: /Decline dispute/ }).check();
    await review.getByLabel("Reason").fill("Three days is not soaking");
    await review.getByRole("button", { name: "Submit Review" }).click();
    await review.waitFor({ state: "detached" });

    await openPage(benPage, "/dashboard");
    const recent = dashboardCard(benPage, "Recent Activity");
    await expectDialogAccessible(
      benPage,
      recent.getByRole("button", { name: "Details" }).first(),
      benPage.getByRole("dialog", { name: "Fine Details" }),
      "the fine details dialog",
    );
  });

  it("the dashboard, the notifications sheet and the account menu, on a desktop and a phone", async () => {
    await openPage(benPage, "/dashboard");
    await dashboardCard(benPage, "Recent Activity").getByRole("article").first().waitFor();
    await loaded(benPage);
    await expectAccessible(benPage, "the dashboard");
    await expectDialogAccessible(
      benPage,
      benPage.getByRole("banner").getByRole("button", { name: /^Notifications/ }),
      benPage.getByRole("dialog", { name: "Notifications" }),
      "the notifications sheet",
    );
    await expectDialogAccessible(
      benPage,
      benPage.getByRole("banner").getByRole("button", { name: "Account menu" }),
      benPage.getByRole("menu"),
      "the account menu",
    );

    await openPage(benPage, "/dashboard", PHONE);
    await dashboardCard(benPage, "Recent Activity").getByRole("article").first().waitFor();
    await loaded(benPage);
    await expectAccessible(benPage, "the dashboard on a phone");
    await expectDialogAccessible(
      benPage,
      benPage.getByRole("banner").getByRole("button", { name: /^Notifications/ }),
      benPage.getByRole("dialog", { name: "Notifications" }),
      "the notifications sheet on a phone",
    );
  });

  it("the fund, with the propose, withdraw and reverse dialogs", async () => {
    // Ben pays the declined fine (as the fines journey does on screen), so the fund has an entry to reverse.
    const fines = await callApi<Fine[]>(journey.server, anaPage, "GET", "/fines");
    const fine = fines.data.find((f) => f.description.startsWith("Pans left in the sink"));
    if (!fine) throw new Error("Ben's fine is not in the household's list");
    const paid = await callApi(journey.server, benPage, "PUT", `/fines/household/${householdId}/fines/${fine.id}/pay`);
    expect(paid.status).toBe(200);

    await openPage(anaPage, "/dashboard/fund");
    await anaPage.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1).waitFor();
    await loaded(anaPage);
    await expectAccessible(anaPage, "the fund");

    await anaPage.getByRole("button", { name: "Propose spending" }).click();
    const propose = anaPage.getByRole("dialog", { name: "Propose spending" });
    await propose.getByRole("button", { name: "Propose" }).click();
    await expectAccessible(anaPage, "the propose spending dialog, with its errors");
    await propose.getByLabel("Title").fill("Biscuits");
    await propose.getByLabel(/^Amount/).fill("1.00");
    await propose.getByRole("button", { name: "Propose" }).click();
    await propose.waitFor({ state: "detached" });
    await anaPage.getByRole("region", { name: "Open proposals" }).getByText("Biscuits").waitFor();
    await expectAccessible(anaPage, "the fund with an open proposal");
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: "Withdraw Biscuits" }),
      anaPage.getByRole("alertdialog", { name: "Withdraw this proposal?" }),
      "the withdraw proposal dialog",
    );
    await expectDialogAccessible(
      anaPage,
      anaPage
        .getByRole("table", { name: "Transactions" })
        .getByRole("button", { name: /^Reverse / })
        .first(),
      anaPage.getByRole("dialog", { name: "Reverse transaction" }),
      "the reverse transaction dialog",
    );

    await openPage(benPage, "/dashboard/fund", PHONE);
    await benPage.getByRole("list", { name: "Transactions" }).getByRole("listitem").first().waitFor();
    await loaded(benPage);
    await expectAccessible(benPage, "the fund on a phone");
  });

  it("household settings, with the invite, revoke, rotate, remove, leave and delete dialogs", async () => {
    await openPage(anaPage, "/dashboard/household");
    const members = anaPage.getByRole("list", { name: "Members" });
    await members.getByRole("button", { name: `Remove ${ben.name}` }).waitFor();
    await anaPage.getByRole("list", { name: "Invite links" }).waitFor();
    await loaded(anaPage);
    await expectAccessible(anaPage, "household settings (admin)");
    await expectDialogAccessible(
      anaPage,
      members.getByRole("button", { name: `Remove ${ben.name}` }),
      anaPage.getByRole("dialog", { name: `Remove ${ben.name}` }),
      "the remove member dialog",
    );
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("list", { name: "Invite links" }).getByRole("button", { name: /^Revoke the link/ }),
      anaPage.getByRole("alertdialog", { name: "Revoke this invite link?" }),
      "the revoke invite link dialog",
    );
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: "Rotate" }),
      anaPage.getByRole("alertdialog", { name: "Rotate the household ID?" }),
      "the rotate household ID dialog",
    );
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("main").getByRole("button", { name: "Leave Household" }),
      anaPage.getByRole("dialog", { name: "Leave Household" }),
      "the leave household dialog (admin)",
    );

    await openPage(benPage, "/dashboard/household");
    await benPage.getByRole("list", { name: "Members" }).waitFor();
    await loaded(benPage);
    await expectAccessible(benPage, "household settings (member)");
    await expectDialogAccessible(
      benPage,
      benPage.getByRole("main").getByRole("button", { name: "Leave Household" }),
      benPage.getByRole("dialog", { name: "Leave Household" }),
      "the leave household dialog",
    );
  });

  it("the profile's three tabs, the avatar crop and the delete account dialog", async () => {
    await openPage(anaPage, "/dashboard/profile");
    await expect.poll(() => anaPage.getByLabel("Display Name").inputValue()).toBe(ana.name);
    await expectAccessible(anaPage, "the profile's General tab");
    await anaPage
      .getByLabel("Choose a profile picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng(240, 180) });
    const crop = anaPage.getByRole("dialog", { name: "Crop Avatar" });
    await crop.getByRole("img", { name: "The picture being cropped" }).waitFor();
    await expectAccessible(anaPage, "the avatar crop dialog");
    await anaPage.keyboard.press("Escape");
    await crop.waitFor({ state: "detached" });

    await openPage(anaPage, "/dashboard/profile?tab=statistics");
    await anaPage.getByRole("group", { name: "Your fine statistics" }).waitFor();
    await loaded(anaPage);
    await expectAccessible(anaPage, "the profile's Statistics tab");

    await openPage(anaPage, "/dashboard/profile?tab=preferences");
    await anaPage.getByRole("switch", { name: "Someone issued you a fine (email)" }).waitFor();
    await loaded(anaPage);
    await expectAccessible(anaPage, "the profile's Preferences tab");
    await expectDialogAccessible(
      anaPage,
      anaPage.getByRole("button", { name: "Delete Account" }),
      anaPage.getByRole("alertdialog", { name: "Delete your account?" }),
      "the delete account dialog",
    );
  });

  it("the rules page and My Fines on a phone", async () => {
    for (const [path, ready] of [
      ["/dashboard/rules", "House Rules"],
      ["/dashboard/fines", "My Fines"],
      ["/dashboard/fines/new", "Issue New Fine"],
    ] as const) {
      await openPage(benPage, path, PHONE);
      await benPage.getByRole("heading", { name: ready }).waitFor();
      await loaded(benPage);
      await expectAccessible(benPage, `${ready} on a phone`);
    }
  });
});
