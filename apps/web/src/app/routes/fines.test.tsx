import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { toast, Toaster } from "sonner";
import type { Fine } from "@housemate/contract";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { respondWith, serverUser, storeSession } from "@/features/auth/testing/fake-server";
import { ANA, BEN, buildFine, buildRule, HOUSEHOLD_ID } from "@/features/fines/testing/fine-fixtures";
import { queryClient } from "@/lib/query-client";
import { Component as MyFinesPage } from "./fines";

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

const received: Fine[] = [
  buildFine({ id: "old", amount: 1, status: "paid", created_at: "2026-01-01T00:00:00.000Z" }),
  buildFine({ id: "new", amount: 2, status: "pending", created_at: "2026-03-01T00:00:00.000Z" }),
  buildFine({ id: "mid", amount: 3, status: "disputed", created_at: "2026-02-01T00:00:00.000Z" }),
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
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  storeSession(serverUser({ id: BEN, household_id: HOUSEHOLD_ID }));
  useAuthStore.getState().checkAuth();
  respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: {
      body: { data: { id: HOUSEHOLD_ID, name: "Flat", created_by: ANA, iso_4217_code: "GBP", created_at: "2026-01-01T00:00:00.000Z" } },
    },
    "GET /api/users": {
      body: { data: [serverUser({ id: ANA, display_name: "Ana" }), serverUser({ id: BEN, display_name: "Ben" })] },
    },
    [`GET /api/rules/household/${HOUSEHOLD_ID}`]: { body: { data: [buildRule()] } },
    [`GET /api/fines/user/${BEN}`]: { body: { data: received } },
    [`GET /api/fines/household/${HOUSEHOLD_ID}/fines/mid/dispute`]: { status: 404, body: {} },
  });
});

afterEach(() => {
  toast.dismiss();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const amounts = () => screen.getAllByRole("article").map((card) => within(card).getByText(/^£/).textContent);

describe("My Fines", () => {
  it("lists the fines the viewer received, newest first", async () => {
    renderPage("/dashboard/fines");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(amounts()).toEqual(["£2.00", "£3.00", "£1.00"]);
    expect(screen.getAllByText("Ana fined you")).toHaveLength(3);
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
    expect(amounts()).toEqual(["£2.00"]);

    await user.click(screen.getByRole("tab", { name: /Disputed/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=disputed");
    expect(amounts()).toEqual(["£3.00"]);

    await user.click(screen.getByRole("tab", { name: /All/ }));
    expect(screen.getByTestId("search")).toHaveTextContent("?filter=all");
    expect(amounts()).toHaveLength(3);
  });

  it("shows every fine for a filter SPEC does not name", async () => {
    renderPage("/dashboard/fines?filter=everything");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("tab", { name: /All/ })).toHaveAttribute("aria-selected", "true");
  });

  it("says so when a filter matches nothing", async () => {
    respondWith({ [`GET /api/fines/user/${BEN}`]: { body: { data: [] } } });
    renderPage("/dashboard/fines?filter=pending");
    expect(await screen.findByText("No fines found")).toBeInTheDocument();
  });
});
