import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { APPEAL_VOTED_MESSAGE, type Appeal, type AppealWithFine, type Fine } from "@housemate/contract";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import { refreshHouseholdFines } from "../api/fine-caches";
import {
  appealOn,
  BEN,
  buildAppeal,
  buildFine,
  CASEY,
  dismissToasts,
  finePages,
  HOUSEHOLD_ID,
  renderFines,
  viewerAs,
} from "../testing/fine-fixtures";
import { AppealsToVoteCard } from "./appeals-to-vote-card";
import { DashboardFineCards } from "./dashboard-fine-cards";
import { FineItem } from "./fine-item";

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

const appealsPath = `GET /api/households/${HOUSEHOLD_ID}/appeals`;
const votesPath = (fine: Fine) => `POST /api/fines/household/${HOUSEHOLD_ID}/fines/${fine.id}/appeal/votes`;

/** Ben's fine under appeal, and its appeal as Casey (a voter) reads it. */
function appealed(overrides: Partial<Appeal> = {}, fineOverrides: Partial<Fine> = {}): AppealWithFine {
  const base = buildFine({
    description: "Pans left in the sink\n\nAppeal: Casey saw me wash up",
    dispute_rejected: true,
    ...fineOverrides,
  });
  const appeal = buildAppeal(base, { voters: 2, can_vote: true, ...overrides });
  return { appeal, fine: { ...base, appeal: appealOn(appeal) } };
}

const casey = viewerAs(CASEY, { memberCount: 3 });
const region = () => screen.findByRole("region", { name: "Appeals to vote on" });

describe("the dashboard's 'Appeals to vote on' (issue 21)", () => {
  it("lists each appeal the viewer may vote on: rule, amount, who was fined, the reason and when voting closes", async () => {
    storeSession();
    const toVoteOn = appealed();
    const alreadyVoted = appealed({ can_vote: false, my_vote: "uphold", votes_cast: 1 });
    respondWith({ [appealsPath]: { body: { data: [toVoteOn, alreadyVoted] } } });
    renderFines(<AppealsToVoteCard />, casey);
    const card = await region();
    const items = within(card).getAllByRole("article");
    expect(items).toHaveLength(1);
    const item = within(card).getByRole("article", { name: "Dishes left overnight" });
    expect(item).toHaveTextContent("Ana fined Ben");
    expect(item).toHaveTextContent("£2.50");
    expect(item).toHaveTextContent("Appeal: Casey saw me wash up");
    expect(item).toHaveTextContent("Voting closes Mar 14, 2026");
    const vote = within(item).getByRole("group", { name: "Your vote on Dishes left overnight" });
    expect(within(vote).getByRole("button", { name: "Uphold" })).toBeInTheDocument();
    expect(within(vote).getByRole("button", { name: "Cancel fine" })).toBeInTheDocument();
  });

  it("shows nothing when there is nothing to vote on", async () => {
    storeSession();
    const server = respondWith({ [appealsPath]: { body: { data: [appealed({ can_vote: false })] } } });
    renderFines(<AppealsToVoteCard />, casey);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Appeals to vote on" })).not.toBeInTheDocument();
  });

  it("in a two-person household asks nothing and shows nothing", async () => {
    storeSession();
    const server = respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([]),
      [`GET /api/fines/user/${BEN}`]: finePages([]),
      [appealsPath]: { body: { data: [appealed()] } },
    });
    renderFines(<DashboardFineCards />, viewerAs(BEN, { memberCount: 2 }));
    await screen.findAllByText("No pending fines");
    expect(screen.queryByRole("region", { name: "Appeals to vote on" })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.url.endsWith("/appeals"))).toBe(false);
  });

  it("confirms a vote first, since it is final; 'Not now' sends nothing", async () => {
    storeSession();
    const server = respondWith({ [appealsPath]: { body: { data: [appealed()] } } });
    renderFines(<AppealsToVoteCard />, casey);
    const user = userEvent.setup();
    await user.click(within(await region()).getByRole("button", { name: "Cancel fine" }));
    const confirmation = await screen.findByRole("alertdialog", { name: "Cancel the fine?" });
    expect(confirmation).toHaveAccessibleDescription("A vote is final: it cannot be changed.");
    expect(within(confirmation).getByRole("region", { name: "The fine" })).toHaveTextContent("Ana fined Ben");
    await user.click(within(confirmation).getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("votes, says 'Vote recorded', and fetches the card again: the appeal voted on leaves it", async () => {
    storeSession();
    const { appeal, fine } = appealed();
    let votes = 0;
    const server = respondWith({
      [appealsPath]: () => ({ body: { data: votes === 0 ? [{ appeal, fine }] : [] } }),
      [votesPath(fine)]: () => {
        votes += 1;
        const voted = { ...appeal, can_vote: false, my_vote: "cancel" as const, votes_cast: 1 };
        return { status: 201, body: { data: { appeal: voted, fine } } };
      },
    });
    renderFines(<AppealsToVoteCard />, casey);
    const user = userEvent.setup();
    await user.click(within(await region()).getByRole("button", { name: "Cancel fine" }));
    const confirmation = await screen.findByRole("alertdialog", { name: "Cancel the fine?" });
    await user.click(within(confirmation).getByRole("button", { name: "Cancel fine" }));

    expect(await screen.findByText("Vote recorded")).toBeInTheDocument();
    const post = server.requests.findIndex((request) => request.method === "POST");
    expect(server.bodies[post]).toEqual({ vote: "cancel" });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Appeals to vote on" })).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.url.endsWith("/appeals"))).toHaveLength(2);
  });

  it("keeps focus on the card once voted: on the next appeal's votes, then, the card gone, on the page's main", async () => {
    storeSession();
    const first = appealed({ id: "appeal-1" }, { id: "fine-1" });
    const second = appealed({ id: "appeal-2" }, { id: "fine-2", rule_id: null });
    let open = [first, second];
    respondWith({
      [appealsPath]: () => ({ body: { data: open } }),
      ...Object.fromEntries(
        [first, second].map(({ appeal, fine }) => [
          votesPath(fine),
          () => {
            open = open.filter((each) => each.appeal.id !== appeal.id);
            const voted = { ...appeal, can_vote: false, my_vote: "cancel" as const, votes_cast: 1 };
            return { status: 201, body: { data: { appeal: voted, fine } } };
          },
        ]),
      ),
    });
    renderFines(
      <main id="main" tabIndex={-1}>
        <AppealsToVoteCard />
      </main>,
      casey,
    );
    const user = userEvent.setup();
    const voteOnFirst = async () => {
      await user.click(within(await region()).getAllByRole("button", { name: "Cancel fine" })[0] as HTMLElement);
      const confirmation = await screen.findByRole("alertdialog", { name: "Cancel the fine?" });
      await user.click(within(confirmation).getByRole("button", { name: "Cancel fine" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    };

    await voteOnFirst();
    const card = await region();
    await waitFor(() => expect(within(card).getAllByRole("article")).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("group", { name: "Your vote on Fine" })).toHaveFocus());
    await voteOnFirst();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Appeals to vote on" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("main")).toHaveFocus());
  }, 15_000);

  it("shows the server's refusal of a vote (voted already elsewhere)", async () => {
    storeSession();
    const { appeal, fine } = appealed();
    respondWith({
      [appealsPath]: { body: { data: [{ appeal, fine }] } },
      [votesPath(fine)]: {
        status: 409,
        body: { error: { message: APPEAL_VOTED_MESSAGE, code: "CONFLICT", requestId: "test" } },
      },
    });
    renderFines(<AppealsToVoteCard />, casey);
    const user = userEvent.setup();
    await user.click(within(await region()).getByRole("button", { name: "Uphold" }));
    const confirmation = await screen.findByRole("alertdialog", { name: "Uphold the fine?" });
    await user.click(within(confirmation).getByRole("button", { name: "Uphold" }));
    expect(await screen.findByText("Failed to record vote")).toBeInTheDocument();
    expect(screen.getByText(APPEAL_VOTED_MESSAGE)).toBeInTheDocument();
  });

  it("is fetched again with the household's fines, as a live appeal_opened or appeal_decided does", async () => {
    storeSession();
    let listed: AppealWithFine[] = [];
    const server = respondWith({ [appealsPath]: () => ({ body: { data: listed } }) });
    const { queryClient } = renderFines(<AppealsToVoteCard />, casey);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    listed = [appealed()];
    await act(() => refreshHouseholdFines(queryClient, { householdId: HOUSEHOLD_ID, userId: CASEY }));
    expect(await region()).toBeInTheDocument();
  });
});

describe("voting from Fine Details", () => {
  it("offers a voter the two votes, and after voting shows their vote and the count", async () => {
    storeSession();
    const { appeal, fine } = appealed();
    const voted = { ...appeal, can_vote: false, my_vote: "uphold" as const, votes_cast: 1 };
    let current = appeal;
    respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}/fines/${fine.id}/appeal`]: () => ({ body: { data: current } }),
      [votesPath(fine)]: () => {
        current = voted;
        return { status: 201, body: { data: { appeal: voted, fine } } };
      },
    });
    renderFines(<FineItem fine={fine} withDetails />, casey);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    const section = within(dialog).getByRole("region", { name: "Appeal to the house" });
    const vote = await within(section).findByRole("group", { name: "Your vote" });
    await user.click(within(vote).getByRole("button", { name: "Uphold" }));
    const confirmation = await screen.findByRole("alertdialog", { name: "Uphold the fine?" });
    await user.click(within(confirmation).getByRole("button", { name: "Uphold" }));

    expect(await screen.findByText("Vote recorded")).toBeInTheDocument();
    // The buttons are gone: focus is on the viewer's vote, inside the dialog, not on the page's <body>.
    await waitFor(() => expect(within(section).getByText("You voted: Uphold the fine.")).toHaveFocus());
    expect(within(section).getByText("Voting closes Mar 14, 2026. 1 of 2 have voted.")).toBeInTheDocument();
    expect(within(section).queryByRole("group", { name: "Your vote" })).not.toBeInTheDocument();
  });
});
