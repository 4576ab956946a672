import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { toast, Toaster } from "sonner";
import type { Fine } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";
import { ANA, BEN, buildFine, buildRule, finePages, HOUSEHOLD_ID } from "@/features/fines/testing/fine-fixtures";
import { queryClient } from "@/lib/query-client";
import { Component as MyFinesPage } from "./fines";

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

/** The browser's Back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

/** Newest first, as the server answers. */
const received: Fine[] = [
  buildFine({ id: "new", amount: 2, status: "pending", created_at: "2026-03-01T00:00:00.000Z" }),
  buildFine({ id: "mid", amount: 3, status: "disputed", created_at: "2026-02-01T00:00:00.000Z" }),
  buildFine({ id: "old", amount: 1, status: "paid", created_at: "2026-01-01T00:00:00.000Z" }),
];

function renderPage(path: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/dashboard/fines"
            element={
              <>
                <MyFinesPage />
                <Search />
                <Back />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The household, its members and rules, and Ben's received fines. */
const householdRoutes = () => ({
  [`GET /api/households/${HOUSEHOLD_ID}`]: {
    body: {
      data: {
        id: HOUSEHOLD_ID,
        name: "Flat",
        created_by: ANA,
        iso_4217_code: "GBP",
        created_at: "2026-01-01T00:00:00.000Z",
      },
    },
  },
  "GET /api/users": {
    body: { data: [serverUser({ id: ANA, display_name: "Ana" }), serverUser({ id: BEN, display_name: "Ben" })] },
  },
  [`GET /api/rules/household/${HOUSEHOLD_ID}`]: { body: { data: [buildRule()] } },
  [`GET /api/fines/user/${BEN}`]: finePages(received),
});

beforeEach(() => {
  storeSession(serverUser({ id: BEN, household_id: HOUSEHOLD_ID }));
  useAuthStore.getState().checkAuth();
  respondWith(householdRoutes());
});

afterEach(() => {
  toast.dismiss();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const amounts = () => screen.getAllByRole("article").map((card) => within(card).getByText(/^£/).textContent);

describe("My Fines", () => {
  it("keeps the fines on screen when a refresh fails (the kept copy offline), with the error's toast", async () => {
    let fail = false;
    const pages = finePages(received);
    respondWith({
      ...householdRoutes(),
      [`GET /api/fines/user/${BEN}`]: (url: URL) => (fail ? { status: 500, body: {} } : pages(url)),
    });
    renderPage("/dashboard/fines");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    fail = true;
    await queryClient.refetchQueries({ queryKey: ["fines"] });
    expect(await screen.findByText("Failed to load fines")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /try again/i })).not.toBeInTheDocument();
  });

  it("lists the fines the viewer received, newest first", async () => {
    renderPage("/dashboard/fines");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(amounts()).toEqual(["£2.00", "£3.00", "£1.00"]);
    expect(screen.getAllByText("Ana fined you")).toHaveLength(3);
    // Each tab counts its fines, from the server's counts.
    expect(screen.getByRole("tab", { name: "All 3" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Disputed 1" })).toBeInTheDocument();
  });

  it("keeps SPEC's four tabs and lists a fine written off (decision 032) under All, with neither Pay nor Dispute", async () => {
    const writtenOff = buildFine({ id: "gone", amount: 4, status: "cancelled", cancel_reason: "Left the household" });
    respondWith({ [`GET /api/fines/user/${BEN}`]: finePages([writtenOff, ...received]) });
    renderPage("/dashboard/fines");
    expect(await screen.findAllByRole("article")).toHaveLength(4);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "All 4",
      "Pending 1",
      "Paid 1",
      "Disputed 1",
    ]);
    const card = screen.getAllByRole("article")[0];
    if (!card) throw new Error("no card");
    expect(within(card).getByText("Written off")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
  });

  it("pages through many fines, 10 at a time", async () => {
    const many = Array.from({ length: 25 }, (_, index) => buildFine({ id: `f${index}`, amount: index + 1 }));
    respondWith({ [`GET /api/fines/user/${BEN}`]: finePages(many) });
    renderPage("/dashboard/fines");
    expect(await screen.findAllByRole("article")).toHaveLength(10);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(await screen.findByText("£11.00")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();

    // Another tab is another list: it starts at its first page, and so does this one when it comes back.
    await user.click(screen.getByRole("tab", { name: /Paid/ }));
    expect(await screen.findByText("No fines found")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: /All/ }));
    expect(await screen.findByText("£1.00")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("reads the status filter from ?filter=", async () => {
    renderPage("/dashboard/fines?filter=paid");
    expect(await screen.findAllByRole("article")).toHaveLength(1);
    expect(amounts()).toEqual(["£1.00"]);
    expect(screen.getByRole("tab", { name: /Paid/ })).toHaveAttribute("aria-selected", "true");
  });

  it("keeps the chosen filter in the query string", async () => {
    renderPage("/dashboard/fines");
    const user = userEvent.setup();
    await screen.findAllByRole("article");

    await user.click(screen.getByRole("tab", { name: /Pending/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=pending");
    await waitFor(() => expect(amounts()).toEqual(["£2.00"]));

    await user.click(screen.getByRole("tab", { name: /Disputed/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=disputed");
    await waitFor(() => expect(amounts()).toEqual(["£3.00"]));

    await user.click(screen.getByRole("tab", { name: /All/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=all");
    await waitFor(() => expect(amounts()).toHaveLength(3));
  });

  it("shows every fine for a filter SPEC does not name", async () => {
    renderPage("/dashboard/fines?filter=everything");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("tab", { name: /All/ })).toHaveAttribute("aria-selected", "true");
  });

  it("says so when a filter matches nothing", async () => {
    respondWith({ [`GET /api/fines/user/${BEN}`]: finePages([]) });
    renderPage("/dashboard/fines?filter=pending");
    expect(await screen.findByText("No fines found")).toBeInTheDocument();
  });
});

describe("My Fines' 'Issued by me' side (issue 18)", () => {
  /** Ben issued two fines to Ana; Ana issued one to Ben (on the other side). */
  const household: Fine[] = [
    buildFine({ id: "i-new", amount: 5, status: "pending", offender_id: ANA, created_by: BEN, reviewer_id: BEN }),
    buildFine({ id: "r-new", amount: 9, status: "pending" }),
    buildFine({ id: "i-old", amount: 6, status: "paid", offender_id: ANA, created_by: BEN, reviewer_id: BEN }),
  ];
  const side = (name: string) => screen.getByRole("button", { name });

  beforeEach(() => {
    respondWith({ ...householdRoutes(), [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages(household) });
  });

  it("switches to the fines the viewer issued, with that list's counts, and keeps it in ?side= beside ?filter=", async () => {
    renderPage("/dashboard/fines?filter=pending");
    await waitFor(() => expect(amounts()).toEqual(["£2.00"]));
    expect(side("Received")).toHaveAttribute("aria-pressed", "true");
    expect(side("Issued by me")).toHaveAttribute("aria-pressed", "false");

    const user = userEvent.setup();
    await user.click(side("Issued by me"));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=pending&side=issued");
    expect(side("Issued by me")).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(amounts()).toEqual(["£5.00"]));
    expect(screen.getByText("You fined Ana")).toBeInTheDocument();
    expect(screen.getByText("The fines you have issued, newest first.")).toBeInTheDocument();
    // The tabs count the issued fines, not the received ones.
    expect(screen.getByRole("tab", { name: "All 2" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Pending 1" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Disputed 0" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /All/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=all&side=issued");
    await waitFor(() => expect(amounts()).toEqual(["£5.00", "£6.00"]));
  });

  it("opens on the side and filter the address names (a reload), and Back returns to the other side", async () => {
    renderPage("/dashboard/fines?filter=paid&side=issued");
    await waitFor(() => expect(amounts()).toEqual(["£6.00"]));
    expect(side("Issued by me")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("tab", { name: /Paid/ })).toHaveAttribute("aria-selected", "true");

    const user = userEvent.setup();
    await user.click(side("Received"));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=paid");
    expect(screen.getByTestId("search")).not.toHaveTextContent("side");
    await waitFor(() => expect(amounts()).toEqual(["£1.00"]));

    await user.click(screen.getByRole("button", { name: "Browser back" }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=paid&side=issued");
    await waitFor(() => expect(amounts()).toEqual(["£6.00"]));
    expect(side("Issued by me")).toHaveAttribute("aria-pressed", "true");
  });

  it("says the viewer has issued nothing yet when they have not", async () => {
    respondWith({ ...householdRoutes(), [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([]) });
    renderPage("/dashboard/fines?side=issued");
    expect(await screen.findByText("You have not fined anyone yet.")).toBeInTheDocument();
  });
});
