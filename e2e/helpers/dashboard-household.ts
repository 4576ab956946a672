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

type Outcome = "pending" | "paid" | "disputed" | "declined" | "cancelled";
interface PlannedFine {
  issuer: Who;
  offender: Who;
  rule: RuleTitle;
  amount: number;
  outcome: Outcome;
}
/** Oldest first: the last is the newest, at the top of Recent Activity. */
const FINES: readonly PlannedFine[] = [
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

/** An older fine of the history Insights draws: when it was issued and, if it was paid, how long that took. */
export interface HistoricFine extends PlannedFine {
  daysAgo: number;
  /** The hour of the day it was issued, UTC. */
  hour: number;
  hoursToPay: number;
}

/**
 * Six months of older fines (issue 20's screenshots), so Insights' charts have a shape: more in some months than
 * others, mostly in the evening, most paid within a few days, a few disputed. A fixed sequence (no randomness), so two
 * runs draw the same charts. They are made through the API like the rest and moved back in time afterwards
 * (backdateFines): the API has no way to issue a fine in the past.
 */
export const FINE_HISTORY: readonly HistoricFine[] = (() => {
  const who = Object.keys(PEOPLE) as Who[];
  // Sam and Jordan are fined most, Dishes is broken most: the charts rank something.
  const offenders: Who[] = ["sam", "jordan", "sam", "priya", "jordan", "alex", "sam", "jordan", "priya"];
  const rules: RuleTitle[] = [
    "Dishes left overnight",
    "Bins not taken out",
    "Dishes left overnight",
    "Loud music after 11pm",
    "Hogged the bathroom",
    "Dishes left overnight",
    "Borrowed milk, never replaced",
    "Bins not taken out",
  ];
  const outcomes: Outcome[] = [
    "paid",
    "paid",
    "paid",
    "declined",
    "paid",
    "paid",
    "cancelled",
    "paid",
    "paid",
    "pending",
  ];
  const hours = [19, 21, 8, 22, 18, 23, 20, 7, 21, 13, 19, 22];
  // Fines per month, oldest first, counted back from about 25 days ago.
  const perMonth = [3, 5, 4, 7, 6, 8];
  const fines: HistoricFine[] = [];
  perMonth.forEach((count, month) => {
    for (let n = 0; n < count; n += 1) {
      const i = fines.length;
      const offender = offenders[i % offenders.length] ?? "sam";
      const issuer = who[(who.indexOf(offender) + 1 + (i % 3)) % who.length] ?? "alex";
      const rule = rules[i % rules.length] ?? RULES[0].title;
      const amount = RULES.find((candidate) => candidate.title === rule)?.fine_amount ?? 1;
      fines.push({
        issuer,
        offender,
        rule,
        amount,
        outcome: outcomes[i % outcomes.length] ?? "paid",
        daysAgo: 25 + (perMonth.length - 1 - month) * 30 + Math.floor((n * 29) / count),
        hour: hours[i % hours.length] ?? 20,
        hoursToPay: 2 + ((i * 17) % 90),
      });
    }
  });
  return fines;
})();

const isHistoric = (fine: PlannedFine): fine is HistoricFine => "daysAgo" in fine;

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
  /** The FINE_HISTORY fines made (when asked for), by id, in its order: what backdateFines moves. */
  history: { id: string; fine: HistoricFine }[];
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

/**
 * Makes the household on `server`, through its API, and returns what a signed-in dashboard of Alex's needs. With
 * `history`, FINE_HISTORY's fines are made first (so the dozen above stay the newest), to be moved back in time.
 */
export async function makeDashboardHousehold(
  browser: Browser,
  server: RunningServer,
  options: { history?: boolean } = {},
): Promise<DashboardHousehold> {
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

  const history: DashboardHousehold["history"] = [];
  for (const fine of [...(options.history ? FINE_HISTORY : []), ...FINES]) {
    const made = await as<Fine>(fine.issuer, "POST", "/fines", {
      offender_id: ids[fine.offender],
      rule_id: rules.get(fine.rule),
      amount: fine.amount,
      household_id: household.id,
      description: "",
    });
    const finePath = `/fines/household/${household.id}/fines/${made.id}`;
    if (fine.outcome === "paid") await as(fine.offender, "PUT", `${finePath}/pay`);
    if (fine.outcome === "disputed" || fine.outcome === "declined" || fine.outcome === "cancelled") {
      const { dispute } = await as<{ dispute: Dispute }>(fine.offender, "POST", `${finePath}/disputes`, {
        reason: "Headphones were on!",
      });
      if (fine.outcome !== "disputed") {
        await as(fine.issuer, "PUT", `${finePath}/disputes/${dispute.id}`, {
          action: fine.outcome === "declined" ? "decline" : "accept",
          reason: fine.outcome === "declined" ? "Heard it through the wall." : "Fair enough, it was me.",
        });
      }
    }
    if (isHistoric(fine)) history.push({ id: made.id, fine });
  }
  for (const note of NOTES) await as<StickyNote>("priya", "POST", "/sticky-notes", note);

  const alex = await as<Member>("alex", "GET", `/users/${ids.alex}`);
  await Promise.all(Object.values(pages).map((page) => page.context().close()));
  return { householdId: household.id, alex, alexToken: tokens.alex, fineCount: FINES.length, history };
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
