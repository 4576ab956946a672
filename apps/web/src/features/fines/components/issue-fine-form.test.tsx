import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { awayEndsAt, awayRefusalMessage, DISPUTE_MARKER_MESSAGE, utcDate, type Fine } from "@housemate/contract";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import {
  ANA,
  BEN,
  buildFine,
  buildRule,
  dismissToasts,
  HOUSEHOLD_ID,
  renderFines,
  RULE_ID,
} from "../testing/fine-fixtures";
import {
  IssueFineForm,
  NO_RULE_AMOUNT_HINT,
  REQUIRED_FIELDS_MESSAGE,
  type IssueFineFormProps,
} from "./issue-fine-form";

const CARA = "cccccccc-0000-4ccc-8ccc-cccccccccccc";
const DEV = "dddddddd-0000-4ddd-8ddd-dddddddddddd";
/** The UTC date `days` from today: `away_until` is a UTC day. */
function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return utcDate(date);
}

const MEMBERS = [
  { id: ANA, name: "Ana" },
  { id: BEN, name: "Ben" },
];

function renderForm(overrides: Partial<IssueFineFormProps> = {}) {
  const props: IssueFineFormProps = {
    householdId: HOUSEHOLD_ID,
    userId: ANA,
    currency: "GBP",
    members: MEMBERS,
    rules: [
      buildRule(),
      buildRule({ id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd", title: "Music after 11", fine_amount: 5 }),
    ],
    onRefresh: vi.fn(),
    isRefreshing: false,
    onCancel: vi.fn(),
    onIssued: vi.fn(),
    evidencePicker: (id) => <input id={id} type="file" accept="image/*" />,
    evidenceImages: [],
    isUploading: false,
    ...overrides,
  };
  renderFines(<IssueFineForm {...props} />);
  return props;
}

async function choose(label: string, option: string | RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

describe("Issue New Fine", () => {
  it("offers every other member, and pre-fills the amount from the chosen rule", async () => {
    renderForm();
    await userEvent.setup().click(screen.getByRole("combobox", { name: "Offender *" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Ben"]);
    await userEvent.setup().click(options[0] as HTMLElement);

    // Written with the currency's two decimals, as every amount is (issue 18).
    await choose("Rule *", /Music after 11/);
    expect(screen.getByLabelText("Amount (GBP) *")).toHaveDisplayValue("5.00");
    await choose("Rule *", /Dishes left overnight/);
    expect(screen.getByLabelText("Amount (GBP) *")).toHaveDisplayValue("2.50");
    expect(screen.queryByText(NO_RULE_AMOUNT_HINT)).not.toBeInTheDocument();
  });

  it("writes a typed amount with two decimals once the field is left, and leaves one it cannot write so", async () => {
    renderForm();
    const user = userEvent.setup();
    const amount = screen.getByLabelText("Amount (GBP) *");
    expect(amount).toHaveAttribute("min", "0.01");
    await user.type(amount, "4");
    await user.tab();
    expect(amount).toHaveDisplayValue("4.00");
    await user.clear(amount);
    await user.type(amount, "1.005");
    await user.tab();
    // Not rounded behind the person's back: the check on Issue Fine says what is wrong.
    expect(amount).toHaveDisplayValue("1.005");
  });

  it("fills in nothing for a rule stored at 0, says to enter an amount, and refuses 0 (issue 18)", async () => {
    const server = respondWith({});
    const free = buildRule({ id: "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee", title: "Quiet hours", fine_amount: 0 });
    renderForm({ rules: [buildRule(), free] });
    await choose("Offender *", "Ben");
    await choose("Rule *", /Quiet hours/);
    const amount = screen.getByLabelText("Amount (GBP) *");
    expect(amount).toHaveDisplayValue("");
    expect(amount).toHaveAccessibleDescription(NO_RULE_AMOUNT_HINT);

    const user = userEvent.setup();
    await user.type(amount, "0");
    await user.click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Amount must be more than 0");
    expect(server.requests).toHaveLength(0);
  });

  it("says 'No other household members found' when the viewer is alone", () => {
    renderForm({ members: [{ id: ANA, name: "Ana" }] });
    expect(screen.getByRole("combobox", { name: "Offender *" })).toHaveTextContent("No other household members found");
  });

  it("asks for the required fields", async () => {
    const server = respondWith({});
    renderForm();
    await userEvent.setup().click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please fill in all required fields");
    expect(server.requests).toHaveLength(0);
  });

  it("takes the required-fields message away once the fields are filled in", async () => {
    respondWith({});
    renderForm();
    await userEvent.setup().click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(screen.getByRole("alert")).toHaveTextContent(REQUIRED_FIELDS_MESSAGE);

    await choose("Offender *", "Ben");
    await choose("Rule *", /Dishes left overnight/);
    expect(screen.queryByText(REQUIRED_FIELDS_MESSAGE)).not.toBeInTheDocument();
  });

  it("needs a household", async () => {
    renderForm({ householdId: null });
    await userEvent.setup().click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(screen.getByRole("alert")).toHaveTextContent("You must be part of a household to issue fines");
  });

  it("issues the fine with its evidence and goes on", async () => {
    storeSession();
    let created: Fine | undefined;
    const server = respondWith({
      "POST /api/fines": () => {
        created = buildFine({ id: "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee" });
        return { status: 201, body: { data: created } };
      },
    });
    const props = renderForm({ evidenceImages: ["http://localhost/files/fine-evidence/a.png"] });
    const user = userEvent.setup();
    await choose("Offender *", "Ben");
    await choose("Rule *", /Dishes left overnight/);
    await user.type(screen.getByLabelText("Description"), "Pans in the sink");
    await user.type(screen.getByLabelText("Evidence note"), "7am Saturday");
    await user.click(screen.getByRole("button", { name: "Issue Fine" }));

    expect(await screen.findByText("Fine issued")).toBeInTheDocument();
    expect(server.bodies[0]).toEqual({
      offender_id: BEN,
      rule_id: RULE_ID,
      amount: 2.5,
      description: "Pans in the sink",
      household_id: HOUSEHOLD_ID,
      created_by: ANA,
      evidence: { note: "7am Saturday", images: ["http://localhost/files/fine-evidence/a.png"] },
    });
    expect(props.onIssued).toHaveBeenCalledWith(created);
  });

  it("refuses a description that would forge a dispute marker, as the server does, and sends nothing", async () => {
    const server = respondWith({});
    renderForm();
    const user = userEvent.setup();
    await choose("Offender *", "Ben");
    await choose("Rule *", /Dishes left overnight/);
    await user.type(screen.getByLabelText("Description"), "Pans. dispute declined: no");
    await user.click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(screen.getByRole("alert")).toHaveTextContent(DISPUTE_MARKER_MESSAGE);
    expect(server.requests).toHaveLength(0);
  });

  it("offers an away housemate disabled, with the server's reason read out, and someone back as usual (issue 22)", async () => {
    const until = daysFromToday(3);
    renderForm({
      members: [
        { id: ANA, name: "Ana", awayUntil: null, awayEndsAt: null },
        { id: BEN, name: "Ben", awayUntil: until, awayEndsAt: awayEndsAt(until, "UTC").toISOString() },
        // Their last day away was yesterday: back, and fined as anyone.
        {
          id: CARA,
          name: "Cara",
          awayUntil: daysFromToday(-1),
          awayEndsAt: awayEndsAt(daysFromToday(-1), "UTC").toISOString(),
        },
        // Away through yesterday's date, typed where that day has not ended yet (Pago Pago, 11 hours behind UTC):
        // what decides is when it ends, not the date.
        {
          id: DEV,
          name: "Dev",
          awayUntil: daysFromToday(-1),
          awayEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      ],
    });
    const reason = awayRefusalMessage("Ben", until);
    expect(screen.getByText(reason)).toBeVisible();
    // Radix skips a disabled option when moving through the list, so the trigger itself carries the reasons: of
    // everyone away, Dev too.
    expect(screen.getByRole("combobox", { name: "Offender *" })).toHaveAccessibleDescription(
      `${reason} ${awayRefusalMessage("Dev", daysFromToday(-1))}`,
    );
    await userEvent.setup().click(screen.getByRole("combobox", { name: "Offender *" }));
    const ben = await screen.findByRole("option", { name: "Ben" });
    expect(ben).toHaveAttribute("aria-disabled", "true");
    expect(ben).toHaveAccessibleDescription(reason);
    const cara = screen.getByRole("option", { name: "Cara" });
    expect(cara).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByText(awayRefusalMessage("Cara", daysFromToday(-1)))).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Dev" })).toHaveAttribute("aria-disabled", "true");
  });

  it("shows the 409 when a housemate went away after the form was opened", async () => {
    storeSession();
    const reason = awayRefusalMessage("Ben", daysFromToday(5));
    respondWith({
      "POST /api/fines": { status: 409, body: { error: { message: reason, code: "CONFLICT", requestId: "r" } } },
    });
    const props = renderForm();
    expect(screen.getByRole("combobox", { name: "Offender *" })).not.toHaveAccessibleDescription();
    await choose("Offender *", "Ben");
    await choose("Rule *", /Dishes left overnight/);
    await userEvent.setup().click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(reason);
    // The members are loaded again, so Ben shows as away without waiting for a socket message.
    expect(props.onRefresh).toHaveBeenCalledOnce();
  });

  it("shows the server's message when issuing fails", async () => {
    storeSession();
    respondWith({
      "POST /api/fines": {
        status: 403,
        body: {
          error: { message: "You don't have permission to access this resource.", code: "FORBIDDEN", requestId: "r" },
        },
      },
    });
    const props = renderForm();
    await choose("Offender *", "Ben");
    await choose("Rule *", /Dishes left overnight/);
    await userEvent.setup().click(screen.getByRole("button", { name: "Issue Fine" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You don't have permission to access this resource.");
    expect(await screen.findByText("Failed to issue fine")).toBeInTheDocument();
    expect(props.onIssued).not.toHaveBeenCalled();
    expect(props.onRefresh).not.toHaveBeenCalled();
  });

  it("waits for uploads before issuing, and refreshes members and rules on demand", async () => {
    const props = renderForm({ isUploading: true });
    expect(screen.getByRole("button", { name: "Issue Fine" })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole("button", { name: "Refresh" }));
    expect(props.onRefresh).toHaveBeenCalledOnce();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(props.onCancel).toHaveBeenCalledOnce();
    expect(within(document.body).getByLabelText("Image evidence")).toHaveAttribute("accept", "image/*");
  });
});
