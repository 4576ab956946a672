import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { householdFullMessage, type HouseholdPlan } from "@housemate/contract";
import { planRoutes, respondWith, serverConfig, serverPlan, serverUser } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "../testing/render-app";
import { HouseholdMembersCard } from "./household-members-card";

const housemates = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    serverUser({ id: `u${String(index + 1)}`, display_name: `Mate ${String(index + 1)}`, household_id: HOUSEHOLD_ID }),
  );

function renderCard(count: number, plan?: HouseholdPlan) {
  respondWith({
    "GET /api/users": { body: { data: housemates(count) } },
    ...(plan ? planRoutes(HOUSEHOLD_ID, plan) : { "GET /api/config": { body: { data: serverConfig() } } }),
  });
  renderApp(<Route path="/dashboard" element={<HouseholdMembersCard />} />, ["/dashboard"]);
  return screen.findByRole("region", { name: "Housemates" });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("the Housemates card and the plan's seats", () => {
  it("counts members with plans off, and invites whatever their number", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const card = await renderCard(6);
    expect(await within(card).findByText("6 members")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toBeEnabled();
  });

  it("shows the seats on Basic, and invites while one is free", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const card = await renderCard(4, serverPlan("basic", { members: 4 }));
    expect(await within(card).findByText("4 of 5 flatmates on Basic")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toBeEnabled();
  });

  it("turns Invite off when every seat is taken, saying why, with the admin's way to upgrade", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID, is_admin: true });
    const card = await renderCard(5, serverPlan("basic", { members: 5 }));
    const invite = within(card).getByRole("button", { name: "Invite" });
    await waitFor(() => expect(invite).toBeDisabled());
    expect(invite).toHaveAccessibleDescription(`${householdFullMessage("basic")} Upgrade`);
    expect(within(card).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/dashboard/household");
  });

  it("says why to a member, without the upgrade link", async () => {
    await signIn({ id: "u2", household_id: HOUSEHOLD_ID });
    const card = await renderCard(5, serverPlan("basic", { members: 5 }));
    expect(await within(card).findByText(householdFullMessage("basic"))).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toBeDisabled();
    expect(within(card).queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();
  });

  it("shows Pro's seats", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const card = await renderCard(6, serverPlan("pro", { members: 6 }));
    expect(await within(card).findByText("6 of 10 flatmates on Pro")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toBeEnabled();
  });
});
