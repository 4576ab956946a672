import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import {
  PROPOSAL_NOT_OPEN_MESSAGE,
  PROPOSAL_OUTCOME_REASONS,
  votesNeeded,
  type Proposal,
  type Vote,
} from "@housemate/contract";
import { FundProposals } from "@/features/fund/components/proposals/fund-proposals";
import { createQueryClient } from "@/lib/query-client";
import { householdBalanceQueryKey } from "@/lib/query-keys";
import { readStoredSession, respondWith, serverUser, storeSession, type FakeAnswer } from "@/lib/testing/fake-server";
import { FundProposalsScope } from "./fund-proposals-scope";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const ALEX = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const CASEY = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const DREW = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
const GONE = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
const DAY_MS = 24 * 60 * 60 * 1000;
const PROPOSALS = `/api/balance/household/${HOUSEHOLD_ID}/proposals`;
const RECEIPT_PATH = "receipts/abcdefghijklmnopqrstuvwxyz012345.png";
const RECEIPT_URL = `http://localhost/files/${RECEIPT_PATH}`;

let serial = 0;
/** An open proposal of a household of four (three yes votes needed) as the server presents it: Blair's Pizza night. */
function buildProposal(overrides: Partial<Proposal> = {}): Proposal {
  serial += 1;
  const members = overrides.member_count ?? 4;
  return {
    id: `99999999-9999-4999-8999-${String(serial).padStart(12, "0")}`,
    household_id: HOUSEHOLD_ID,
    proposed_by: BLAIR,
    title: "Pizza night",
    amount: 5,
    note: "Friday, from the place on the corner",
    receipt_url: null,
    status: "open",
    outcome_reason: null,
    created_at: new Date().toISOString(),
    closes_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    decided_at: null,
    votes: [{ user_id: BLAIR, vote: "yes" }],
    member_count: members,
    votes_needed: votesNeeded(members),
    transaction_id: null,
    ...overrides,
  };
}

const error = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { error: { message, code, requestId: "test" } },
});

/**
 * The proposals endpoints over a list kept here, so a test sees what the server would after each call: a vote
 * replaces the member's vote, a withdrawal decides it, a new proposal is opened with its proposer's yes.
 */
function proposalServer(initial: Proposal[], extra: Record<string, FakeAnswer | ((url: URL) => FakeAnswer)> = {}) {
  let proposals = [...initial];
  const answer = (proposal: Proposal | undefined) =>
    proposal ? { body: { data: proposal } } : error(404, "NOT_FOUND", "Spending proposal not found");
  const change = (id: string, update: (proposal: Proposal) => Proposal) => {
    proposals = proposals.map((each) => (each.id === id ? update(each) : each));
    return proposals.find((each) => each.id === id);
  };
  const routes: Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)> = {
    [`GET /api/households/${HOUSEHOLD_ID}`]: {
      body: {
        data: {
          id: HOUSEHOLD_ID,
          name: "Flat",
          created_by: ALEX,
          iso_4217_code: "GBP",
          created_at: "2026-01-01T00:00:00.000Z",
          join_code: HOUSEHOLD_ID,
          join_by_id: true,
        },
      },
    },
    "GET /api/users": {
      body: {
        data: [
          serverUser({ id: ALEX, display_name: "Alex", household_id: HOUSEHOLD_ID }),
          serverUser({ id: BLAIR, display_name: "Blair", household_id: HOUSEHOLD_ID }),
          serverUser({ id: CASEY, display_name: "Casey", household_id: HOUSEHOLD_ID }),
          serverUser({ id: DREW, display_name: "Drew", household_id: HOUSEHOLD_ID }),
        ],
      },
    },
    [`GET ${PROPOSALS}`]: (url) => {
      const open = url.searchParams.get("status") !== "decided";
      return { body: { data: proposals.filter((each) => (each.status === "open") === open) } };
    },
    [`POST ${PROPOSALS}`]: () => {
      const body = server.bodies.at(-1) as { title: string; amount: number; note: string; receipt_url?: string };
      const proposal = buildProposal({
        proposed_by: ALEX,
        title: body.title,
        amount: body.amount,
        note: body.note || null,
        receipt_url: body.receipt_url ?? null,
        votes: [{ user_id: ALEX, vote: "yes" }],
      });
      proposals = [...proposals, proposal];
      return { status: 201, body: { data: proposal } };
    },
    "POST /api/storage/upload-url": { body: { data: { filePath: RECEIPT_PATH, publicUrl: RECEIPT_URL } } },
    [`PUT /api/storage/upload/${RECEIPT_PATH}`]: { body: { data: { publicUrl: RECEIPT_URL } } },
  };
  for (const proposal of initial) {
    routes[`PUT ${PROPOSALS}/${proposal.id}/vote`] = () => {
      const { vote } = server.bodies.at(-1) as { vote: Vote };
      return answer(
        change(proposal.id, (each) => ({
          ...each,
          votes: [...each.votes.filter((cast) => cast.user_id !== ALEX), { user_id: ALEX, vote }],
        })),
      );
    };
    routes[`POST ${PROPOSALS}/${proposal.id}/withdraw`] = () =>
      answer(
        change(proposal.id, (each) => ({
          ...each,
          status: "withdrawn",
          outcome_reason: PROPOSAL_OUTCOME_REASONS.withdrawn,
          decided_at: new Date().toISOString(),
        })),
      );
  }
  const server = respondWith({ ...routes, ...extra });
  return server;
}

function renderProposals() {
  const queryClient = createQueryClient();
  // Counted by the tests that check the fund is refreshed once, not once per handler.
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <FundProposalsScope>
        <FundProposals householdId={HOUSEHOLD_ID} />
      </FundProposalsScope>
      <Toaster />
    </QueryClientProvider>,
  );
  const fundRefreshes = () =>
    invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(householdBalanceQueryKey(HOUSEHOLD_ID)),
    ).length;
  return { fundRefreshes };
}

const openList = () => screen.getByRole("region", { name: "Open proposals" });
const requestsTo = (server: { requests: Request[] }, method: string, path: string) =>
  server.requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

beforeEach(async () => {
  storeSession(serverUser({ id: ALEX, display_name: "Alex", household_id: HOUSEHOLD_ID }));
  await readStoredSession();
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("open spending proposals", () => {
  it("show what, how much, who proposed it, the time left, the tally and who voted what", async () => {
    proposalServer([
      buildProposal({
        receipt_url: RECEIPT_URL,
        votes: [
          { user_id: BLAIR, vote: "yes" },
          { user_id: CASEY, vote: "yes" },
          { user_id: DREW, vote: "no" },
        ],
      }),
      buildProposal({ title: "New kettle", amount: 24.99, proposed_by: GONE, note: null, votes: [] }),
    ]);
    renderProposals();

    const pizza = await within(openList()).findByRole("listitem", { name: "Pizza night" });
    expect(within(pizza).getByText("£5.00")).toBeInTheDocument();
    // Names arrive with the members; until then nobody is called a former member.
    expect(await within(pizza).findByText(/Proposed by Blair/)).toBeInTheDocument();
    expect(within(pizza).getByText("Closes in 3 days")).toBeInTheDocument();
    expect(within(pizza).getByText("Friday, from the place on the corner")).toBeInTheDocument();
    const progress = within(pizza).getByRole("progressbar", { name: "Votes for Pizza night" });
    expect(progress).toHaveAttribute("aria-valuetext", "2 of 3 votes needed");
    expect(within(pizza).getByText("2 of 3 votes needed")).toBeInTheDocument();
    const votes = within(pizza).getByRole("list", { name: "Votes on Pizza night" });
    expect(
      within(votes)
        .getAllByRole("listitem")
        .map((each) => each.textContent),
    ).toEqual(["Blair: Yes", "Casey: Yes", "Drew: No"]);
    expect(within(pizza).getByText("1 member has not voted")).toBeInTheDocument();
    expect(within(pizza).getByText("You have not voted yet")).toBeInTheDocument();
    // Only the proposer may withdraw.
    expect(within(pizza).queryByRole("button", { name: "Withdraw Pizza night" })).not.toBeInTheDocument();

    const kettle = within(openList()).getByRole("listitem", { name: "New kettle" });
    expect(within(kettle).getByText(/Proposed by Former member/)).toBeInTheDocument();
    expect(within(kettle).getByText("£24.99")).toBeInTheDocument();
    expect(within(kettle).getByRole("progressbar")).toHaveAttribute("aria-valuetext", "0 of 3 votes needed");
  });

  it("open the receipt's full photo from its thumbnail", async () => {
    proposalServer([buildProposal({ receipt_url: RECEIPT_URL })]);
    renderProposals();
    const thumbnail = await screen.findByRole("button", { name: "View receipt for Pizza night" });
    expect(within(thumbnail).getByRole("presentation")).toHaveAttribute("src", `${RECEIPT_URL}?size=thumbnail`);
    await userEvent.setup().click(thumbnail);
    const viewer = await screen.findByRole("dialog", { name: "Receipt" });
    expect(within(viewer).getByRole("img", { name: "Receipt for Pizza night" })).toHaveAttribute("src", RECEIPT_URL);
  });

  it("take my vote, show it pressed, and let me change it while open", async () => {
    const pizza = buildProposal();
    const server = proposalServer([pizza]);
    renderProposals();
    const user = userEvent.setup();

    const yes = await screen.findByRole("button", { name: "Vote yes on Pizza night" });
    const no = screen.getByRole("button", { name: "Vote no on Pizza night" });
    expect(yes).toHaveAttribute("aria-pressed", "false");
    await user.click(yes);
    await waitFor(() => expect(yes).toHaveAttribute("aria-pressed", "true"));
    expect(no).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(screen.getByText("You voted yes")).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "2 of 3 votes needed"),
    );
    await waitFor(() => expect(yes).toBeEnabled());

    await user.click(no);
    await waitFor(() => expect(no).toHaveAttribute("aria-pressed", "true"));
    expect(yes).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(screen.getByText("You voted no")).toBeInTheDocument());
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "1 of 3 votes needed");

    const sent = requestsTo(server, "PUT", `${PROPOSALS}/${pizza.id}/vote`);
    expect(sent).toHaveLength(2);
    expect(server.bodies.filter((body) => body && typeof body === "object" && "vote" in body)).toEqual([
      { vote: "yes" },
      { vote: "no" },
    ]);
  });

  it("say why a vote failed, and fetch the list again when the proposal was decided meanwhile", async () => {
    const pizza = buildProposal();
    const server = proposalServer([pizza], {
      [`PUT ${PROPOSALS}/${pizza.id}/vote`]: error(409, "CONFLICT", PROPOSAL_NOT_OPEN_MESSAGE),
    });
    const { fundRefreshes } = renderProposals();
    const yes = await screen.findByRole("button", { name: "Vote yes on Pizza night" });
    const listsBefore = requestsTo(server, "GET", PROPOSALS).length;
    await userEvent.setup().click(yes);

    expect(await screen.findByText("Failed to vote")).toBeInTheDocument();
    expect(screen.getByText(PROPOSAL_NOT_OPEN_MESSAGE)).toBeInTheDocument();
    // The vote shown at once is taken back, and both lists are asked for again, once each.
    await waitFor(() => expect(yes).toHaveAttribute("aria-pressed", "false"));
    await waitFor(() => expect(requestsTo(server, "GET", PROPOSALS).length).toBeGreaterThanOrEqual(listsBefore + 2));
    await waitFor(() => expect(yes).toBeEnabled());
    expect(fundRefreshes()).toBe(1);
  });

  it("leave the open list with a toast when my vote decides it", async () => {
    const pizza = buildProposal({ member_count: 2, votes_needed: 2 });
    const passed: Proposal = {
      ...pizza,
      status: "passed",
      votes: [...pizza.votes, { user_id: ALEX, vote: "yes" }],
      outcome_reason: PROPOSAL_OUTCOME_REASONS.passed,
      decided_at: new Date().toISOString(),
    };
    let decided = false;
    proposalServer([pizza], {
      [`PUT ${PROPOSALS}/${pizza.id}/vote`]: () => {
        decided = true;
        return { body: { data: passed } };
      },
      [`GET ${PROPOSALS}`]: (url) => {
        const wantsDecided = url.searchParams.get("status") === "decided";
        const list = decided === wantsDecided ? [decided ? passed : pizza] : [];
        return { body: { data: list } };
      },
    });
    renderProposals();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Vote yes on Pizza night" }));

    expect(await screen.findByText("Pizza night passed")).toBeInTheDocument();
    expect(screen.getByText("It has been paid from the fund.")).toBeInTheDocument();
    expect(await screen.findByText("No open proposals.")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Recently decided proposals" });
    expect(within(list).getByText("Passed")).toBeInTheDocument();
  });

  it("let the proposer withdraw one after confirming", async () => {
    const mine = buildProposal({ proposed_by: ALEX, title: "Board game", votes: [{ user_id: ALEX, vote: "yes" }] });
    const server = proposalServer([mine]);
    renderProposals();
    const user = userEvent.setup();

    const card = await within(openList()).findByRole("listitem", { name: "Board game" });
    expect(within(card).getByText(/Proposed by you/)).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Vote yes on Board game" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(within(card).getByRole("button", { name: "Withdraw Board game" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Withdraw this proposal?" });
    // Keeping it open sends nothing.
    await user.click(within(confirm).getByRole("button", { name: "Keep it open" }));
    expect(requestsTo(server, "POST", `${PROPOSALS}/${mine.id}/withdraw`)).toHaveLength(0);

    await user.click(within(card).getByRole("button", { name: "Withdraw Board game" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Proposal withdrawn")).toBeInTheDocument();
    expect(requestsTo(server, "POST", `${PROPOSALS}/${mine.id}/withdraw`)).toHaveLength(1);
    expect(await screen.findByText("No open proposals.")).toBeInTheDocument();
    const decided = screen.getByRole("list", { name: "Recently decided proposals" });
    expect(within(decided).getByText("Withdrawn")).toBeInTheDocument();
  });
});

describe("proposing spending", () => {
  it("checks the form with the contract's rules before sending anything", async () => {
    const server = proposalServer([]);
    renderProposals();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Propose spending" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose spending" });

    await user.click(within(dialog).getByRole("button", { name: "Propose" }));
    expect(within(dialog).getByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Amount is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Title *")).toHaveAttribute("aria-invalid", "true");

    await user.type(within(dialog).getByLabelText("Title *"), "Pizza night");
    await user.type(within(dialog).getByLabelText("Amount (GBP) *"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Propose" }));
    expect(within(dialog).queryByText("Title is required")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Amount must be more than 0")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Amount (GBP) *"));
    await user.type(within(dialog).getByLabelText("Amount (GBP) *"), "4.995");
    await user.click(within(dialog).getByRole("button", { name: "Propose" }));
    expect(within(dialog).getByText("Amount can have at most 2 decimals")).toBeInTheDocument();
    expect(requestsTo(server, "POST", PROPOSALS)).toHaveLength(0);
  });

  it("sends the proposal with its uploaded receipt, says so, closes and lists it", async () => {
    const server = proposalServer([]);
    renderProposals();
    const user = userEvent.setup();
    expect(await screen.findByText("No open proposals.")).toBeInTheDocument();
    expect(screen.getByText("Propose spending the fund on something the house will enjoy.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Propose spending" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose spending" });
    await user.type(within(dialog).getByLabelText("Title *"), "Pizza night");
    await user.type(within(dialog).getByLabelText("Amount (GBP) *"), "5");
    await user.type(within(dialog).getByLabelText("Note"), "Friday");
    await user.upload(
      await within(dialog).findByLabelText("Receipt photo"),
      new File([new Uint8Array(10)], "receipt.png", { type: "image/png" }),
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole("status", { name: "Uploading receipt.png" })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText("1 of 1 · JPEG, PNG, WebP or GIF up to 5 MB")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Propose" }));

    expect(await screen.findByText("Spending proposed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.bodies.find((body) => body && typeof body === "object" && "title" in body)).toEqual({
      title: "Pizza night",
      amount: 5,
      note: "Friday",
      receipt_url: RECEIPT_URL,
    });
    expect(server.bodies.find((body) => body && typeof body === "object" && "category" in body)).toMatchObject({
      category: "receipts",
    });
    const card = await within(openList()).findByRole("listitem", { name: "Pizza night" });
    expect(within(card).getByRole("button", { name: "View receipt for Pizza night" })).toBeInTheDocument();
  });

  it.each([
    {
      outcome: "passed and paid",
      decided: { status: "passed", outcome_reason: PROPOSAL_OUTCOME_REASONS.passed },
      title: "Pizza night passed",
      description: "It has been paid from the fund.",
    },
    {
      outcome: "failed",
      decided: { status: "failed", outcome_reason: "The fund does not cover £5.00: it holds £2.50." },
      title: "Pizza night did not pass",
      description: "The fund does not cover £5.00: it holds £2.50.",
    },
  ] as const)("says a household of one's proposal $outcome at once, not that it is open for votes", async (each) => {
    proposalServer([], {
      [`POST ${PROPOSALS}`]: {
        status: 201,
        body: {
          data: buildProposal({
            proposed_by: ALEX,
            votes: [{ user_id: ALEX, vote: "yes" }],
            member_count: 1,
            votes_needed: votesNeeded(1),
            decided_at: new Date().toISOString(),
            ...each.decided,
          }),
        },
      },
    });
    renderProposals();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Propose spending" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose spending" });
    await user.type(within(dialog).getByLabelText("Title *"), "Pizza night");
    await user.type(within(dialog).getByLabelText("Amount (GBP) *"), "5");
    await user.click(within(dialog).getByRole("button", { name: "Propose" }));

    expect(await screen.findByText(each.title)).toBeInTheDocument();
    expect(screen.getByText(each.description)).toBeInTheDocument();
    expect(screen.queryByText("Spending proposed")).not.toBeInTheDocument();
    expect(screen.queryByText(/is open for votes/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's reason when it refuses the proposal", async () => {
    proposalServer([], {
      [`POST ${PROPOSALS}`]: error(409, "CONFLICT", "A household can have at most 20 open proposals."),
    });
    renderProposals();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Propose spending" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose spending" });
    await user.type(within(dialog).getByLabelText("Title *"), "Pizza night");
    await user.type(within(dialog).getByLabelText("Amount (GBP) *"), "5");
    await user.click(within(dialog).getByRole("button", { name: "Propose" }));
    expect(await within(dialog).findByText("A household can have at most 20 open proposals.")).toBeInTheDocument();
  });
});

describe("recently decided proposals", () => {
  it("show each outcome, its reason and when it was decided", async () => {
    proposalServer([
      buildProposal({
        status: "passed",
        title: "Pizza night",
        outcome_reason: PROPOSAL_OUTCOME_REASONS.passed,
        decided_at: "2026-03-06T18:00:00.000Z",
      }),
      buildProposal({
        status: "failed",
        title: "Hot tub",
        amount: 900,
        outcome_reason: "The fund no longer covers £900.00: it holds £12.00.",
        decided_at: "2026-03-05T18:00:00.000Z",
      }),
    ]);
    renderProposals();
    const decided = await screen.findByRole("list", { name: "Recently decided proposals" });
    const [pizza, tub] = within(decided).getAllByRole("listitem");
    expect(pizza).toHaveTextContent("Pizza night£5.00Passed");
    expect(pizza).toHaveTextContent(`${PROPOSAL_OUTCOME_REASONS.passed} Decided Mar 6, 2026`);
    expect(tub).toHaveTextContent("Hot tub£900.00Failed");
    expect(tub).toHaveTextContent("The fund no longer covers £900.00: it holds £12.00.");
    expect(await screen.findByText("No open proposals.")).toBeInTheDocument();
  });
});

describe("when the proposals cannot be loaded", () => {
  it("says so and tries again on Retry", async () => {
    let fail = true;
    proposalServer([buildProposal()], {
      [`GET ${PROPOSALS}`]: (url) =>
        fail
          ? error(500, "INTERNAL_ERROR", "Internal server error")
          : { body: { data: url.searchParams.get("status") === "decided" ? [] : [buildProposal()] } },
    });
    renderProposals();
    expect(await screen.findByText("Failed to load spending proposals.")).toBeInTheDocument();
    fail = false;
    const [retryOpen] = screen.getAllByRole("button", { name: "Retry" });
    await userEvent.setup().click(retryOpen as HTMLElement);
    expect(await within(openList()).findByRole("listitem", { name: "Pizza night" })).toBeInTheDocument();
  });
});
