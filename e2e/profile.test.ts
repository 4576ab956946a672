import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { thumbnailUrl } from "@housemate/contract";
import {
  dashboardCard,
  expectNoSidewaysScroll,
  openPage,
  PHONE,
  screenshot,
  screenshotScreen,
} from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { makePng } from "./helpers/png.js";
import { callApi, localItem, newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const userIdOf = async (page: Page) => (JSON.parse((await localItem(page, "user")) ?? "{}") as { id: string }).id;

const accountMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

describe("the profile in the browser", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const ben = { name: "Ben Hall", email: newEmail("ben") };
  let anaPage: Page;
  let benPage: Page;
  let householdId: string;
  let benFinesAnaId: string;

  it("Ana and Ben share a household and have fined each other", async () => {
    anaPage = await open(PHONE);
    householdId = await signUpAndCreateHousehold(anaPage, journey.server, ana, {
      name: "The Cozy Flat",
      currency: "EUR",
    });
    benPage = await open();
    await signUpAndJoinHousehold(benPage, journey.server, ben, householdId);

    const rule = await callApi<{ id: string }>(journey.server, anaPage, "POST", "/rules", {
      title: "Dishes left overnight",
      description: "Wash up before bed.",
      fine_amount: 2.5,
      household_id: householdId,
    });
    expect(rule.status).toBe(201);
    const [anaId, benId] = [await userIdOf(anaPage), await userIdOf(benPage)];
    const anaFinesBen = await callApi<{ id: string }>(journey.server, anaPage, "POST", "/fines", {
      offender_id: benId,
      rule_id: rule.data.id,
      amount: 2.5,
      description: "Pans in the sink",
      household_id: householdId,
    });
    expect(anaFinesBen.status).toBe(201);
    const benFinesAna = await callApi<{ id: string }>(journey.server, benPage, "POST", "/fines", {
      offender_id: anaId,
      rule_id: rule.data.id,
      amount: 4,
      description: "The big pot, again",
      household_id: householdId,
    });
    expect(benFinesAna.status).toBe(201);
    benFinesAnaId = benFinesAna.data.id;
    // Ben pays his: a fine he still owed when he deletes his account would be written off (decision 032), and the
    // last step shows the household keeps the history of both.
    const paid = await callApi(
      journey.server,
      benPage,
      "PUT",
      `/fines/household/${householdId}/fines/${anaFinesBen.data.id}/pay`,
    );
    expect(paid.status).toBe(200);
  });

  it("Ana renames herself on General; the avatar menu shows the new name", async () => {
    await openPage(anaPage, "/dashboard/profile");
    const field = anaPage.getByLabel("Display Name");
    await expect.poll(() => field.inputValue()).toBe(ana.name);
    await field.fill("   ");
    expect(await anaPage.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
    await field.fill("Ana <b>López</b>");
    await anaPage.getByRole("button", { name: "Save Changes" }).click();
    await anaPage.getByText("Profile updated").waitFor();
    expect(await field.inputValue()).toBe("Ana López");

    await accountMenu(anaPage).click();
    await anaPage.getByRole("menu").getByText("Ana López", { exact: true }).waitFor();
    await anaPage.keyboard.press("Escape");
  });

  it("Ana picks a picture, crops it round and saves it; the header shows it", async () => {
    await openPage(anaPage, "/dashboard/profile");
    await anaPage
      .getByLabel("Choose a profile picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng(240, 180) });
    const dialog = anaPage.getByRole("dialog", { name: "Crop Avatar" });
    await dialog.getByRole("img", { name: "The picture being cropped" }).waitFor();
    const zoom = dialog.getByLabel("Zoom");
    expect(await zoom.getAttribute("min")).toBe("1");
    expect(await zoom.getAttribute("max")).toBe("3");
    expect(await zoom.getAttribute("step")).toBe("0.1");
    await zoom.fill("1.5");
    const save = dialog.getByRole("button", { name: "Save Avatar" });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // The dialog sits over the screen, so the screen is what to show, not the whole page.
    await screenshotScreen(anaPage, "profile-crop-phone");
    await save.click();
    await anaPage.getByText("Avatar updated").waitFor();
    await dialog.waitFor({ state: "detached" });

    // The header's avatar is now the uploaded picture's thumbnail, and it loads.
    const photo = accountMenu(anaPage).locator("img");
    await photo.waitFor();
    expect(await photo.getAttribute("src")).toMatch(
      /\/files\/profile-pictures\/[A-Za-z0-9_-]{32}\.jpg\?size=thumbnail$/,
    );
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // It is a square JPEG (the crop's 1:1), stored for the member list too; its thumbnail is a WebP.
    const members = await callApi<{ id: string; photo_url: string | null; display_name: string }[]>(
      journey.server,
      anaPage,
      "GET",
      `/users?householdId=${householdId}`,
    );
    const me = members.data.find((member) => member.display_name === "Ana López");
    expect(thumbnailUrl(me?.photo_url ?? "")).toBe(await photo.getAttribute("src"));
    const file = await fetch(me?.photo_url ?? "");
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect((await fetch(thumbnailUrl(me?.photo_url ?? ""))).headers.get("content-type")).toBe("image/webp");

    // It survives a reload.
    await anaPage.reload();
    await accountMenu(anaPage).locator("img").waitFor();
  });

  it("Ana's three tabs fit a 360 px phone", async () => {
    await openPage(anaPage, "/dashboard/profile");
    await anaPage.getByTestId("profile-avatar").locator("img").waitFor();
    await expectNoSidewaysScroll(anaPage);
    await screenshot(anaPage, "profile-general-phone");

    await anaPage.getByRole("tab", { name: "Statistics" }).click();
    const figures = anaPage.getByRole("group", { name: "Your fine statistics" });
    await figures.getByText("€4.00 pending").waitFor();
    await figures.getByText("to 1 housemate").waitFor();
    const history = anaPage.getByRole("list", { name: "Fine History" });
    await history.getByText("From Ben Hall").waitFor();
    expect(await history.getByRole("listitem").count()).toBe(1);
    await expectNoSidewaysScroll(anaPage);
    await screenshot(anaPage, "profile-statistics-phone");

    await anaPage.getByRole("tab", { name: "Preferences" }).click();
    await anaPage.getByRole("switch", { name: "Someone issued you a fine (email)" }).waitFor();
    await expectNoSidewaysScroll(anaPage);
    await screenshot(anaPage, "profile-preferences-phone");
  });

  it("Ana turns off email for fines she receives, and it stays off", async () => {
    await openPage(anaPage, "/dashboard/profile?tab=preferences");
    const email = anaPage.getByRole("switch", { name: "Someone issued you a fine (email)" });
    expect(await email.getAttribute("aria-checked")).toBe("true");
    await email.click();
    await anaPage.getByText("Notification preference updated").waitFor();
    await anaPage.reload();
    await expect.poll(() => email.getAttribute("aria-checked")).toBe("false");
  });

  it("Ben deletes his account from the Danger Zone and lands on the landing page, signed out", async () => {
    await openPage(benPage, "/dashboard/profile");
    const token = await localItem(benPage, "authToken");
    await benPage.getByLabel("Display Name").waitFor();
    await screenshot(benPage, "profile-general-desktop");
    await benPage.goto("/dashboard/profile?tab=statistics");
    await benPage.getByRole("list", { name: "Fine History" }).getByText("From Ana López").waitFor();
    await screenshot(benPage, "profile-statistics-desktop");
    // Ana pays the fine Ben issued her: left pending, it would be written off with his account, as she would be the
    // only one left to review its dispute (decision 032), and the last step shows the household keeps both fines.
    const anaPaid = await callApi(
      journey.server,
      anaPage,
      "PUT",
      `/fines/household/${householdId}/fines/${benFinesAnaId}/pay`,
    );
    expect(anaPaid.status).toBe(200);

    await benPage.goto("/dashboard/profile?tab=preferences");
    await benPage.getByRole("button", { name: "Delete Account" }).click();
    const dialog = benPage.getByRole("alertdialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete Account" });
    await dialog.getByLabel("Type DELETE to confirm").fill("delete");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await screenshotScreen(benPage, "profile-delete-desktop");
    await confirm.click();

    await benPage.waitForURL((url) => url.pathname === "/");
    await benPage.getByRole("heading", { name: "House Rules Made Fun & Fair" }).waitFor();
    // The toast outlet outlives the route change, so the farewell shows on the landing page.
    await benPage.getByText("Your account has been permanently deleted.").waitFor();
    expect(await localItem(benPage, "authToken")).toBeNull();
    // Every session of the account has ended on the server too.
    const revoked = await fetch(`${journey.server.url}/api/households/${householdId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);
  });

  it("Ana still sees both fines Ben was part of, with Ben as a former member", async () => {
    await openPage(anaPage, "/dashboard");
    const recent = dashboardCard(anaPage, "Recent Activity");
    await recent.getByText("Ana López fined Former member").waitFor();
    await recent.getByText("Former member fined Ana López").waitFor();

    await anaPage.goto("/dashboard/fines");
    await anaPage.getByText("Former member fined you").waitFor();

    await anaPage.goto("/dashboard/profile?tab=statistics");
    await anaPage.getByRole("list", { name: "Fine History" }).getByText("From Former member").waitFor();
    await anaPage.getByRole("group", { name: "Your fine statistics" }).getByText("to 1 housemate").waitFor();
  });
});

describe("the app on a phone", () => {
  it("installs from the browser: the manifest, its icons and start page are what Chromium asks for", async () => {
    const page = await open(PHONE);
    await page.goto("/");
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(`${journey.server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? "{}") as {
      start_url: string;
      display: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(data).toMatchObject({ start_url: "/dashboard", display: "standalone" });
    expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test browser's context is private, which alone keeps Chromium from offering the install.
    expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
    for (const icon of ["/icon-192.png", "/icon-512.png", "/icon-maskable-512.png", "/apple-touch-icon.png"]) {
      const response = await fetch(`${journey.server.url}${icon}`);
      expect(response.headers.get("content-type"), icon).toBe("image/png");
    }
  });
});
