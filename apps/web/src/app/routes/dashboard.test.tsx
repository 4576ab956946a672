import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { heldAnswer, respondWith, serverUser } from "@/lib/testing/fake-server";
import { appealOn, buildAppeal, buildFine, finePages } from "@/features/fines/testing/fine-fixtures";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as DashboardPage } from "./dashboard";

const household = {
  id: HOUSEHOLD_ID,
  name: "The Cozy Flat",
  created_by: "u1",
  iso_4217_code: "GBP",
  created_at: "2026-01-01T00:00:00.000Z",
};

function renderDashboard() {
  return renderApp(
    <>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/household/create" element={<Here name="create household" />} />
    </>,
    ["/dashboard"],
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("dashboard", () => {
  it("greets the person and names their household", async () => {
    await signIn({ display_name: "Ana Lopez", household_id: HOUSEHOLD_ID });
    respondWith({
      [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
      "GET /api/users": { body: { data: [] } },
    });
    renderDashboard();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome back, Ana Lopez!");
    expect(await screen.findByText("The Cozy Flat")).toBeInTheDocument();
    expect(screen.getByText(/Here's what's happening in/)).toHaveTextContent(
      "Here's what's happening in The Cozy Flat.",
    );
  });

  it("lists the housemates, marking the person themselves", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    respondWith({
      [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
      "GET /api/users": {
        body: {
          data: [
            serverUser({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }),
            serverUser({ id: "u2", email: "bo@example.com", display_name: "Bo Chen", household_id: HOUSEHOLD_ID }),
          ],
        },
      },
    });
    renderDashboard();
    const list = await screen.findByRole("list", { name: "Housemates" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ALAna Lopez (you)", "BCBo Chen"]);
    const card = screen.getByRole("region", { name: "Housemates" });
    expect(within(card).getByText("2 members")).toBeInTheDocument();
    // Each with their avatar: initials on their own colour, or their photo.
    expect(within(list).getByRole("img", { name: "Ana Lopez" })).toHaveTextContent("AL");
    expect(within(list).getByRole("img", { name: "Bo Chen" })).toHaveTextContent("BC");
  });

  it("shows a housemate's photo as their avatar", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    respondWith({
      [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
      "GET /api/users": {
        body: {
          data: [serverUser({ id: "u1", display_name: "Ana Lopez", photo_url: "/files/ana.jpg" })],
        },
      },
    });
    const { container } = renderDashboard();
    const avatar = await screen.findByRole("img", { name: "Ana Lopez" });
    expect(avatar.querySelector("img")).toHaveAttribute("src", "/files/ana.jpg?size=thumbnail");
    expect(container).toHaveTextContent("1 member");
  });

  it("shows Recent Activity as skeletons while the members load, never 'A housemate fined a housemate'", async () => {
    await signIn({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID });
    const members = heldAnswer();
    const fine = buildFine({ household_id: HOUSEHOLD_ID, created_by: "u1", offender_id: "u2", reviewer_id: "u1" });
    respondWith({
      [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([fine]),
      "GET /api/fines/user/u1": finePages([]),
      "GET /api/users": members.route,
    });
    renderDashboard();
    const recent = screen.getByRole("region", { name: "Recent Activity" });
    // The fines are in (the pending card counts them); the members are not.
    expect(await screen.findByText("0 unpaid fines")).toBeInTheDocument();
    expect(within(recent).getByRole("status", { name: "Loading fines" })).toBeInTheDocument();
    expect(screen.queryByText(/a housemate/i)).not.toBeInTheDocument();

    members.give({
      body: {
        data: [
          serverUser({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }),
          serverUser({ id: "u2", email: "bo@example.com", display_name: "Bo Chen", household_id: HOUSEHOLD_ID }),
        ],
      },
    });
    expect(await within(recent).findByText("Ana Lopez fined Bo Chen")).toBeInTheDocument();
    expect(within(recent).queryByRole("status", { name: "Loading fines" })).not.toBeInTheDocument();
    expect(screen.queryByText(/a housemate/i)).not.toBeInTheDocument();
  });

  it("asks a household of three for its appeals and offers the ones to vote on (issue 21); a household of two is not asked", async () => {
    await signIn({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID });
    const fine = buildFine({ household_id: HOUSEHOLD_ID, created_by: "u2", offender_id: "u3", reviewer_id: "u2" });
    const appeal = buildAppeal(fine, { can_vote: true, reason: "Bo saw me wash up" });
    const people = [
      serverUser({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }),
      serverUser({ id: "u2", email: "bo@example.com", display_name: "Bo Chen", household_id: HOUSEHOLD_ID }),
      serverUser({ id: "u3", email: "cy@example.com", display_name: "Cy Park", household_id: HOUSEHOLD_ID }),
    ];
    const routes = (members: number) => ({
      [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
      [`GET /api/fines/household/${HOUSEHOLD_ID}`]: finePages([]),
      "GET /api/fines/user/u1": finePages([]),
      "GET /api/users": { body: { data: people.slice(0, members) } },
      [`GET /api/households/${HOUSEHOLD_ID}/appeals`]: {
        body: { data: [{ appeal, fine: { ...fine, appeal: appealOn(appeal) } }] },
      },
    });
    respondWith(routes(3));
    const { unmount } = renderDashboard();
    const card = await screen.findByRole("region", { name: "Appeals to vote on" });
    expect(within(card).getByRole("article")).toHaveTextContent("Bo Chen fined Cy Park");
    expect(within(card).getByRole("article")).toHaveTextContent("Appeal: Bo saw me wash up");
    unmount();
    await resetApp();

    await signIn({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID });
    const server = respondWith(routes(2));
    renderDashboard();
    expect(await screen.findByText("2 members")).toBeInTheDocument();
    expect(await screen.findByText("0 unpaid fines")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Appeals to vote on" })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.url.endsWith("/appeals"))).toBe(false);
  });

  it("shows someone without a household the welcome screen, leading to /household/create", async () => {
    await signIn({ display_name: "Ana", household_id: null });
    const server = respondWith({});
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole("link", { name: "Create Household" }));
    expect(screen.getByRole("heading", { name: "create household" })).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});
