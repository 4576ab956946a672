import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import { rulesOverLimitMessage, rulesPlanLimitMessage, type HouseholdPlan, type Rule } from "@housemate/contract";
import { planRoutes, respondWith, serverConfig, serverPlan, storeSession } from "@/lib/testing/fake-server";
import { RulesBoard } from "./rules-board";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const RULES = `/api/rules/household/${HOUSEHOLD_ID}`;

const rules = (count: number): Rule[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `rule-${String(index + 1)}`,
    household_id: HOUSEHOLD_ID,
    title: `Rule ${String(index + 1)}`,
    description: "Keep it tidy.",
    fine_amount: 2,
    created_by: null,
    created_at: "2026-03-01T00:00:00.000Z",
    updated_at: "2026-03-01T00:00:00.000Z",
  }));

/** The board with `count` rules, on `plan` (plans on), or with plans off when no plan is given. */
function renderBoard(count: number, plan?: HouseholdPlan) {
  storeSession();
  const server = respondWith({
    [`GET ${RULES}`]: { body: { data: rules(count) } },
    ...(plan ? planRoutes(HOUSEHOLD_ID, plan) : { "GET /api/config": { body: { data: serverConfig() } } }),
    [`DELETE /api/rules/${rules(count)[0]?.id ?? ""}`]: { body: { data: { success: true } } },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RulesBoard householdId={HOUSEHOLD_ID} currency="GBP" />
      <Toaster />
    </QueryClientProvider>,
  );
  return server;
}

const createRule = () => screen.getByRole("button", { name: "Create Rule" });

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("house rules and the plan's limit", () => {
  it("shows no count and no limit with plans off", async () => {
    renderBoard(12);
    expect(await screen.findByRole("article", { name: "Rule 12" })).toBeInTheDocument();
    expect(screen.queryByText(/rules on/)).not.toBeInTheDocument();
    expect(createRule()).toBeEnabled();
    expect(screen.getByRole("button", { name: "Edit Rule 1" })).toBeEnabled();
  });

  it("shows how many of Basic's rules are used, and lets one more be added below the limit", async () => {
    renderBoard(9, serverPlan("basic", { rules: 9 }));
    expect(await screen.findByText("9 of 10 rules on Basic")).toBeInTheDocument();
    expect(createRule()).toBeEnabled();
    expect(screen.queryByText(rulesPlanLimitMessage("basic"))).not.toBeInTheDocument();
  });

  it("turns Create Rule off at the limit, saying why, and keeps editing", async () => {
    renderBoard(10, serverPlan("basic", { rules: 10 }));
    expect(await screen.findByText("10 of 10 rules on Basic")).toBeInTheDocument();
    expect(createRule()).toBeDisabled();
    expect(createRule()).toHaveAccessibleDescription(rulesPlanLimitMessage("basic"));
    expect(screen.getByRole("button", { name: "Edit Rule 1" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("over the limit after a downgrade: a banner, editing off, deleting still there", async () => {
    const server = renderBoard(12, serverPlan("basic", { rules: 12 }));
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent(rulesOverLimitMessage("basic", 12));
    expect(screen.getByText("12 of 10 rules on Basic")).toBeInTheDocument();
    expect(createRule()).toBeDisabled();
    const card = screen.getByRole("article", { name: "Rule 1" });
    expect(within(card).getByRole("button", { name: "Edit Rule 1" })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Delete Rule 1" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(server.requests.some((request) => request.method === "DELETE")).toBe(true));
  });

  it("shows no count and no limit on Pro", async () => {
    renderBoard(12, serverPlan("pro", { rules: 12 }));
    expect(await screen.findByRole("article", { name: "Rule 12" })).toBeInTheDocument();
    // The plan is in once the config is: give it the moment it takes.
    await waitFor(() => expect(screen.queryByText(/rules on/)).not.toBeInTheDocument());
    expect(createRule()).toBeEnabled();
    expect(screen.getByRole("button", { name: "Edit Rule 1" })).toBeEnabled();
  });
});
