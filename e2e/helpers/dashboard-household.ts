import type { Browser, Page } from "playwright-core";
import type { Dispute, Fine, Household, Member, Rule, StickyNote } from "@housemate/contract";
import { newPage, problemsOf, type Viewport } from "./browser.js";
import type { RunningServer } from "./server.js";
import { callApi, signInThroughApi } from "./session.js";

/**
 * The household the dashboard's screenshots and layout checks show (issue 18): four people, their avatars their
 * initials, a few rules, a dozen fines in every status and four sticky notes, made through the real API. Fixed names
 * and amounts, made in a fixed order, so two runs draw the same dashboard (only the dates are today's).
 */
export const DASHBOARD_HOUSEHOLD = "The Cozy Flat";

const PEOPLE = {
  alex: "Alex Morgan",
  sam: "Sam Patel",
  jordan: "Jordan Lee",
  priya: "Priya Shah",
} as const;
type Who = keyof typeof PEOPLE;

const RULES = [
  { title: "Dishes left overnight", description: "Wash up before bed.", fine_amount: 2 },
  { title: "Bins not taken out", description: "Bins go out on Thursday night.", fine_amount: 1.5 },
  { title: "Loud music after 11pm", description: "Headphones after eleven.", fine_amount: 3 },
  { title: "Hogged the bathroom", description: "Twenty minutes in the morning, tops.", fine_amount: 1 },
  { title: "Borrowed milk, never replaced", description: "Replace what you finish.", fine_amount: 0.5 },
] as const;
type RuleTitle = (typeof RULES)[number]["title"];

type Outcome = "pending" | "paid" | "disputed" | "declined";
/** Oldest first: the last is the newest, at the top of Recent Activity. */
const FINES: readonly { issuer: Who; offender: Who; rule: RuleTitle; amount: number; outcome: Outcome }[] = [
  { issuer: "priya", offender: "sam", rule: "Borrowed milk, never replaced", amount: 0.5, outcome: "paid" },
  { issuer: "jordan", offender: "priya", rule: "Hogged the bathroom", amount: 1, outcome: "paid" },
  { issuer: "sam", offender: "jordan", rule: "Bins not taken out", amount: 1.5, outcome: "declined" },
  { issuer: "alex", offender: "priya", rule: "Dishes left overnight", amount: 2, outcome: "paid" },
  { issuer: "priya", offender: "jordan", rule: "Loud music after 11pm", amount: 3, outcome: "pending" },
  { issuer: "alex", offender: "sam", rule: "Hogged the bathroom", amount: 1, outcome: "disputed" },
  { issuer: "sam", offender: "priya", rule: "Dishes left overnight", amount: 2, outcome: "paid" },
  { issuer: "jordan", offender: "alex", rule: "Bins not taken out", amount: 1.5, outcome: "pending" },
  { issuer: "priya", offender: "alex", rule: "Borrowed milk, never replaced", amount: 0.5, outcome: "paid" },
  { issuer: "alex", offender: "jordan", rule: "Loud music after 11pm", amount: 3, outcome: "disputed" },
  { issuer: "jordan", offender: "sam", rule: "Dishes left overnight", amount: 2, outcome: "pending" },
  { issuer: "sam", offender: "alex", rule: "Dishes left overnight", amount: 2, outcome: "pending" },
];

const NOTES = [
  { content: "Bin day is Thursday!", color: "yellow" },
  { content: "Who ate my hummus? :(", color: "pink" },
  { content: "Rent is due on the 1st", color: "blue" },
  { content: "Pizza night Fri, fine fund pays!", color: "green" },
] as const;

export interface DashboardHousehold {
  householdId: string;
  /** Alex, whose dashboard is shown: as the app keeps them on the device, with their session's token. */
  alex: Member;
  alexToken: string;
  /** How many fines Recent Activity lists. */
  fineCount: number;
}

async function ok<T>(call: Promise<{ status: number; data: T }>, what: string): Promise<T> {
  const { status, data } = await call;
  if (status >= 300) throw new Error(`${what}: the server answered ${status}`);
  return data;
}

/** A signed-in API client for one person: a page on the server's origin holding their session, as the app keeps it. */
async function personPage(browser: Browser, server: RunningServer, token: string): Promise<Page> {
  const { page } = await newPage(browser, server.url);
  await page.goto("/api/health");
  await page.evaluate((session) => localStorage.setItem("authToken", session), token);
  return page;
}

/** Makes the household on `server`, through its API, and returns what a signed-in dashboard of Alex's needs. */
export async function makeDashboardHousehold(browser: Browser, server: RunningServer): Promise<DashboardHousehold> {
  const pages = {} as Record<Who, Page>;
  const tokens = {} as Record<Who, string>;
  for (const who of Object.keys(PEOPLE) as Who[]) {
    tokens[who] = await signInThroughApi(server, `${who}@example.com`);
    pages[who] = await personPage(browser, server, tokens[who]);
  }
  const as = <T>(who: Who, method: string, path: string, body?: unknown) =>
    ok(callApi<T>(server, pages[who], method, path, body), `${who}: ${method} ${path}`);

  const household = await as<Household>("alex", "POST", "/households", {
    name: DASHBOARD_HOUSEHOLD,
    iso_4217_code: "GBP",
  });
  for (const who of ["sam", "jordan", "priya"] as const) await as(who, "POST", `/households/${household.id}/join`, {});
  const members = await as<Member[]>("alex", "GET", `/users?householdId=${household.id}`);
  const ids = {} as Record<Who, string>;
  for (const who of Object.keys(PEOPLE) as Who[]) {
    const member = members.find((candidate) => candidate.email === `${who}@example.com`);
    if (!member) throw new Error(`${who} is not a member`);
    ids[who] = member.id;
    await as(who, "PUT", `/users/${member.id}`, { display_name: PEOPLE[who] });
  }

  const rules = new Map<string, string>();
  for (const rule of RULES) {
    const made = await as<Rule>("alex", "POST", "/rules", { ...rule, household_id: household.id });
    rules.set(rule.title, made.id);
  }

  for (const fine of FINES) {
    const made = await as<Fine>(fine.issuer, "POST", "/fines", {
      offender_id: ids[fine.offender],
      rule_id: rules.get(fine.rule),
      amount: fine.amount,
      household_id: household.id,
      description: "",
    });
    const finePath = `/fines/household/${household.id}/fines/${made.id}`;
    if (fine.outcome === "paid") await as(fine.offender, "PUT", `${finePath}/pay`);
    if (fine.outcome === "disputed" || fine.outcome === "declined") {
      const { dispute } = await as<{ dispute: Dispute }>(fine.offender, "POST", `${finePath}/disputes`, {
        reason: "Headphones were on!",
      });
      if (fine.outcome === "declined") {
        await as(fine.issuer, "PUT", `${finePath}/disputes/${dispute.id}`, {
          action: "decline",
          reason: "Heard it through the wall.",
        });
      }
    }
  }
  for (const note of NOTES) await as<StickyNote>("priya", "POST", "/sticky-notes", note);

  const alex = await as<Member>("alex", "GET", `/users/${ids.alex}`);
  await Promise.all(Object.values(pages).map((page) => page.context().close()));
  return { householdId: household.id, alex, alexToken: tokens.alex, fineCount: FINES.length };
}

/**
 * Alex's dashboard in a fresh context at `viewport` and colour scheme, signed in as the app keeps a session, loaded
 * with every card's answer in: the activity rows, the housemates, the notes and the balance. `problems` collects what
 * the page logs as a warning or error, from its first line.
 */
export async function openAlexDashboard(
  browser: Browser,
  server: RunningServer,
  household: DashboardHousehold,
  options: { viewport: Viewport; colorScheme: "light" | "dark" },
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport,
    colorScheme: options.colorScheme,
  });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("authExpires", "2999-01-01T00:00:00.000Z");
      localStorage.setItem("user", user);
    },
    { token: household.alexToken, user: JSON.stringify(household.alex) },
  );
  const page = await context.newPage();
  const problems = problemsOf(page);
  page.setDefaultTimeout(20_000);
  await page.goto("/dashboard");
  await dashboardSettled(page);
  return { page, problems };
}

/** Every card of the dashboard has its answer: no skeleton is left. */
export async function dashboardSettled(page: Page) {
  await page.getByRole("region", { name: "Recent Activity" }).getByText(" fined ").first().waitFor();
  await page.getByRole("list", { name: "Housemates" }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label^="Loading"]').length === 0);
}
