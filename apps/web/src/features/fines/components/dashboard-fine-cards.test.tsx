import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Fine } from "@housemate/contract";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import {
  ANA,
  BEN,
  buildFine,
  dismissToasts,
  finePages,
  HOUSEHOLD_ID,
  renderFines,
  viewerAs,
} from "../testing/fine-fixtures";
import { DashboardFineCards } from "./dashboard-fine-cards";

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

/** `count` fines, the first the newest, one day apart. */
function householdFines(count: number): Fine[] {
  return Array.from({ length: count }, (_, index) =>
    buildFine({
      id: `fine-${index + 1}`,
      amount: index + 1,
      created_at: new Date(Date.UTC(2026, 2, 30 - index)).toISOString(),
    }),
  );
}

function serve(household: Fine[], received: Fine[] = []) {
  storeSession();
  return respondWith({
    [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages(household),
    [`GET /api/fines/user/${BEN}`]: finePages(received),
  });
}

/** The dashboard card titled `title`, found as a person with a screen reader finds it: a region by its name. */
const card = (title: string) => screen.getByRole("region", { name: title });

describe("dashboard fine cards", () => {
  it("links Recent Activity to the whole activity log (issue 20), SPEC's list of fines staying as it is", async () => {
    serve(householdFines(3));
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    const recent = card("Recent Activity");
    expect(within(recent).getByRole("link", { name: "See all activity" })).toHaveAttribute(
      "href",
      "/dashboard/activity",
    );
    await waitFor(() => expect(within(recent).getAllByRole("listitem")).toHaveLength(3));
  });

  it("pages Recent Activity 10 at a time, newest first, asking the server for each page", async () => {
    const { requests } = serve(householdFines(23));
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    const user = userEvent.setup();

    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    const recent = card("Recent Activity");
    // Rows show as skeletons until the members have answered (issue 18, defect 9).
    await waitFor(() => expect(within(recent).getAllByRole("listitem")[0]).toHaveTextContent("Mar 30, 2026"));
    const rows = within(recent).getAllByRole("listitem");
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent("Mar 30, 2026");
    expect(rows[0]).toHaveTextContent("£1.00");
    expect(within(recent).getByRole("button", { name: /Previous/ })).toBeDisabled();

    await user.click(within(recent).getByRole("button", { name: /Next/ }));
    expect(within(recent).getByText("Page 2 of 3")).toBeInTheDocument();
    // The page arrives, and is rendered in the background (useDeferredQuery).
    await waitFor(() => expect(within(recent).getAllByRole("listitem")[0]).toHaveTextContent("£11.00"));

    await user.click(within(recent).getByRole("button", { name: /Next/ }));
    expect(within(recent).getByText("Page 3 of 3")).toBeInTheDocument();
    await waitFor(() => expect(within(recent).getAllByRole("listitem")).toHaveLength(3));
    expect(within(recent).getByRole("button", { name: /Next/ })).toBeDisabled();

    await user.click(within(recent).getByRole("button", { name: /Previous/ }));
    expect(within(recent).getByText("Page 2 of 3")).toBeInTheDocument();
    // Each page is one request of 10 from the previous page's cursor; going back asks again from the kept cursor.
    const recentPages = requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === `/api/fines/household/${HOUSEHOLD_ID}` && !url.searchParams.has("status"))
      .map((url) => [url.searchParams.get("limit"), url.searchParams.get("cursor")]);
    expect(recentPages).toEqual([
      ["10", null],
      ["10", "10"],
      ["10", "20"],
      ["10", "10"],
    ]);
  }, 20_000);

  it("says who fined whom in Recent Activity, by name, with both people's avatars, the amount and the status", async () => {
    serve([
      buildFine({ id: "fine-a", amount: 2, status: "disputed" }),
      buildFine({ id: "fine-b", created_by: BEN, offender_id: ANA, amount: 0.5, status: "paid" }),
    ]);
    // Ben is looking: the rows still name him, as the preview's rows do, rather than 'you'.
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    const recent = card("Recent Activity");
    const rows = await within(recent).findAllByRole("article");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Ana fined Ben"),
      expect.stringContaining("Ben fined Ana"),
    ]);
    const [first, second] = rows;
    if (!first || !second) throw new Error("two rows expected");
    expect(first).toHaveTextContent("Dishes left overnight");
    expect(first).toHaveTextContent("£2.00");
    expect(within(first).getByText("Disputed")).toBeInTheDocument();
    expect(within(second).getByText("Paid")).toBeInTheDocument();
    // The issuer's avatar, then the offender's: pictures beside the sentence that says the same.
    const avatars = within(first).getAllByRole("img", { hidden: true });
    expect(avatars.map((avatar) => [avatar.getAttribute("aria-label"), avatar.textContent])).toEqual([
      ["Ana", "A"],
      ["Ben", "B"],
    ]);
    // The whole row is one button that opens the fine.
    await userEvent
      .setup()
      .click(within(second).getByRole("button", { name: "Details: Dishes left overnight, Ben fined Ana" }));
    expect(await screen.findByRole("dialog", { name: "Fine Details" })).toBeInTheDocument();
  });

  it("keeps Recent Activity's rows as skeletons until the members are known, never 'a housemate'", async () => {
    serve(householdFines(2));
    renderFines(<DashboardFineCards />, viewerAs(BEN, { peopleKnown: false }));
    // The lists have answered (the count shows), the names not yet.
    expect(await screen.findByText("0 unpaid fines")).toBeInTheDocument();
    const recent = card("Recent Activity");
    expect(within(recent).getByRole("status", { name: "Loading fines" })).toBeInTheDocument();
    expect(within(recent).queryAllByRole("article")).toEqual([]);
    expect(screen.queryByText(/a housemate/i)).not.toBeInTheDocument();
  });

  it("opens a fine's 'Fine Details' dialog", async () => {
    serve(householdFines(1));
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    await userEvent.setup().click(await within(card("Recent Activity")).findByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(within(dialog).getByText("Pans left in the sink")).toBeInTheDocument();
    // The offender can act on it from the details.
    expect(within(dialog).getByRole("button", { name: "Pay" })).toBeInTheDocument();
  });

  it("shows in 'Fine Details' every change the issuer made to the fine", async () => {
    const [fine] = householdFines(1);
    if (!fine) throw new Error("no fine");
    const edit = {
      fine_id: fine.id,
      edited_by: ANA,
      description_before: "Pans left in the sink",
      description_after: "Pans left in the sink",
      evidence_changed: false,
    };
    const { requests } = respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([fine]),
      [`GET /api/fines/user/${BEN}`]: finePages([]),
      [`GET /api/fines/household/${HOUSEHOLD_ID}/fines/${fine.id}/edits`]: {
        body: {
          data: [
            { ...edit, id: "edit-1", amount_before: 2, amount_after: 5, created_at: "2026-11-03T10:00:00.000Z" },
            {
              ...edit,
              id: "edit-2",
              amount_before: 5,
              amount_after: 5,
              description_after: "Two pans",
              evidence_changed: true,
              created_at: "2026-11-04T10:00:00.000Z",
            },
          ],
        },
      },
    });
    storeSession();
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    const details = await within(card("Recent Activity")).findByRole("button", { name: /Details/ });
    const editsAsked = () => requests.filter((request) => request.url.endsWith("/edits")).length;
    // Asked for only when someone opens the details, not for every card.
    expect(editsAsked()).toBe(0);

    await userEvent.setup().click(details);
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    const history = await within(dialog).findByRole("region", { name: "Changes to this fine" });
    expect(
      within(history)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Changed by Ana on Nov 3, 2026: amount £2.00 → £5.00",
      "Changed by Ana on Nov 4, 2026: description “Pans left in the sink” → “Two pans”, evidence changed",
    ]);
  });

  it("shows no history in 'Fine Details' for a fine that was never changed", async () => {
    const fines = householdFines(1);
    respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages(fines),
      [`GET /api/fines/user/${BEN}`]: finePages([]),
      [`GET /api/fines/household/${HOUSEHOLD_ID}/fines/${fines[0]?.id}/edits`]: { body: { data: [] } },
    });
    storeSession();
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    await userEvent.setup().click(await within(card("Recent Activity")).findByRole("button", { name: /Details/ }));
    const dialog = await screen.findByRole("dialog", { name: "Fine Details" });
    expect(within(dialog).getByText("Pans left in the sink")).toBeInTheDocument();
    expect(within(dialog).queryByRole("region", { name: "Changes to this fine" })).not.toBeInTheDocument();
  });

  it("lists the viewer's pending fines with the unpaid count, and the disputes they must review", async () => {
    const mine = [buildFine({ amount: 2.5 }), buildFine({ amount: 1 }), buildFine({ status: "paid" })];
    const toReview = buildFine({ offender_id: ANA, created_by: BEN, status: "disputed" });
    const { requests } = serve([...mine, toReview, buildFine({ status: "disputed" })], mine);
    renderFines(<DashboardFineCards />, viewerAs(BEN));

    expect(await screen.findByText("2 unpaid fines")).toBeInTheDocument();
    const pending = card("Your Pending Fines");
    expect(within(pending).getByText("£3.50 to pay")).toBeInTheDocument();
    expect(within(pending).getAllByRole("button", { name: "Pay" })).toHaveLength(2);

    const disputed = card("Disputed Fines to Review");
    expect(await within(disputed).findByRole("button", { name: "Review" })).toBeInTheDocument();
    expect(within(disputed).getAllByRole("article")).toHaveLength(1);
    // The server narrows the lists; no dispute record is asked for until a review is opened.
    const asked = requests.map((request) =>
      decodeURIComponent(new URL(request.url).pathname + new URL(request.url).search),
    );
    expect(asked).toContain(`/api/fines/user/${BEN}?limit=3&status=pending`);
    expect(asked).toContain(`/api/fines/household/${HOUSEHOLD_ID}?limit=3&status=disputed&created_by=${BEN}`);
    expect(asked.filter((path) => path.endsWith("/dispute"))).toEqual([]);
  });

  it("keeps focus in Your Pending Fines once a fine is paid and leaves it: on the next fine, then the heading", async () => {
    const mine = [buildFine({ id: "fine-1", amount: 2 }), buildFine({ id: "fine-2", amount: 1 })];
    storeSession();
    respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages(mine),
      [`GET /api/fines/user/${BEN}`]: finePages(mine),
      ...Object.fromEntries(
        mine.map((fine, index) => [
          `PUT /api/fines/household/${HOUSEHOLD_ID}/fines/${fine.id}/pay`,
          () => {
            mine[index] = { ...fine, status: "paid", paid_at: "2026-03-06T00:00:00.000Z" };
            return { body: { data: { success: true, fine: mine[index] } } };
          },
        ]),
      ),
    });
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    const user = userEvent.setup();
    const pending = card("Your Pending Fines");
    const payFirst = async () => {
      await user.click((await within(pending).findAllByRole("button", { name: "Pay" }))[0] as HTMLElement);
      await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Pay" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    };

    await payFirst();
    await waitFor(() => expect(within(pending).getAllByRole("article")).toHaveLength(1));
    await waitFor(() => expect(within(pending).getByRole("article")).toHaveFocus());
    await payFirst();
    await waitFor(() => expect(within(pending).queryAllByRole("article")).toHaveLength(0));
    await waitFor(() => expect(within(pending).getByRole("heading", { name: "Your Pending Fines" })).toHaveFocus());
  });

  it("shows empty states", async () => {
    serve([], []);
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    // Each card renders its own answer when it is ready (useDeferredQuery): each is waited for.
    expect(await screen.findByText("No pending fines")).toBeInTheDocument();
    expect(screen.getByText("0 unpaid fines")).toBeInTheDocument();
    expect(await screen.findByText("No disputes to review")).toBeInTheDocument();
    expect(await screen.findByText("No fines yet")).toBeInTheDocument();
    expect(within(card("Recent Activity")).queryByText(/Page \d/)).not.toBeInTheDocument();
  });

  it("says when the lists could not be loaded", async () => {
    storeSession();
    respondWith({
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: { status: 500, body: {} },
      [`GET /api/fines/user/${BEN}`]: { status: 500, body: {} },
    });
    renderFines(<DashboardFineCards />, viewerAs(BEN));
    expect(await screen.findByText("Failed to load pending fines")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load recent fines")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Retry" }).length).toBeGreaterThan(0);
  });
});
