import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { Fine } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { dashboardCard, DESKTOP, newPage, openPage, PHONE } from "./helpers/browser.js";
import { makeDashboardHousehold, type DashboardHousehold } from "./helpers/dashboard-household.js";
import { useJourney } from "./helpers/journey.js";
import { signInThroughApi } from "./helpers/session.js";

/**
 * Issue 22: the signed-in app on the Tube. Alex looks at the dashboard, fines, rules and fund while online; the device
 * goes offline (Playwright's setOffline: Chromium's offline emulation, which the service worker's fetches obey too)
 * and the app opens again from the service worker with what Alex saw, says so, and keeps the server's actions off.
 * Back online, the banner goes, the pages catch up and the live socket is back.
 *
 * The update prompt ('Update available — reload') is proved by lib/offline/service-worker.test.tsx, not here: a new
 * deploy means a changed sw.js, and Playwright's routing does not reach the browser's worker-script fetch, while
 * changing the build's own file would show the prompt to every journey running against it meanwhile.
 */
const journey = useJourney();
let household: DashboardHousehold;
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

beforeAll(async () => {
  household = await makeDashboardHousehold(journey.browser, journey.server);
}, 180_000);

/**
 * What the pages logged as a warning or error, but for the requests Chromium could not make while offline: those it
 * logs whatever the app does (the first requests of a page reloaded offline, whose navigator.onLine still says online
 * in Chromium's emulation, until the first failure tells the app; lib/network.ts).
 */
const problems: string[] = [];
let offline = false;
const OFFLINE_FAILURE = "net::ERR_INTERNET_DISCONNECTED";

afterEach(() => {
  expect(problems.splice(0), "what the browser logged as a warning or error").toEqual([]);
});

/**
 * A page of Alex's own, signed in as the app keeps a session. Opened here rather than with the journey's `open`,
 * whose check counts the failures offline brings (see `problems`).
 */
async function openAsAlex(): Promise<Page> {
  const { context, page } = await newPage(journey.browser, journey.server.url);
  contexts.push(context);
  page.on("console", (message) => {
    if (message.type() !== "warning" && message.type() !== "error") return;
    if (offline && message.text().includes(OFFLINE_FAILURE)) return;
    problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/api/health");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("authExpires", "2999-01-01T00:00:00.000Z");
      localStorage.setItem("user", user);
    },
    { token: household.alexToken, user: JSON.stringify(household.alex) },
  );
  return page;
}

const payButtons = (page: Page) => page.getByRole("main").getByRole("button", { name: "Pay", exact: true });
const notesList = (page: Page) => page.getByRole("list", { name: "Household notes" });
const noteTexts = (page: Page) =>
  notesList(page)
    .getByRole("textbox", { name: "Note text" })
    .evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));

/** The Fund page's Balance figure. */
async function fundBalance(page: Page): Promise<string> {
  const figures = page.getByRole("region", { name: "Fund figures" });
  const value = figures.getByRole("term").filter({ hasText: "Balance" }).locator("xpath=following-sibling::dd");
  return ((await value.textContent()) ?? "").trim();
}

/** What the app kept on the device for Alex (lib/offline/last-seen.ts), as stored in IndexedDB. */
function keptCopy(page: Page): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open("housemate-last-seen");
        opening.onerror = () => reject(opening.error ?? new Error("IndexedDB would not open"));
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains("queries")) {
            resolve("");
            return;
          }
          const reading = database.transaction("queries").objectStore("queries").get(key);
          reading.onsuccess = () => resolve(typeof reading.result === "string" ? reading.result : "");
          reading.onerror = () => reject(reading.error ?? new Error("the copy could not be read"));
        };
      }),
    `last-seen:${household.alex.id}`,
  );
}

/** A housemate's API call, made from the test (not from Alex's offline device). */
async function asHousemate<T>(token: string, method: string, apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${journey.server.url}/api${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${apiPath}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** The banner's words: 'Offline' when the browser says so, "Can't reach Housemate" when it says online (lib/network.ts). */
const bannerText = (cause: string) => new RegExp(`^${cause} — showing what you saw at \\d{1,2}:\\d{2}(?: [AP]M)?$`);

describe("the app on the Tube", { timeout: 180_000 }, () => {
  it("opens offline with the last-seen pages and actions off, and catches up when the network returns", async () => {
    const page = await openAsAlex();
    const context = page.context();

    // Online: each page once, through the sidebar as a person moves about, so its answers are kept; the worker
    // installs and takes the page.
    const goTo = (place: string) =>
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: place }).click();
    await openPage(page, "/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await notesList(page).getByRole("textbox", { name: "Note text" }).first().waitFor();
    const notes = await noteTexts(page);
    expect(notes).toContain("Bin day is Thursday!");
    await dashboardCard(page, "Recent Activity").getByText(" fined ").first().waitFor();

    await goTo("Fines");
    await page.getByRole("heading", { name: "My Fines" }).waitFor();
    // The list of fines Alex received has come (its pending fines have Pay): the rule's name is on other cards too.
    await payButtons(page).first().waitFor();
    await page.getByRole("main").getByText("Bins not taken out").first().waitFor();

    await goTo("Rules");
    await page.getByRole("main").getByText("Loud music after 11pm").first().waitFor();

    await goTo("Fund");
    await expect.poll(() => fundBalance(page)).toMatch(/^£\d/);
    const balance = await fundBalance(page);

    // The copy (the whole cache, each page's answers in it) is written within a second of the last answer.
    await expect
      .poll(() => keptCopy(page), { timeout: 10_000 })
      .toSatisfy(
        (copy: string) =>
          copy.includes("Bin day is Thursday!") &&
          copy.includes("Bins not taken out") &&
          copy.includes("Loud music after 11pm") &&
          copy.includes('"stats"') &&
          // The fines page's own list (Alex's received fines, the first page), not only the dashboard's.
          copy.includes(`"user","${household.alex.id}",{"limit":10}]`),
      );

    // Offline, and the app opened afresh (the Fund, where Alex was) from the worker, with what Alex saw on every page.
    await context.setOffline(true);
    offline = true;
    // The page open as the network goes hears the browser's offline event: 'Offline'.
    const banner = page.getByRole("status").filter({ hasText: "showing what you saw at" });
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toMatch(bannerText("Offline"));
    await page.reload();
    // Reloaded offline, Chromium's emulation has navigator.onLine say true (a real phone without a network says
    // false): the app then knows only that the server cannot be reached, and says so.
    const browserOnline = await page.evaluate(() => navigator.onLine);
    const [cause, reason] = browserOnline
      ? ["Can't reach Housemate", "Can't reach Housemate"]
      : ["Offline", "You are offline"];
    // Without its time until the kept copy is in the cache (the first render waits 300 ms at most for it).
    await expect.poll(async () => (await banner.textContent())?.trim()).toMatch(bannerText(cause));
    await expect.poll(() => fundBalance(page)).toBe(balance);

    await goTo("Dashboard");
    await banner.waitFor();
    await notesList(page).getByRole("textbox", { name: "Note text" }).first().waitFor();
    expect(await noteTexts(page)).toEqual(notes);
    // On a phone too, where the banner sits under the header in both themes, readable in each.
    await page.setViewportSize(PHONE);
    const box = await banner.boundingBox();
    expect(box && box.y + box.height <= PHONE.height && box.width <= PHONE.width, "the banner is on screen").toBe(true);
    await expectAccessible(page, "the dashboard offline, on a phone");
    await page.setViewportSize(DESKTOP);

    await goTo("Fines");
    await page.getByRole("heading", { name: "My Fines" }).waitFor();
    await page.getByRole("main").getByText("Bins not taken out").first().waitFor();
    const pay = payButtons(page).first();
    await pay.waitFor();
    expect(await pay.getAttribute("aria-disabled")).toBe("true");
    expect(await pay.getAttribute("title")).toBe(reason);
    expect(await pay.isDisabled()).toBe(true);
    await pay.click({ force: true });
    expect(await page.getByRole("alertdialog").count(), "a press does nothing").toBe(0);

    await goTo("Rules");
    await page.getByRole("main").getByText("Loud music after 11pm").first().waitFor();

    await page.getByRole("link", { name: "Issue New Fine" }).first().click();
    const issue = page.getByRole("button", { name: "Issue Fine" });
    await issue.waitFor();
    expect(await issue.getAttribute("aria-disabled")).toBe("true");
    expect(await issue.getAttribute("title")).toBe(reason);

    // Meanwhile Priya, online, adds a note; Alex's dashboard shows it once the network is back.
    const priya = await signInThroughApi(journey.server, "priya@example.com");
    await asHousemate(priya, "POST", "/sticky-notes", { content: "Back by six", color: "green" });
    await goTo("Dashboard");
    await notesList(page).getByRole("textbox", { name: "Note text" }).first().waitFor();
    expect(await noteTexts(page)).not.toContain("Back by six");

    // The first frame of any socket the page opens from now on (the server sends the counts on connecting).
    const socketBack = new Promise<void>((resolve) => {
      page.on("websocket", (socket) => socket.on("framereceived", () => resolve()));
    });
    await context.setOffline(false);
    offline = false;
    await banner.waitFor({ state: "hidden" });
    await expect.poll(() => noteTexts(page), { timeout: 15_000 }).toContain("Back by six");
    // The live socket is back at once (not after its backoff): Jordan's fine reaches Alex's bell live.
    await socketBack;
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    const before = (await bell.getAttribute("aria-label")) ?? "";
    const jordan = await signInThroughApi(journey.server, "jordan@example.com");
    const rules = await asHousemate<{ id: string; title: string }[]>(
      jordan,
      "GET",
      `/rules/household/${household.householdId}`,
    );
    const rule = rules.find((candidate) => candidate.title === "Hogged the bathroom");
    await asHousemate<Fine>(jordan, "POST", "/fines", {
      offender_id: household.alex.id,
      rule_id: rule?.id,
      amount: 1,
      household_id: household.householdId,
      description: "",
    });
    await expect.poll(() => bell.getAttribute("aria-label"), { timeout: 15_000 }).not.toBe(before);
  });
});
