import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, useLocation, useNavigate } from "react-router";
import {
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_DEFAULT,
  DATE_RANGE_MESSAGE,
  type ActivityEntry,
  type Fine,
  type Rule,
  type StickyNote,
} from "@housemate/contract";
import { queryClient } from "@/lib/query-client";
import { fineRoutes, heldAnswer, respondWith, serverUser, type FakeAnswer } from "@/lib/testing/fake-server";
import { insightsQueryKey } from "@/lib/query-keys";
import { DATE_TYPING_MS } from "@/features/activity/api/get-activity";
import { activityAnswer, activityRoute } from "@/features/activity/testing/activity-answer";
import {
  activityEntry,
  ALEX,
  BLAIR,
  FINE_ID,
  NOTE_ID,
  RULE_ID,
  SAM,
  SAMPLE_DETAILS,
  SAMPLE_SENTENCES,
} from "@/features/activity/testing/activity-fixtures";
import { buildFine } from "@/features/fines/testing/fine-fixtures";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { ACTIVITY_BURST_MS, refreshLiveChange } from "../live-refresh";
import { Component as Activity } from "./activity";

const ACTIVITY = `/api/households/${HOUSEHOLD_ID}/activity`;
const FINE = `/api/fines/household/${HOUSEHOLD_ID}/fines/${FINE_ID}`;

const rule: Rule = {
  id: RULE_ID,
  household_id: HOUSEHOLD_ID,
  title: "Dishes",
  description: "",
  fine_amount: 2,
  created_by: ALEX.id,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const note: StickyNote = {
  id: NOTE_ID,
  household_id: HOUSEHOLD_ID,
  content: "Buy milk",
  color: "yellow",
  position: 0,
  created_by: ALEX.id,
  created_by_name: "Alex",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const fine: Fine = buildFine({ id: FINE_ID, household_id: HOUSEHOLD_ID, offender_id: BLAIR.id, created_by: ALEX.id });

/** The query string the page is at, and a way back, as the browser's Back button. */
function Location() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="search">{useLocation().search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

interface Server {
  entries?: ActivityEntry[];
  activity?: (url: URL) => FakeAnswer | Promise<FakeAnswer>;
  rules?: Rule[];
  notes?: StickyNote[];
  /** The fines GET one fine answers (any status); any other is not found. */
  fines?: Fine[];
  /** Any other answers, over the page's own. */
  routes?: Parameters<typeof respondWith>[0];
}

function renderActivity(
  { entries = [], activity, rules = [rule], notes = [note], fines = [fine], routes }: Server = {},
  path = "/dashboard/activity",
) {
  const server = respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: {
      body: {
        data: {
          id: HOUSEHOLD_ID,
          name: "The Cozy Flat",
          created_by: ALEX.id,
          iso_4217_code: "GBP",
          created_at: "2026-01-01T00:00:00.000Z",
          join_code: HOUSEHOLD_ID,
          join_by_id: true,
          first_reminder_days: 3,
          second_reminder_days: 7,
          issuer_notice_days: 14,
        },
      },
    },
    "GET /api/users": {
      body: {
        data: [
          serverUser({ id: ALEX.id ?? "", display_name: "Alex", household_id: HOUSEHOLD_ID }),
          serverUser({ id: BLAIR.id ?? "", display_name: "Blair", household_id: HOUSEHOLD_ID }),
        ],
      },
    },
    [`GET /api/rules/household/${HOUSEHOLD_ID}`]: { body: { data: rules } },
    "GET /api/sticky-notes": { body: notes },
    ...fineRoutes(fines),
    [`GET /api/fines/household/${HOUSEHOLD_ID}/fines/${FINE_ID}/edits`]: { body: { data: [] } },
    ...activityRoute(HOUSEHOLD_ID, entries),
    ...(activity && { [`GET ${ACTIVITY}`]: activity }),
    ...routes,
  });
  renderApp(
    <>
      <Route
        path="/dashboard/activity"
        element={
          <>
            <Activity />
            <Location />
          </>
        }
      />
      <Route path="/dashboard/*" element={<p>Another page</p>} />
    </>,
    [path],
  );
  return server;
}

const activityQueries = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === ACTIVITY);
const lastActivityQuery = (requests: Request[]) =>
  Object.fromEntries(activityQueries(requests).at(-1)?.searchParams ?? []);
/** Opens the Fine Details of the entry read as `sentence`. */
const openFineOf = async (sentence: string) =>
  userEvent.click(within(await entry(sentence)).getByRole("button", { name: sentence }));
const search = () => new URLSearchParams(screen.getByTestId("search").textContent);
const entry = (sentence: string) => screen.findByRole("article", { name: sentence });
/** Every entry's sentence on screen, in order (one query: asking by role for each of 27 is slow in jsdom). */
const sentencesShown = () =>
  [...document.querySelectorAll("li > article")].map((article) => article.getAttribute("aria-label"));

/** `count` fines issued one minute apart, the newest first. */
function manyEntries(count: number): ActivityEntry[] {
  return Array.from({ length: count }, (_, index) =>
    activityEntry("fine.issued", undefined, {
      created_at: new Date(Date.UTC(2026, 2, 4, 10, 59 - index)).toISOString(),
    }),
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T10:05:00.000Z") });
  // A failure shows at once rather than after the app's retries.
  queryClient.setQueryDefaults(["activity", HOUSEHOLD_ID], { retry: false });
  await signIn({ id: ALEX.id ?? "", household_id: HOUSEHOLD_ID });
});
afterEach(async () => {
  queryClient.setQueryDefaults(["activity", HOUSEHOLD_ID], {});
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetApp();
});

describe("the Activity page", () => {
  it("says every kind of entry as a sentence, with its kind and when", async () => {
    renderActivity({ entries: ACTIVITY_KINDS.map((kind) => activityEntry(kind)) });
    expect(await screen.findByRole("heading", { level: 1, name: "Activity" })).toBeInTheDocument();
    // More kinds than a page holds (issue 22's member.away_changed is the 31st): the rest come with 'Load older'.
    await waitFor(() => expect(sentencesShown()).toHaveLength(ACTIVITY_PAGE_DEFAULT));
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() => expect(sentencesShown()).toHaveLength(ACTIVITY_KINDS.length));
    const shown = sentencesShown();
    for (const kind of ACTIVITY_KINDS) expect(shown, kind).toContain(SAMPLE_SENTENCES[kind]);
    const issued = await entry(SAMPLE_SENTENCES["fine.issued"]);
    expect(issued).toHaveTextContent("Fine issued");
    const time = within(issued).getByText("5 minutes ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("dateTime", "2026-03-04T10:00:00.000Z");
    expect(time.getAttribute("title")).toContain("Mar 4, 2026");
    expect(document.title).toContain("Activity");
  });

  it("lists entries under their days, newest first", async () => {
    renderActivity({
      entries: [
        activityEntry("rule.created", undefined, { created_at: "2026-03-04T09:00:00.000Z" }),
        activityEntry("note.added", undefined, { created_at: "2026-03-03T09:00:00.000Z" }),
        activityEntry("member.joined", undefined, { created_at: "2026-02-20T09:00:00.000Z" }),
      ],
    });
    await entry(SAMPLE_SENTENCES["member.joined"]);
    const days = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(days).toEqual(["Today", "Yesterday", "Feb 20, 2026"]);
    expect(within(screen.getByRole("region", { name: "Today" })).getByRole("list")).toHaveTextContent(
      SAMPLE_SENTENCES["rule.created"],
    );
    expect(
      within(screen.getByRole("region", { name: "Feb 20, 2026" })).getByText("Feb 20, 2026", { selector: "time" }),
    ).toBeInTheDocument();
  });

  it("links each entry to its object, and a deleted rule or note to nothing", async () => {
    const gone = "12121212-1212-4212-8212-121212121212";
    renderActivity({
      entries: [
        activityEntry("rule.created"),
        activityEntry("note.added"),
        activityEntry("member.role_changed"),
        activityEntry("invite.created"),
        activityEntry("proposal.created"),
        activityEntry("fund.reversed"),
        activityEntry("rule.deleted"),
        activityEntry("note.added", { content: "Old note", color: "blue" }, { subject: { type: "note", id: gone } }),
        activityEntry(
          "rule.created",
          { title: "Bins", description: "", fine_amount: 1 },
          {
            subject: { type: "rule", id: gone },
          },
        ),
      ],
    });
    const link = async (sentence: string) => within(await entry(sentence)).getByRole("link", { name: sentence });
    expect(await link(SAMPLE_SENTENCES["rule.created"])).toHaveAttribute("href", "/dashboard/rules");
    expect(await link(SAMPLE_SENTENCES["note.added"])).toHaveAttribute("href", "/dashboard");
    expect(await link(SAMPLE_SENTENCES["member.role_changed"])).toHaveAttribute("href", "/dashboard/household");
    expect(await link(SAMPLE_SENTENCES["invite.created"])).toHaveAttribute("href", "/dashboard/household");
    expect(await link(SAMPLE_SENTENCES["proposal.created"])).toHaveAttribute("href", "/dashboard/fund");
    expect(await link(SAMPLE_SENTENCES["fund.reversed"])).toHaveAttribute("href", "/dashboard/fund");
    // The rule and note the log names are gone: their entries stay, without a link.
    for (const sentence of [
      SAMPLE_SENTENCES["rule.deleted"],
      "Alex added a note: ‘Old note’",
      "Alex added the rule Bins (£1.00)",
    ]) {
      const article = await entry(sentence);
      await waitFor(() => expect(within(article).queryByRole("link")).not.toBeInTheDocument());
      expect(within(article).queryByRole("button")).not.toBeInTheDocument();
    }
    await userEvent.click(await link(SAMPLE_SENTENCES["rule.created"]));
    expect(await screen.findByText("Another page")).toBeInTheDocument();
  });

  it("opens a fine's Fine Details, as the fines screens do", async () => {
    renderActivity({ entries: [activityEntry("fine.issued")] });
    const sentence = SAMPLE_SENTENCES["fine.issued"];
    await userEvent.click(within(await entry(sentence)).getByRole("button", { name: sentence }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(await within(dialog).findByText("Pans left in the sink")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("filters by member, kind and dates, in the request and the URL, and Back and Clear filters undo them", async () => {
    const entries = [
      activityEntry("fine.issued"),
      activityEntry("member.left", undefined, { actor: SAM }),
      activityEntry("rule.created"),
    ];
    const server = renderActivity({ entries });
    await entry(SAMPLE_SENTENCES["rule.created"]);
    await screen.findByRole("option", { name: "Blair" });
    expect(screen.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();

    // Sam has left, but the log names them: they can be picked too, also once another member is.
    expect(within(screen.getByLabelText("Member")).getByRole("option", { name: "Sam" })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Member"), "Blair");
    await waitFor(() => expect(search().get("member")).toBe(BLAIR.id));
    expect(await entry(SAMPLE_SENTENCES["fine.issued"])).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article", { name: SAMPLE_SENTENCES["rule.created"] })).toBeNull());
    expect(within(screen.getByLabelText("Member")).getByRole("option", { name: "Sam" })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Kind"), "All fines");
    await userEvent.type(screen.getByLabelText("From"), "2026-03-01");
    await userEvent.type(screen.getByLabelText("To"), "2026-03-04");
    await waitFor(() =>
      expect(lastActivityQuery(server.requests)).toEqual({
        member: BLAIR.id,
        kind: "fines",
        from: "2026-03-01",
        to: "2026-03-04",
      }),
    );
    expect(screen.getByTestId("search")).toHaveTextContent(
      `?member=${BLAIR.id}&kind=fines&from=2026-03-01&to=2026-03-04`,
    );

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(search().get("to")).toBeNull());
    expect(screen.getByLabelText("To")).toHaveValue("");
    expect(screen.getByLabelText("Kind")).toHaveValue("fines");

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent(/^$/));
    expect(await entry(SAMPLE_SENTENCES["rule.created"])).toBeInTheDocument();
    expect(lastActivityQuery(server.requests)).toEqual({});
  });

  it("shows what a shared link asks for, one kind and a member who has left", async () => {
    const server = renderActivity({}, `/dashboard/activity?kind=fine.paid&member=${SAM.id}`);
    await screen.findByText("Nothing matches these filters");
    expect(lastActivityQuery(server.requests)).toEqual({ kind: "fine.paid", member: SAM.id });
    expect(screen.getByLabelText("Kind")).toHaveValue("fine.paid");
    await waitFor(() => expect(screen.getByLabelText("Member")).toHaveDisplayValue("Former member"));
  });

  it("asks for nothing while the dates run backwards, and says why", async () => {
    const server = renderActivity({}, "/dashboard/activity?from=2026-03-04&to=2026-03-01");
    expect(await screen.findByText(DATE_RANGE_MESSAGE)).toBeInTheDocument();
    expect(activityQueries(server.requests)).toHaveLength(0);
  });

  it("appends the older entries under 'Load older', saying so while they load", async () => {
    const entries = manyEntries(35);
    let held: ((answer: FakeAnswer) => void) | undefined;
    const fromEntries = activityAnswer(entries);
    const server = renderActivity({
      activity: (url) =>
        url.searchParams.has("before") && !held
          ? new Promise<FakeAnswer>((resolve) => (held = (answer) => resolve(answer)))
          : fromEntries(url),
    });
    await waitFor(() => expect(sentencesShown()).toHaveLength(30));
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    expect(await screen.findByText("Loading older activity...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Load older/ })).toBeDisabled();
    const before = activityQueries(server.requests).at(-1)?.searchParams.get("before");
    expect(before).toBe(entries[29]?.id);
    held?.(fromEntries(new URL(`http://localhost${ACTIVITY}?before=${before}`)));
    await waitFor(() => expect(sentencesShown()).toHaveLength(35));
    // Focus on the first older entry, where reading carries on.
    await waitFor(() => expect(document.activeElement).toBe(document.querySelectorAll("li > article")[30]));
    expect(screen.getByText("No older activity.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load older" })).not.toBeInTheDocument();
  });

  it("says when there is no activity yet, and when nothing matches the filters", async () => {
    renderActivity();
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "All notes");
    expect(await screen.findByText("Nothing matches these filters")).toBeInTheDocument();
    const clears = screen.getAllByRole("button", { name: "Clear filters" });
    await userEvent.click(clears.at(-1) ?? clears[0]!);
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
  });

  it("shows skeleton rows while loading, and a failure with Retry", async () => {
    let fail = true;
    const entries = [activityEntry("note.reordered")];
    const fromEntries = activityAnswer(entries);
    renderActivity({
      activity: (url) =>
        fail ? { status: 500, body: { error: { message: "Boom", code: "INTERNAL" } } } : fromEntries(url),
    });
    expect(screen.getByRole("status", { name: "Loading activity" })).toBeInTheDocument();
    expect(await screen.findByText("Failed to load activity. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await entry(SAMPLE_SENTENCES["note.reordered"])).toBeInTheDocument();
  });

  it("shows a change another member makes as it happens (activity_changed refreshes the log)", async () => {
    const entries = [activityEntry("rule.created")];
    let live = entries;
    renderActivity({ activity: (url) => activityAnswer(live)(url) });
    await entry(SAMPLE_SENTENCES["rule.created"]);
    live = [activityEntry("member.joined", undefined, { created_at: "2026-03-04T10:04:00.000Z" }), ...entries];
    await refreshLiveChange(
      queryClient,
      { type: "activity_changed", data: { household_id: HOUSEHOLD_ID } },
      { householdId: HOUSEHOLD_ID, userId: ALEX.id ?? "" },
    );
    expect(await entry(SAMPLE_SENTENCES["member.joined"])).toBeInTheDocument();
    expect(sentencesShown()).toEqual([SAMPLE_SENTENCES["member.joined"], SAMPLE_SENTENCES["rule.created"]]);
  });

  it("opens Fine Details at once and shows the fine, asked for alone, in that same dialog (focus stays in it)", async () => {
    const held = heldAnswer();
    const server = renderActivity({ entries: [activityEntry("fine.issued")], routes: { [`GET ${FINE}`]: held.route } });
    const sentence = SAMPLE_SENTENCES["fine.issued"];
    await userEvent.click(within(await entry(sentence)).getByRole("button", { name: sentence }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(within(dialog).getByRole("status", { name: "Loading fine" })).toBeInTheDocument();
    held.give({ body: { data: fine } });
    expect(await within(dialog).findByText("Pans left in the sink")).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // One request for the fine, not a walk through the household's pages of fines.
    const paths = server.requests.map((request) => new URL(request.url).pathname);
    expect(paths.filter((path) => path === FINE)).toHaveLength(1);
    expect(paths).not.toContain(`/api/fines/household/${HOUSEHOLD_ID}`);
  });

  it("opens a fine an accepted dispute cancelled (no list shows it), saying so, with nothing left to do", async () => {
    const cancelled: Fine = { ...fine, offender_id: ALEX.id ?? "", status: "cancelled", cancel_reason: null };
    renderActivity({
      entries: [activityEntry("fine.reviewed", { ...SAMPLE_DETAILS["fine.reviewed"], outcome: "accepted" })],
      fines: [cancelled],
    });
    await openFineOf("Alex accepted Blair’s dispute of a £2.00 fine for Dishes");
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(await within(dialog).findByText("Cancelled")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Dispute|Review/ })).not.toBeInTheDocument();
  });

  it("says so when the fine no longer exists", async () => {
    renderActivity({ entries: [activityEntry("fine.issued")], fines: [] });
    await openFineOf(SAMPLE_SENTENCES["fine.issued"]);
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(await within(dialog).findByText("This fine no longer exists.")).toBeInTheDocument();
  });

  it("adds the entry for a fine paid in its Fine Details to the log behind it (every change made here)", async () => {
    const own: Fine = { ...fine, offender_id: ALEX.id ?? "" };
    let current = own;
    const issued = activityEntry("fine.issued", { ...SAMPLE_DETAILS["fine.issued"], offender: ALEX });
    let live = [issued];
    const paid = activityEntry(
      "fine.paid",
      { offender: ALEX, amount: 2, rule_title: "Dishes", transaction_id: RULE_ID },
      { created_at: "2026-03-04T10:04:00.000Z" },
    );
    renderActivity({
      activity: (url) => activityAnswer(live)(url),
      routes: {
        [`GET ${FINE}`]: () => ({ body: { data: current } }),
        [`PUT ${FINE}/pay`]: () => {
          live = [paid, issued];
          current = { ...own, status: "paid", paid_at: paid.created_at };
          return { body: { data: { success: true, fine: current } } };
        },
      },
    });
    const sentence = "Alex fined Alex £2.00 for Dishes";
    await openFineOf(sentence);
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Pay" }));
    const confirmation = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirmation).getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await within(dialog).findByText("Paid")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(await entry("Alex paid their £2.00 fine for Dishes")).toBeInTheDocument();
  });

  it("refreshes the log and Insights once for a burst of activity_changed frames", async () => {
    const entries = [activityEntry("rule.created")];
    let live = entries;
    const server = renderActivity({ activity: (url) => activityAnswer(live)(url) });
    await entry(SAMPLE_SENTENCES["rule.created"]);
    queryClient.setQueryData(insightsQueryKey(HOUSEHOLD_ID), {});
    const asked = activityQueries(server.requests).length;
    live = [activityEntry("note.reordered", undefined, { created_at: "2026-03-04T10:04:00.000Z" }), ...entries];
    const frame = { type: "activity_changed", data: { household_id: HOUSEHOLD_ID } } as const;
    const scope = { householdId: HOUSEHOLD_ID, userId: ALEX.id ?? "" };
    const burst = [refreshLiveChange(queryClient, frame, scope)];
    await new Promise((resolve) => setTimeout(resolve, ACTIVITY_BURST_MS / 4));
    burst.push(refreshLiveChange(queryClient, frame, scope), refreshLiveChange(queryClient, frame, scope));
    await Promise.all(burst);
    expect(await entry(SAMPLE_SENTENCES["note.reordered"])).toBeInTheDocument();
    expect(activityQueries(server.requests)).toHaveLength(asked + 1);
    expect(queryClient.getQueryState(insightsQueryKey(HOUSEHOLD_ID))?.isInvalidated).toBe(true);
  });

  it("asks for a typed date once it is whole, and Back undoes the typing as one step", async () => {
    const server = renderActivity({ entries: [activityEntry("rule.created")] });
    await entry(SAMPLE_SENTENCES["rule.created"]);
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "All rules");
    await waitFor(() => expect(search().get("kind")).toBe("rules"));
    // As a browser's date field reports typing a year: a whole date at every digit.
    for (const typed of ["0002-03-01", "0020-03-01", "0202-03-01", "2026-03-01"])
      fireEvent.change(screen.getByLabelText("From"), { target: { value: typed } });
    await waitFor(() => expect(lastActivityQuery(server.requests)).toEqual({ kind: "rules", from: "2026-03-01" }));
    await new Promise((resolve) => setTimeout(resolve, DATE_TYPING_MS));
    const fromsAsked = activityQueries(server.requests).flatMap((url) => url.searchParams.get("from") ?? []);
    expect(fromsAsked).toEqual(["2026-03-01"]);
    expect(search().get("from")).toBe("2026-03-01");

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(search().get("from")).toBeNull());
    expect(search().get("kind")).toBe("rules");
  });
});
