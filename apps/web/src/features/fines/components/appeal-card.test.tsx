import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  appealDeadline,
  APPEAL_OPEN_MESSAGE,
  APPEAL_REASON_MESSAGE,
  APPEAL_WINDOW_PASSED_MESSAGE,
  CANCELLED_ON_APPEAL_REASON,
  type Fine,
} from "@housemate/contract";
import { appealRoutes, planRoutes, respondWith, serverConfig, storeSession } from "@/lib/testing/fake-server";
import {
  ANA,
  appealOn,
  BEN,
  buildAppeal,
  buildFine,
  buildPlan,
  CASEY,
  dismissToasts,
  finePages,
  HOUSEHOLD_ID,
  renderFines,
  viewerAs,
} from "../testing/fine-fixtures";
import { formatDate } from "@/lib/format";
import { DashboardFineCards } from "./dashboard-fine-cards";
import { FineCard } from "./fine-card";
import { FineItem } from "./fine-item";

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const planPath = `GET /api/households/${HOUSEHOLD_ID}/plan`;
/** Plans on (GET /config), and the household's plan: Pro unless told. */
const withPlan = (plan = buildPlan()) => planRoutes(HOUSEHOLD_ID, plan);
const appealPath = (fine: Fine) => `/api/fines/household/${HOUSEHOLD_ID}/fines/${fine.id}/appeal`;

const DECLINED_DESCRIPTION = [
  "Pans left in the sink",
  "Dispute reason: They were soaking",
  "Dispute declined: Three days is not soaking",
].join("\n\n");

/** Ben's fine, his dispute declined `ago` milliseconds before now: appealable for three days after. */
const declinedFine = (ago = HOUR, overrides: Partial<Fine> = {}) =>
  buildFine({
    description: DECLINED_DESCRIPTION,
    dispute_rejected: true,
    declined_at: new Date(Date.now() - ago).toISOString(),
    ...overrides,
  });

/** A fine under appeal, or decided: its description carries the sections the server appends. */
function appealedFine(decided?: string, overrides: Partial<Fine> = {}) {
  const fine = declinedFine(HOUR, {
    description: [
      DECLINED_DESCRIPTION,
      "Appeal: Casey saw me wash up",
      ...(decided ? [`Appeal decided: ${decided}`] : []),
    ].join("\n\n"),
    ...overrides,
  });
  return fine;
}

describe("an appeal on the fine card (issue 21)", () => {
  it("shows 'Appeal:' and 'Appeal decided:' as highlighted blocks after the dispute's, without their markers", () => {
    const fine = appealedFine("Cancelled by the house, 2 votes to 0.", {
      status: "cancelled",
      cancel_reason: CANCELLED_ON_APPEAL_REASON,
    });
    const { container } = renderFines(<FineCard fine={fine} />);
    const blocks = [...container.querySelectorAll("[data-section]")].map((block) => block.getAttribute("data-section"));
    expect(blocks).toEqual(["dispute-reason", "dispute-declined", "appeal", "appeal-decided"]);
    expect(container.querySelector('[data-section="appeal"]')).toHaveTextContent("AppealCasey saw me wash up");
    expect(container.querySelector('[data-section="appeal-decided"]')).toHaveTextContent(
      "Appeal decidedCancelled by the house, 2 votes to 0.",
    );
    expect(screen.queryByText(/Appeal:/)).not.toBeInTheDocument();
    expect(screen.getByText("Pans left in the sink")).toBeInTheDocument();
  });

  it("open: says until when, on both card sizes", () => {
    const fine = appealedFine(undefined, { appeal: appealOn(buildAppeal(buildFine())) });
    const { unmount } = renderFines(<FineCard fine={fine} />, viewerAs(ANA));
    expect(screen.getByText("Under appeal until Mar 14, 2026")).toBeInTheDocument();
    expect(screen.getByText("Pending")).toBeInTheDocument();
    unmount();
    renderFines(<FineCard fine={fine} compact />, viewerAs(ANA));
    expect(screen.getByText("Under appeal until Mar 14, 2026").closest("p")).toHaveTextContent(
      "You fined Ben · Mar 4, 2026 · Under appeal until Mar 14, 2026",
    );
  });

  it("open: Pay stays in its place but off, saying why to the eye and to a screen reader; no Dispute, no second appeal", async () => {
    storeSession();
    const server = respondWith({ [planPath]: { body: { data: buildPlan() } } });
    const fine = appealedFine(undefined, { appeal: appealOn(buildAppeal(buildFine())) });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN, { memberCount: 3 }));
    const pay = screen.getByRole("button", { name: "Pay" });
    expect(pay).toHaveAttribute("aria-disabled", "true");
    expect(pay).toHaveAccessibleDescription(APPEAL_OPEN_MESSAGE);
    expect(screen.getByText(APPEAL_OPEN_MESSAGE)).toBeVisible();
    await userEvent.setup().click(pay);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Appeal to the house" })).not.toBeInTheDocument();
    // Nothing was asked of the server: not even the plan, for a fine that cannot be appealed again.
    expect(server.requests).toHaveLength(0);
  });

  it("upheld (by a majority, a tie or nobody): pending and payable again, with the outcome's block", () => {
    const fine = appealedFine("The issuer's decision stands: a tie, 1 vote each.", {
      appeal: appealOn(buildAppeal(buildFine(), { status: "upheld" })),
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN, { memberCount: 4 }));
    expect(screen.getByText("The issuer's decision stands: a tie, 1 vote each.")).toBeInTheDocument();
    expect(screen.queryByText(/Under appeal/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay" })).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByText(APPEAL_OPEN_MESSAGE)).not.toBeInTheDocument();
  });

  it("cancelled on appeal: 'Cancelled on appeal' once, its amount struck through, nothing to pay, never 'Written off'", () => {
    const fine = appealedFine("Cancelled by the house, 2 votes to 1.", {
      status: "cancelled",
      cancel_reason: CANCELLED_ON_APPEAL_REASON,
      appeal: appealOn(buildAppeal(buildFine(), { status: "cancelled" })),
    });
    const { unmount } = renderFines(<FineItem fine={fine} />, viewerAs(BEN, { memberCount: 3 }));
    const badge = screen.getByText("Cancelled on appeal");
    expect(badge.textContent).toBe("Cancelled on appeal");
    expect(screen.queryByText(/Written off/)).not.toBeInTheDocument();
    expect(screen.getByText("£2.50")).toHaveClass("line-through");
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    unmount();
    renderFines(<FineCard fine={fine} compact />, viewerAs(ANA));
    expect(screen.getByText("You fined Ben · Mar 4, 2026")).toBeInTheDocument();
    expect(screen.getByText("Cancelled on appeal")).toBeInTheDocument();
  });

  it("void: a fine written off while under appeal reads as written off, with the appeal's closing block", () => {
    const fine = appealedFine("Closed: the fine was written off.", {
      status: "cancelled",
      cancel_reason: "Left the household",
      appeal: appealOn(buildAppeal(buildFine(), { status: "void" })),
    });
    renderFines(<FineCard fine={fine} />, viewerAs(ANA));
    expect(screen.getByText("Written off: Left the household. Nobody owes it now.")).toBeInTheDocument();
    expect(screen.getByText("Closed: the fine was written off.")).toBeInTheDocument();
    expect(screen.queryByText(/Under appeal/)).not.toBeInTheDocument();
  });
});

describe("'Appeal to the house' is offered only when the contract's canAppeal allows it", () => {
  it("to the person fined, in a house of three on a plan with appeals, within 3 days of the decline", async () => {
    storeSession();
    respondWith(withPlan());
    renderFines(<FineItem fine={declinedFine(3 * DAY - HOUR)} />, viewerAs(BEN, { memberCount: 3 }));
    expect(await screen.findByRole("button", { name: "Appeal to the house" })).toBeInTheDocument();
    // Pay is still there: appealing is a choice, not a duty.
    expect(screen.getByRole("button", { name: "Pay" })).not.toHaveAttribute("aria-disabled");
  });

  it("with plans off too: every household has appeals, and the plan is never asked for (lib/plans' usePlanAccess)", async () => {
    storeSession();
    const server = respondWith({
      "GET /api/config": { body: { data: serverConfig() } },
      [planPath]: { body: { data: buildPlan({ plans: false, plan: null }) } },
    });
    renderFines(<FineItem fine={declinedFine()} />, viewerAs(BEN, { memberCount: 3 }));
    expect(await screen.findByRole("button", { name: "Appeal to the house" })).toBeInTheDocument();
    expect(server.requests.map((request) => new URL(request.url).pathname)).toEqual(["/api/config"]);
  });

  it("when the plan fails to load: offered, as every Pro feature is then (the server still refuses what it lacks)", async () => {
    storeSession();
    const server = respondWith({
      ...withPlan(),
      [planPath]: { status: 500, body: { error: { message: "Boom", code: "INTERNAL", requestId: "test" } } },
    });
    renderFines(<FineItem fine={declinedFine()} />, viewerAs(BEN, { memberCount: 3 }));
    expect(await screen.findByRole("button", { name: "Appeal to the house" })).toBeInTheDocument();
    expect(server.requests.some((request) => request.url.endsWith("/plan"))).toBe(true);
  });

  it.each([
    ["in a two-person household (the plan is not even asked for)", declinedFine(), BEN, 2],
    ["before the members are known", declinedFine(), BEN, undefined],
    ["after the 3 days", declinedFine(3 * DAY + 60_000), BEN, 3],
    ["to the issuer", declinedFine(), ANA, 3],
    ["to a housemate", declinedFine(), CASEY, 3],
    ["on a fine never disputed", buildFine(), BEN, 3],
    [
      "on a fine already appealed",
      declinedFine(HOUR, { appeal: appealOn(buildAppeal(buildFine(), { status: "upheld" })) }),
      BEN,
      3,
    ],
    ["on a paid fine", declinedFine(HOUR, { status: "paid", paid_at: new Date().toISOString() }), BEN, 3],
  ])("not %s", async (_case, fine, viewer, memberCount) => {
    storeSession();
    const server = respondWith({ [planPath]: { body: { data: buildPlan() } } });
    renderFines(<FineItem fine={fine} />, viewerAs(viewer, { memberCount }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Appeal to the house" })).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("not on Basic, whose plan has no appeals", async () => {
    storeSession();
    const server = respondWith(withPlan(buildPlan({ plan: "basic", features: [] })));
    renderFines(<FineItem fine={declinedFine()} />, viewerAs(BEN, { memberCount: 3 }));
    await waitFor(() => expect(server.requests.some((request) => request.url.endsWith("/plan"))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Appeal to the house" })).not.toBeInTheDocument();
  });
});

describe("the appeal dialog", () => {
  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Appeal to the house" }));
    return { user, dialog: await screen.findByRole("dialog", { name: "Appeal to the house" }) };
  }

  it("refuses a reason under 5 characters, with the contract's message, and sends nothing", async () => {
    storeSession();
    const server = respondWith({ [planPath]: { body: { data: buildPlan() } } });
    renderFines(<FineItem fine={declinedFine()} />, viewerAs(BEN, { memberCount: 3 }));
    const { user, dialog } = await openDialog();
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await user.type(reason, " abc ");
    await user.click(within(dialog).getByRole("button", { name: "Submit Appeal" }));
    expect(reason).toHaveAccessibleDescription(APPEAL_REASON_MESSAGE);
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("sends the reason, closes and says 'Appeal submitted'", async () => {
    storeSession();
    const fine = declinedFine();
    const appeal = buildAppeal(fine, { reason: "Casey saw me wash up" });
    const answered: Fine = {
      ...fine,
      description: `${DECLINED_DESCRIPTION}\n\nAppeal: Casey saw me wash up`,
      appeal: appealOn(appeal),
    };
    const server = respondWith({
      [planPath]: { body: { data: buildPlan() } },
      [`POST ${appealPath(fine)}`]: { status: 201, body: { data: { appeal, fine: answered } } },
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN, { memberCount: 3 }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Casey saw me wash up");
    await user.click(within(dialog).getByRole("button", { name: "Submit Appeal" }));

    expect(await screen.findByText("Appeal submitted")).toBeInTheDocument();
    expect(screen.getByText("The house will decide within 3 days.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = server.requests.findIndex((request) => request.method === "POST");
    expect(server.bodies[post]).toEqual({ reason: "Casey saw me wash up" });
  });

  it("shows the server's refusal in a toast and in the dialog, and keeps what was written", async () => {
    storeSession();
    const fine = declinedFine();
    respondWith({
      [planPath]: { body: { data: buildPlan() } },
      [`POST ${appealPath(fine)}`]: {
        status: 409,
        body: { error: { message: APPEAL_WINDOW_PASSED_MESSAGE, code: "CONFLICT", requestId: "test" } },
      },
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN, { memberCount: 3 }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Casey saw me wash up");
    await user.click(within(dialog).getByRole("button", { name: "Submit Appeal" }));

    expect(await screen.findByText("Failed to submit appeal")).toBeInTheDocument();
    expect(screen.getAllByText(APPEAL_WINDOW_PASSED_MESSAGE)).toHaveLength(2);
    expect(within(dialog).getByRole("textbox", { name: "Reason" })).toHaveValue("Casey saw me wash up");
  });
});

describe("Fine Details' appeal", () => {
  async function openDetails(fine: Fine, viewer = viewerAs(CASEY, { memberCount: 3 })) {
    renderFines(<FineItem fine={fine} withDetails />, viewer);
    await userEvent.setup().click(screen.getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    return within(dialog).findByRole("region", { name: "Appeal to the house" });
  }

  it("open: the reason, how many have voted and the viewer's own vote, but not who voted what", async () => {
    storeSession();
    const appeal = buildAppeal(buildFine(), { voters: 2, votes_cast: 1, my_vote: "cancel" });
    const fine = appealedFine(undefined, { id: appeal.fine_id, appeal: appealOn(appeal) });
    respondWith(appealRoutes([appeal]));
    const section = await openDetails(fine);
    expect(await within(section).findByText("Reason: Casey saw me wash up")).toBeInTheDocument();
    expect(within(section).getByText("Voting closes Mar 14, 2026. 1 of 2 have voted.")).toBeInTheDocument();
    expect(within(section).getByText("You voted: Cancel the fine.")).toBeInTheDocument();
    expect(within(section).queryByRole("list", { name: "Votes" })).not.toBeInTheDocument();
    expect(within(section).queryByText(/Uphold:/)).not.toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Cancel fine" })).not.toBeInTheDocument();
  });

  it.each([
    [
      "upheld by a majority",
      { status: "upheld", outcome_reason: "majority", tally: { uphold: 2, cancel: 1 } },
      "Upheld by the house, 2 votes to 1.",
      "Uphold: 2 · Cancel: 1",
    ],
    [
      "a tie",
      { status: "upheld", outcome_reason: "tie", tally: { uphold: 1, cancel: 1 } },
      "The issuer's decision stands: a tie, 1 vote each.",
      "Uphold: 1 · Cancel: 1",
    ],
    [
      "cancelled",
      { status: "cancelled", outcome_reason: "majority", tally: { uphold: 1, cancel: 2 } },
      "Cancelled by the house, 2 votes to 1.",
      "Uphold: 1 · Cancel: 2",
    ],
  ] as const)("closed, %s: the outcome, the tally and each vote by name", async (_case, closed, outcome, tally) => {
    storeSession();
    const appeal = buildAppeal(buildFine(), {
      ...closed,
      tally: { ...closed.tally },
      voters: 3,
      votes_cast: 3,
      decided_at: "2026-03-13T10:00:00.000Z",
      votes: [
        { id: CASEY, name: "Casey", vote: "cancel" },
        { id: null, name: "Former member", vote: "uphold" },
      ],
    });
    const fine = appealedFine(outcome, { id: appeal.fine_id, appeal: appealOn(appeal) });
    respondWith(appealRoutes([appeal]));
    const section = await openDetails(fine);
    expect(await within(section).findByText(outcome, { selector: "p" })).toBeInTheDocument();
    expect(within(section).getByText(tally)).toBeInTheDocument();
    const votes = within(section).getByRole("list", { name: "Votes" });
    expect(
      within(votes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["You: Cancel the fine", "Former member: Uphold the fine"]);
  });

  it("void: says the fine was written off, without a tally", async () => {
    storeSession();
    const appeal = buildAppeal(buildFine(), {
      status: "void",
      outcome_reason: "written_off",
      tally: { uphold: 0, cancel: 0 },
      votes: [],
    });
    const fine = appealedFine("Closed: the fine was written off.", {
      id: appeal.fine_id,
      status: "cancelled",
      cancel_reason: "Left the household",
      appeal: appealOn(appeal),
    });
    respondWith(appealRoutes([appeal]));
    const section = await openDetails(fine, viewerAs(ANA, { memberCount: 3 }));
    expect(
      await within(section).findByText("Closed: the fine was written off.", { selector: "p" }),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/Uphold:/)).not.toBeInTheDocument();
  });

  it("asks for nothing about a fine never appealed", async () => {
    storeSession();
    const server = respondWith({});
    renderFines(<FineItem fine={declinedFine()} withDetails />, viewerAs(ANA, { memberCount: 3 }));
    await userEvent.setup().click(screen.getByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(within(dialog).queryByRole("region", { name: "Appeal to the house" })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.url.endsWith("/appeal"))).toBe(false);
  });
});

describe("after appealing (issue 21)", () => {
  it("focus goes to the fine's 'Under appeal until' line, not to the page, once the button and its dialog are gone", async () => {
    storeSession();
    const mine = [declinedFine()];
    const [fine] = mine as [Fine];
    const appeal = buildAppeal(fine, { reason: "Casey saw me wash up" });
    respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages(mine),
      [`GET /api/fines/user/${BEN}`]: finePages(mine),
      [`POST ${appealPath(fine)}`]: () => {
        mine[0] = { ...fine, appeal: appealOn(appeal) };
        return { status: 201, body: { data: { appeal, fine: mine[0] } } };
      },
    });
    renderFines(<DashboardFineCards />, viewerAs(BEN, { memberCount: 3 }));
    const user = userEvent.setup();
    const pending = await screen.findByRole("region", { name: "Your Pending Fines" });
    await user.click(await within(pending).findByRole("button", { name: "Appeal to the house" }));
    const dialog = await screen.findByRole("dialog", { name: "Appeal to the house" });
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Casey saw");
    await user.click(within(dialog).getByRole("button", { name: "Submit Appeal" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(within(pending).getByText("Under appeal until Mar 14, 2026")).toHaveFocus());
  }, 15_000);
});

describe("one look for a fine cancelled on appeal (fineStatusLook)", () => {
  it.each([
    ["cancelled on appeal", CANCELLED_ON_APPEAL_REASON, "Cancelled on appeal", "border-l-success"],
    ["written off", "Left the household", "Written off", "border-l-muted-foreground"],
    ["cancelled by an accepted dispute", null, "Cancelled", "border-l-muted-foreground"],
  ])("%s: the card's edge agrees with its badge, on both card sizes", (_case, reason, label, edge) => {
    const fine = buildFine({ status: "cancelled", cancel_reason: reason });
    for (const compact of [false, true]) {
      const { unmount } = renderFines(<FineCard fine={fine} compact={compact} />, viewerAs(ANA));
      expect(screen.getByRole("article")).toHaveClass(edge);
      expect(screen.getByText(label)).toBeInTheDocument();
      unmount();
    }
  });
});

describe("My Fines' line on a declined dispute (issue 21)", () => {
  const declinedLine = "Your dispute was declined, so this fine can no longer be disputed.";

  it("says until when the house can be asked, when it can (plans off: every household can)", async () => {
    storeSession();
    respondWith({ "GET /api/config": { body: { data: serverConfig() } } });
    const fine = declinedFine();
    renderFines(<FineItem fine={fine} disputeFor="offender" />, viewerAs(BEN, { memberCount: 3 }));
    const until = formatDate(appealDeadline(fine.declined_at ?? ""));
    const line = await screen.findByText(`${declinedLine} You can appeal to the house until ${until}.`);
    expect(line).toBeVisible();
    expect(await screen.findByRole("button", { name: "Appeal to the house" })).toBeInTheDocument();
  });

  it.each([
    ["in a two-person household", declinedFine(), 2, () => ({})],
    ["after the 3 days", declinedFine(3 * DAY + 60_000), 3, () => ({})],
    [
      "on Basic, whose plan has no appeals",
      declinedFine(),
      3,
      () => withPlan(buildPlan({ plan: "basic", features: [] })),
    ],
  ])("only says it can no longer be disputed %s", async (_case, fine, memberCount, routes) => {
    storeSession();
    respondWith(routes());
    renderFines(<FineItem fine={fine} disputeFor="offender" />, viewerAs(BEN, { memberCount }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(declinedLine)).toBeInTheDocument();
    expect(screen.queryByText(/You can appeal/)).not.toBeInTheDocument();
  });

  it.each([
    ["open", "open"],
    ["upheld", "upheld"],
  ] as const)("says nothing of the dispute once appealed (%s): the appeal speaks for itself", (_case, status) => {
    const fine = appealedFine(undefined, { appeal: appealOn(buildAppeal(buildFine(), { status })) });
    renderFines(<FineItem fine={fine} disputeFor="offender" />, viewerAs(BEN, { memberCount: 3 }));
    expect(screen.queryByText(/Your dispute was declined/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You can appeal/)).not.toBeInTheDocument();
  });
});
