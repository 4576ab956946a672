import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { heldAnswer, respondWith, storeSession } from "@/lib/testing/fake-server";
import { useQuery } from "@tanstack/react-query";
import { finePageQueryOptions } from "../api/get-fines";
import {
  ANA,
  BEN,
  buildDispute,
  buildFine,
  dismissToasts,
  finePages,
  HOUSEHOLD_ID,
  renderFines,
  viewerAs,
} from "../testing/fine-fixtures";
import { FineItem } from "./fine-item";

function HouseholdFinesProbe() {
  useQuery(finePageQueryOptions({ household: HOUSEHOLD_ID }, { limit: 10 }));
  return null;
}

/** Ben's first page of received fines, as a list on screen would have cached it. */
const bensFirstPage = finePageQueryOptions({ offender: BEN }, { limit: 10 }).queryKey;

/** The JSON body of the first request with this method. */
function sentWith(server: ReturnType<typeof respondWith>, method: string) {
  return server.bodies[server.requests.findIndex((request) => request.method === method)];
}

const finePath = (fineId: string) => `/api/fines/household/${HOUSEHOLD_ID}/fines/${fineId}`;

/** Presses the fine's Pay, then Pay in the confirmation it opens (issue 18); the confirmation is returned. */
async function payAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Pay" }));
  const confirmation = await screen.findByRole("alertdialog");
  await user.click(within(confirmation).getByRole("button", { name: "Pay" }));
  return confirmation;
}

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("paying a fine", () => {
  it("asks first, with the amount in the household's currency, and Cancel pays nothing", async () => {
    storeSession();
    const server = respondWith({});
    renderFines(<FineItem fine={buildFine({ amount: 2 })} />, viewerAs(BEN));
    const user = userEvent.setup();
    const pay = screen.getByRole("button", { name: "Pay" });
    await user.click(pay);

    const confirmation = await screen.findByRole("alertdialog", { name: "Pay £2.00 into the fund?" });
    expect(confirmation).toHaveAccessibleDescription("A payment cannot be undone.");
    // Which fine: its rule, issuer and amount.
    expect(within(confirmation).getByRole("region", { name: "The fine" })).toHaveTextContent("Issued by Ana");
    // Focus is in the dialog, on its safe choice; Escape and Cancel both close it, back on Pay.
    expect(within(confirmation).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(pay).toHaveFocus());

    await user.click(pay);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(pay).toHaveFocus());
    expect(server.requests).toHaveLength(0);
  });

  it("is sent once however often Pay is pressed, busy until the server answers, then the fine shows as paid", async () => {
    storeSession();
    const fine = buildFine();
    const paid = heldAnswer();
    const server = respondWith({
      [`PUT ${finePath(fine.id)}/pay`]: paid.route,
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN));
    const user = userEvent.setup();
    const confirmation = await payAndConfirm(user);
    const busy = within(confirmation).getByRole("button", { name: "Paying..." });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await user.dblClick(busy);
    await waitFor(() => expect(server.requests.filter((request) => request.method === "PUT")).toHaveLength(1));

    paid.give({
      body: { data: { success: true, fine: { ...fine, status: "paid", paid_at: "2026-03-06T00:00:00.000Z" } } },
    });
    expect(await screen.findByText("Fine has been marked as paid")).toBeInTheDocument();
    expect(screen.getByText("Fine paid successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.method === "PUT")).toHaveLength(1);
  });

  it("refreshes the lists at once and reloads the household's fines 500 ms later", async () => {
    storeSession();
    const fine = buildFine();
    const paid = { ...fine, status: "paid", paid_at: "2026-03-06T00:00:00.000Z" };
    const server = respondWith({
      [`PUT ${finePath(fine.id)}/pay`]: { body: { data: { success: true, fine: paid } } },
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([fine]),
    });
    renderFines(
      <>
        <HouseholdFinesProbe />
        <FineItem fine={fine} />
      </>,
      viewerAs(BEN),
    );
    const householdLoads = () =>
      server.requests.filter((request) => new URL(request.url).pathname === `/api/fines/household/${HOUSEHOLD_ID}`);
    await waitFor(() => expect(householdLoads()).toHaveLength(1));
    await payAndConfirm(userEvent.setup());
    await screen.findByText("Fine has been marked as paid");
    await waitFor(() => expect(householdLoads()).toHaveLength(2));
    await waitFor(() => expect(householdLoads()).toHaveLength(3), { timeout: 2000 });
  });

  it("shows the server's message when paying fails", async () => {
    storeSession();
    const fine = buildFine();
    respondWith({
      [`PUT ${finePath(fine.id)}/pay`]: {
        status: 409,
        body: { error: { message: "This fine has already been paid.", code: "CONFLICT", requestId: "r1" } },
      },
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN));
    await payAndConfirm(userEvent.setup());
    expect(await screen.findByText("Failed to pay fine")).toBeInTheDocument();
    expect(screen.getByText("This fine has already been paid.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
  });

  it("is offered only to the offender of a pending fine", () => {
    renderFines(
      <>
        <FineItem fine={buildFine({ status: "paid" })} />
        <FineItem fine={buildFine({ status: "disputed" })} />
      </>,
      viewerAs(BEN),
    );
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
  });

  it("is not offered to the issuer", () => {
    renderFines(<FineItem fine={buildFine()} />, viewerAs(ANA));
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
  });

  it("says which information is missing instead of sending a broken request", async () => {
    storeSession();
    const server = respondWith({});
    renderFines(<FineItem fine={buildFine({ household_id: "" })} />, viewerAs(BEN));
    await payAndConfirm(userEvent.setup());
    expect(await screen.findByText("Missing required information to pay the fine.")).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});

describe("disputing a fine", () => {
  it("needs a reason of at least 5 characters, then submits it", async () => {
    storeSession();
    const fine = buildFine();
    const disputed = {
      ...fine,
      status: "disputed",
      description: `${fine.description}\n\nDispute reason: They were soaking`,
    };
    const server = respondWith({
      [`POST ${finePath(fine.id)}/disputes`]: {
        status: 201,
        body: { data: { fine: disputed, dispute: buildDispute(fine) } },
      },
    });
    renderFines(<FineItem fine={fine} disputeFor="offender" />, viewerAs(BEN));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Dispute" }));
    const dialog = await screen.findByRole("dialog", { name: "Dispute Fine" });

    await user.click(within(dialog).getByRole("button", { name: "Submit Dispute" }));
    expect(within(dialog).getByText("Dispute reason must be at least 5 characters long")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "  no  ");
    await user.click(within(dialog).getByRole("button", { name: "Submit Dispute" }));
    expect(within(dialog).getByText("Dispute reason must be at least 5 characters long")).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Reason"));
    await user.type(within(dialog).getByLabelText("Reason"), "They were soaking");
    await user.click(within(dialog).getByRole("button", { name: "Submit Dispute" }));
    expect(await screen.findByText("Dispute submitted")).toBeInTheDocument();
    expect(screen.getByText("Your dispute has been submitted for review")).toBeInTheDocument();
    expect(server.bodies).toEqual([{ reason: "They were soaking" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says at its top which fine it is about: rule, amount, who issued it and when", async () => {
    storeSession();
    respondWith({});
    renderFines(<FineItem fine={buildFine()} disputeFor="offender" />, viewerAs(BEN));
    await userEvent.setup().click(screen.getByRole("button", { name: "Dispute" }));
    const dialog = await screen.findByRole("dialog", { name: "Dispute Fine" });
    const summary = within(dialog).getByRole("region", { name: "The fine" });
    expect(summary).toHaveTextContent("Dishes left overnight");
    expect(summary).toHaveTextContent("£2.50");
    expect(summary).toHaveTextContent("Issued by Ana · Mar 4, 2026");
    // Above the form: the first thing read after the dialog's own title and description.
    expect(summary.compareDocumentPosition(within(dialog).getByLabelText("Reason"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("shows the form-level failure and the server's message", async () => {
    storeSession();
    const fine = buildFine();
    respondWith({
      [`POST ${finePath(fine.id)}/disputes`]: {
        status: 409,
        body: { error: { message: "This fine can no longer be disputed.", code: "CONFLICT", requestId: "r" } },
      },
    });
    renderFines(<FineItem fine={fine} />, viewerAs(BEN));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Dispute" }));
    await user.type(await screen.findByLabelText("Reason"), "It was not me");
    await user.click(screen.getByRole("button", { name: "Submit Dispute" }));
    expect(await screen.findByText("Failed to submit dispute. Please try again.")).toBeInTheDocument();
    expect(await screen.findByText("This fine can no longer be disputed.")).toBeInTheDocument();
  });

  it("is not offered once a dispute was declined", () => {
    renderFines(<FineItem fine={buildFine({ dispute_rejected: true })} disputeFor="offender" />, viewerAs(BEN));
    expect(screen.queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay" })).toBeInTheDocument();
    expect(screen.getByText("Your dispute was declined, so this fine can no longer be disputed.")).toBeInTheDocument();
  });

  it("tells the offender on My Fines when their dispute was sent, from the fine itself", () => {
    const fine = buildFine({ status: "disputed", updated_at: "2026-03-05T12:00:00.000Z" });
    const server = respondWith({});
    renderFines(<FineItem fine={fine} disputeFor="offender" />, viewerAs(BEN));
    expect(screen.getByText("Dispute sent Mar 5, 2026, waiting for Ana to review it.")).toBeInTheDocument();
    // A disputed fine does not change until it is reviewed, so no record is asked for (a request per card before).
    expect(server.requests).toHaveLength(0);
  });

  it("asks for no dispute record when the viewer is neither party that needs it", () => {
    const server = respondWith({});
    renderFines(
      <>
        <FineItem fine={buildFine({ status: "disputed" })} disputeFor="issuer" />
        <FineItem fine={buildFine({ status: "disputed" })} />
      </>,
      viewerAs(BEN),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("reviewing a dispute", () => {
  const disputedFine = () =>
    buildFine({ status: "disputed", description: "Pans left in the sink\n\nDispute reason: They were soaking" });

  it("needs an action and a reason of at least 5 characters; accepting removes the fine", async () => {
    storeSession();
    const fine = disputedFine();
    const server = respondWith({
      [`GET ${finePath(fine.id)}/dispute`]: { body: { data: buildDispute(fine, { reason: "Record reason" }) } },
      [`PUT ${finePath(fine.id)}/disputes/dispute-1`]: {
        body: { data: { fine: null, dispute: buildDispute(fine, { status: "accepted" }) } },
      },
    });
    const { queryClient } = renderFines(<FineItem fine={fine} disputeFor="issuer" />, viewerAs(ANA));
    queryClient.setQueryData(bensFirstPage, finePages([fine])(new URL("http://localhost/")).body);
    const user = userEvent.setup();
    // The record is the issuer's to ask for, and only once they open the review.
    expect(server.requests).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review Dispute" });
    expect(await within(dialog).findByText("Record reason")).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(within(dialog).getByText("You must select an action")).toBeInTheDocument();
    expect(within(dialog).getByText("Reason must be at least 5 characters long")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: /Accept dispute/ }));
    await user.type(within(dialog).getByLabelText("Reason"), "Fair");
    await user.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(within(dialog).queryByText("You must select an action")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Reason must be at least 5 characters long")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Reason"), " enough");
    await user.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(await screen.findByText("Dispute accepted")).toBeInTheDocument();
    expect(screen.getByText("The fine has been removed")).toBeInTheDocument();
    expect(sentWith(server, "PUT")).toEqual({ action: "accept", reason: "Fair enough" });
    expect(queryClient.getQueryData(bensFirstPage)?.data).toEqual([]);
    // Its counts leave with it, before the lists are fetched again.
    expect(queryClient.getQueryData(bensFirstPage)?.page).toMatchObject({
      total: 0,
      amount: 0,
      by_status: { disputed: 0 },
    });
  });

  it("says at its top which fine it is about: rule, amount, who disputed it and when", async () => {
    storeSession();
    const fine = disputedFine();
    respondWith({ [`GET ${finePath(fine.id)}/dispute`]: { body: { data: buildDispute(fine) } } });
    renderFines(<FineItem fine={fine} disputeFor="issuer" />, viewerAs(ANA, { currency: "EUR" }));
    await userEvent.setup().click(screen.getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review Dispute" });
    const summary = within(dialog).getByRole("region", { name: "The fine" });
    expect(summary).toHaveTextContent("Dishes left overnight");
    expect(summary).toHaveTextContent("€2.50");
    expect(summary).toHaveTextContent("Disputed by Ben · Mar 4, 2026");
    expect(summary.compareDocumentPosition(within(dialog).getByText("Their reason"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("declining keeps the fine active", async () => {
    storeSession();
    const fine = disputedFine();
    const declined = { ...fine, status: "pending", dispute_rejected: true };
    const server = respondWith({
      [`GET ${finePath(fine.id)}/dispute`]: { body: { data: buildDispute(fine) } },
      [`PUT ${finePath(fine.id)}/disputes/dispute-1`]: {
        body: { data: { fine: declined, dispute: buildDispute(fine, { status: "declined" }) } },
      },
    });
    renderFines(<FineItem fine={fine} disputeFor="issuer" />, viewerAs(ANA));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review Dispute" });
    await user.click(within(dialog).getByRole("radio", { name: /Decline dispute/ }));
    await user.type(within(dialog).getByLabelText("Reason"), "Three days is not soaking");
    await user.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(await screen.findByText("Dispute declined")).toBeInTheDocument();
    expect(screen.getByText("The fine remains active")).toBeInTheDocument();
    expect(sentWith(server, "PUT")).toEqual({ action: "decline", reason: "Three days is not soaking" });
  });

  it("without a dispute record shows the description's reason and refuses to send a review", async () => {
    storeSession();
    const fine = disputedFine();
    const server = respondWith({});
    renderFines(<FineItem fine={fine} disputeFor="issuer" />, viewerAs(ANA));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review Dispute" });
    expect(within(dialog).getByText("They were soaking")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: /Decline dispute/ }));
    await user.type(within(dialog).getByLabelText("Reason"), "Not convinced");
    await user.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(await screen.findByText("Missing required information to review the dispute.")).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === "PUT")).toHaveLength(0);
  });

  it("is offered only to the issuer", () => {
    respondWith({});
    renderFines(<FineItem fine={disputedFine()} disputeFor="issuer" />, viewerAs(BEN));
    expect(screen.queryByRole("button", { name: "Review" })).not.toBeInTheDocument();
  });

  it("is offered to whom the review was handed when the issuer left, and no longer to the issuer (decision 032)", () => {
    respondWith({});
    const handedOver = { ...disputedFine(), reviewer_id: BEN };
    const { unmount } = renderFines(<FineItem fine={handedOver} disputeFor="issuer" />, viewerAs(BEN));
    expect(screen.getByRole("button", { name: "Review" })).toBeInTheDocument();
    unmount();
    renderFines(<FineItem fine={handedOver} disputeFor="issuer" />, viewerAs(ANA));
    expect(screen.queryByRole("button", { name: "Review" })).not.toBeInTheDocument();
  });
});
