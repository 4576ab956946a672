import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import { AMOUNT_MIN_MESSAGE, type Rule } from "@housemate/contract";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import { amountFrom } from "./rule-form-dialog";
import { RulesBoard } from "./rules-board";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const RULES = `/api/rules/household/${HOUSEHOLD_ID}`;

function rule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    household_id: HOUSEHOLD_ID,
    title: "Dishes left overnight",
    description: "Wash up before bed.",
    fine_amount: 2.5,
    created_by: null,
    created_at: "2026-03-01T00:00:00.000Z",
    updated_at: "2026-03-01T00:00:00.000Z",
    ...overrides,
  };
}

function renderBoard(currency = "GBP") {
  storeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RulesBoard householdId={HOUSEHOLD_ID} currency={currency} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const sent = (server: ReturnType<typeof respondWith>, method: string) =>
  server.bodies[server.requests.findIndex((request) => request.method === method)];

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("house rules", () => {
  it("shows each rule with its description, fine and the 'Active' badge", async () => {
    respondWith({
      [`GET ${RULES}`]: { body: { data: [rule(), rule({ id: "r2", title: "Music after 11", fine_amount: 5 })] } },
    });
    renderBoard("EUR");
    const card = await screen.findByRole("article", { name: "Dishes left overnight" });
    expect(within(card).getByText("Wash up before bed.")).toBeInTheDocument();
    expect(within(card).getByText("€2.50")).toBeInTheDocument();
    expect(within(card).getByText("Active")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Music after 11" })).toHaveTextContent("€5.00");
  });

  it("shows 'No rules found' when there are none", async () => {
    respondWith({ [`GET ${RULES}`]: { body: { data: [] } } });
    renderBoard();
    expect(await screen.findByText("No rules found")).toBeInTheDocument();
  });

  it("says when the rules could not be loaded", async () => {
    respondWith({ [`GET ${RULES}`]: { status: 500, body: {} } });
    renderBoard();
    expect(await screen.findByText("Failed to load rules")).toBeInTheDocument();
  });

  it("creates a rule once title, description and amount are filled in", async () => {
    const created = rule({ title: "Bins", description: "Take them out on Monday.", fine_amount: 1.25 });
    const server = respondWith({
      [`GET ${RULES}`]: { body: { data: [] } },
      "POST /api/rules": { status: 201, body: { data: created } },
    });
    renderBoard();
    const user = userEvent.setup();
    await screen.findByText("No rules found");
    await user.click(screen.getByRole("button", { name: "Create Rule" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Rule" });
    await user.click(within(dialog).getByRole("button", { name: "Create Rule" }));
    expect(within(dialog).getByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Description is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Fine amount is required")).toBeInTheDocument();

    const amount = within(dialog).getByLabelText("Fine amount (GBP)");
    expect(amount).toHaveAttribute("type", "number");
    expect(amount).toHaveAttribute("step", "0.01");
    expect(amount).toHaveAttribute("min", "0.01");
    await user.type(within(dialog).getByLabelText("Title"), "Bins");
    await user.type(within(dialog).getByLabelText("Description"), "Take them out on Monday.");
    await user.type(amount, "1.25");
    await user.click(within(dialog).getByRole("button", { name: "Create Rule" }));

    expect(await screen.findByText("Rule created successfully")).toBeInTheDocument();
    expect(sent(server, "POST")).toEqual({
      title: "Bins",
      description: "Take them out on Monday.",
      fine_amount: 1.25,
      household_id: HOUSEHOLD_ID,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the dialog open and says so when creating fails", async () => {
    respondWith({
      [`GET ${RULES}`]: { body: { data: [] } },
      "POST /api/rules": { status: 500, body: {} },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create Rule" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Rule" });
    await user.type(within(dialog).getByLabelText("Title"), "Bins");
    await user.type(within(dialog).getByLabelText("Description"), "Monday");
    await user.type(within(dialog).getByLabelText("Fine amount (GBP)"), "1");
    await user.click(within(dialog).getByRole("button", { name: "Create Rule" }));
    expect(await screen.findByText("Failed to create rule")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Create Rule" })).toBeInTheDocument();
  });

  it("edits a rule from its current values", async () => {
    const server = respondWith({
      [`GET ${RULES}`]: { body: { data: [rule()] } },
      [`PUT /api/rules/${rule().id}`]: { body: { data: rule({ fine_amount: 3 }) } },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Dishes left overnight" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Rule" });
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Dishes left overnight");
    const amount = within(dialog).getByLabelText("Fine amount (GBP)");
    expect(amount).toHaveDisplayValue("2.50");
    await user.clear(amount);
    await user.type(amount, "3");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Rule updated successfully")).toBeInTheDocument();
    expect(sent(server, "PUT")).toEqual({
      title: "Dishes left overnight",
      description: "Wash up before bed.",
      fine_amount: 3,
    });
  });

  it("says when an edit fails", async () => {
    respondWith({
      [`GET ${RULES}`]: { body: { data: [rule()] } },
      [`PUT /api/rules/${rule().id}`]: { status: 500, body: {} },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Dishes left overnight" }));
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update rule")).toBeInTheDocument();
  });

  it("deletes a rule after a confirmation that says everyone will be notified", async () => {
    const server = respondWith({
      [`GET ${RULES}`]: { body: { data: [rule()] } },
      [`DELETE /api/rules/${rule().id}`]: { body: { data: { success: true } } },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Dishes left overnight" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("All household members will be notified.");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Rule deleted successfully")).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === "DELETE")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("says when deleting fails", async () => {
    respondWith({
      [`GET ${RULES}`]: { body: { data: [rule()] } },
      [`DELETE /api/rules/${rule().id}`]: { status: 500, body: {} },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Dishes left overnight" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete rule")).toBeInTheDocument();
  });
});

describe("a rule's fine amount (issue 18)", () => {
  it("is written with the currency's two decimals when the form opens and when the field is left", async () => {
    respondWith({ [`GET ${RULES}`]: { body: { data: [rule({ fine_amount: 2 })] } } });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Dishes left overnight" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Rule" });
    const amount = within(dialog).getByLabelText("Fine amount (GBP)");
    expect(amount).toHaveDisplayValue("2.00");
    await user.clear(amount);
    await user.type(amount, "3.5");
    expect(amount).toHaveDisplayValue("3.5");
    await user.tab();
    expect(amount).toHaveDisplayValue("3.50");
  });

  it("must be more than 0, as a fine's must, with the contract's one message", async () => {
    const server = respondWith({ [`GET ${RULES}`]: { body: { data: [] } } });
    renderBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create Rule" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Rule" });
    await user.type(within(dialog).getByLabelText("Title"), "Quiet hours");
    await user.type(within(dialog).getByLabelText("Description"), "After 11pm");
    await user.type(within(dialog).getByLabelText("Fine amount (GBP)"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create Rule" }));
    expect(within(dialog).getByText(AMOUNT_MIN_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Fine amount (GBP)")).toHaveAccessibleDescription(AMOUNT_MIN_MESSAGE);
    expect(server.requests.some((request) => request.method === "POST")).toBe(false);
  });
});

describe("rule amount", () => {
  it("treats a non-numeric amount as 0", () => {
    expect(amountFrom("abc")).toBe(0);
    expect(amountFrom("2.50")).toBe(2.5);
  });
});
