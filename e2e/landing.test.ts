import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, PHONE, screenshot } from "./helpers/browser.js";
import { useJourney } from "./helpers/journey.js";

const journey = useJourney();
const { open } = journey;

describe("the public site", () => {
  it("serves the app and answers client routes with the page", async () => {
    const res = await fetch(`${journey.server.url}/dashboard/rules`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  it("shows the hero headline and both plans", async () => {
    const page = await open();
    await page.goto("/");
    await expect(page.title()).resolves.toContain("Housemate");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("House Rules Made Fun & Fair");

    const basic = page.getByRole("article", { name: "Housemate Basic" });
    await expect(basic.getByText("£0", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(basic.getByText("forever").isVisible()).resolves.toBe(true);
    const pro = page.getByRole("article", { name: "Housemate Pro" });
    await expect(pro.getByText("£5", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(pro.getByText("per month").isVisible()).resolves.toBe(true);
    await expect(pro.getByText("Most Popular").isVisible()).resolves.toBe(true);

    // The preview's placeholder gives way once the image arrives.
    await page.getByText("Loading preview...").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("takes 'Sign In' to the sign-up page, as SPEC words it", async () => {
    const page = await open();
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL("**/register");
    expect(new URL(page.url()).pathname).toBe("/register");
    await page.context().close();
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    const page = await open();
    await page.goto("/no/such/room");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await expect(page.getByRole("link", { name: /Dashboard/ }).getAttribute("href")).resolves.toBe("/dashboard");
    await page.context().close();
  });

  it("shows the landing page at desktop and phone widths, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await open();
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await page.getByText("Loading preview...").waitFor({ state: "detached" });
      const suffix = colorScheme === "dark" ? "-dark" : "";
      await screenshot(page, `landing-desktop${suffix}`);
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `landing-phone${suffix}`);
      await page.context().close();
    }
  });
});
