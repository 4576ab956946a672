import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { householdFullMessage, type HouseholdPlan } from "@housemate/contract";
import { planRoutes, respondWith, serverConfig, serverPlan, serverUser } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "../testing/render-app";
import { useInviteDialogStore } from "../stores/invite-dialog-store";
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
    expect(within(card).getByRole("button", { name: "Invite" })).not.toHaveAttribute("aria-disabled");
  });

  it("turns Invite off when every seat is taken, saying why, with the admin's way to upgrade", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID, is_admin: true });
    const card = await renderCard(5, serverPlan("basic", { members: 5 }));
    const invite = within(card).getByRole("button", { name: "Invite" });
    await waitFor(() => expect(invite).toHaveAttribute("aria-disabled", "true"));
    expect(invite).toHaveAccessibleDescription(`${householdFullMessage("basic")} Upgrade`);
    expect(within(card).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/dashboard/household");
  });

  it("lets the keyboard reach the full household's Invite and hear why, and opens no dialog", async () => {
    await signIn({ id: "u2", household_id: HOUSEHOLD_ID });
    const card = await renderCard(5, serverPlan("basic", { members: 5 }));
    const invite = within(card).getByRole("button", { name: "Invite" });
    await waitFor(() => expect(invite).toHaveAttribute("aria-disabled", "true"));
    const user = userEvent.setup();
    await user.tab();
    expect(invite).toHaveFocus();
    expect(invite).toHaveAccessibleDescription(householdFullMessage("basic"));
    await user.keyboard("{Enter}");
    await user.click(invite);
    expect(useInviteDialogStore.getState().isOpen).toBe(false);
  });

  it("counts the plan's seats, not the list's length, and follows the server's allows", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    // The list is a moment behind the plan: 4 in it, the server counts 5 and lets nobody else join.
    const card = await renderCard(4, serverPlan("basic", { members: 5 }));
    expect(await within(card).findByText("5 of 5 flatmates on Basic")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toHaveAttribute("aria-disabled", "true");
  });

  it("says why to a member, without the upgrade link", async () => {
    await signIn({ id: "u2", household_id: HOUSEHOLD_ID });
    const card = await renderCard(5, serverPlan("basic", { members: 5 }));
    expect(await within(card).findByText(householdFullMessage("basic"))).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toHaveAttribute("aria-disabled", "true");
    expect(within(card).queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();
  });

  it("shows Pro's seats", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const card = await renderCard(6, serverPlan("pro", { members: 6 }));
    expect(await within(card).findByText("6 of 10 flatmates on Pro")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Invite" })).toBeEnabled();
  });
});
