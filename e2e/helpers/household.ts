import type { Page } from "playwright-core";
import type { RunningServer } from "./server.js";
import { localItem, registerThroughEmail } from "./session.js";

export interface Person {
  name: string;
  email: string;
}

/** The household id the signed-in page's user belongs to, as the app stored it. */
export async function householdIdOf(page: Page): Promise<string> {
  const user = JSON.parse((await localItem(page, "user")) ?? "null") as { household_id?: string } | null;
  if (!user?.household_id) throw new Error("the signed-in user has no household");
  return user.household_id;
}

/**
 * Signs a new person up through the emailed link and creates a household on onboarding, as a person
 * would. Resolves on the dashboard with the new household's id.
 */
export async function signUpAndCreateHousehold(
  page: Page,
  server: RunningServer,
  person: Person,
  household: { name: string; currency?: string },
): Promise<string> {
  await page.goto("/register");
  await registerThroughEmail(page, server, person);
  await page.waitForURL("**/onboarding");
  await page.getByRole("button", { name: /Create New Household/ }).click();
  await page.getByLabel("Household Name").fill(household.name);
  if (household.currency) {
    await page.getByRole("combobox", { name: "Currency" }).click();
    await page.getByRole("option", { name: new RegExp(`^${household.currency}`) }).click();
  }
  await page.getByRole("button", { name: "Create Household" }).click();
  await page.waitForURL("**/dashboard");
  return householdIdOf(page);
}

/** Signs a new person up through the emailed link and joins `householdId` on onboarding. */
export async function signUpAndJoinHousehold(page: Page, server: RunningServer, person: Person, householdId: string) {
  await page.goto("/register");
  await registerThroughEmail(page, server, person);
  await page.waitForURL("**/onboarding");
  await page.getByRole("button", { name: /Join Existing Household/ }).click();
  await page.getByLabel("Household ID").fill(householdId);
  await page.getByRole("button", { name: "Join Household" }).click();
  await page.waitForURL("**/dashboard");
}

/** Closes the toasts on screen, so a screenshot shows the page rather than the last step's news. */
export async function dismissToasts(page: Page) {
  // All at once inside the page: one by one from here, a toast could time out between being found and being
  // clicked, and the click would wait for a button that is gone.
  await page.evaluate(() => {
    for (const close of document.querySelectorAll<HTMLButtonElement>(
      '[data-sonner-toast] button[aria-label="Close toast"]',
    ))
      close.click();
  });
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
}
