import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DATE_RANGE_MESSAGE } from "@housemate/contract";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import { ExportFineHistory } from "./export-fine-history";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const BEN = "22222222-2222-4222-8222-222222222222";
const CSV = `/api/households/${HOUSEHOLD_ID}/exports/fines.csv`;
const PDF = `/api/households/${HOUSEHOLD_ID}/exports/fines.pdf`;
const MEMBERS = [
  { id: "33333333-3333-4333-8333-333333333333", name: "Zoë" },
  { id: BEN, name: "Ben" },
];

async function openExport() {
  storeSession();
  const user = userEvent.setup();
  render(<ExportFineHistory householdId={HOUSEHOLD_ID} members={MEMBERS} today={new Date(2026, 10, 26, 9, 30)} />);
  await user.click(screen.getByRole("button", { name: "Export" }));
  const dialog = await screen.findByRole("dialog", { name: "Export fine history" });
  return { user, dialog };
}

const linkTo = (dialog: HTMLElement, name: string) => within(dialog).getByRole("link", { name });

/** What the browser was asked to save: jsdom has no object URLs, so these two are stood in for. */
let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  let lastBlob: Blob | undefined;
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL(blob: Blob) {
        lastBlob = blob;
        return "blob:export";
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href === "blob:export" && lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("ExportFineHistory", () => {
  it("offers this year so far for everyone by default, as two download links", async () => {
    const { dialog } = await openExport();
    expect(within(dialog).getByLabelText("From")).toHaveValue("2026-01-01");
    expect(within(dialog).getByLabelText("To")).toHaveValue("2026-11-26");
    expect(within(dialog).getByLabelText("Member")).toHaveDisplayValue("All members");
    expect(linkTo(dialog, "Download CSV")).toHaveAttribute("href", `${CSV}?from=2026-01-01&to=2026-11-26`);
    expect(linkTo(dialog, "Download PDF")).toHaveAttribute("href", `${PDF}?from=2026-01-01&to=2026-11-26`);
    expect(linkTo(dialog, "Download CSV")).toHaveAttribute("download");
  });

  it("builds the addresses from the period and the housemate chosen", async () => {
    const { user, dialog } = await openExport();
    const from = within(dialog).getByLabelText("From");
    await user.clear(from);
    await user.type(from, "2026-03-01");
    await user.selectOptions(within(dialog).getByLabelText("Member"), "Ben");
    const query = `?from=2026-03-01&to=2026-11-26&member=${BEN}`;
    expect(linkTo(dialog, "Download CSV")).toHaveAttribute("href", `${CSV}${query}`);
    expect(linkTo(dialog, "Download PDF")).toHaveAttribute("href", `${PDF}${query}`);
  });

  it("downloads with the session's token and saves the file under the server's name", async () => {
    const { requests } = respondWith({
      [`GET ${CSV}`]: {
        body: "Date issued",
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="housemate-fines-flat-2026-01-01-2026-11-26.csv"`,
        },
      },
    });
    const { user, dialog } = await openExport();
    await user.click(linkTo(dialog, "Download CSV"));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(["housemate-fines-flat-2026-01-01-2026-11-26.csv"]),
    );
    expect(requests.map((request) => new URL(request.url).pathname + new URL(request.url).search)).toEqual([
      `${CSV}?from=2026-01-01&to=2026-11-26`,
    ]);
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer session-token");
    expect(linkTo(dialog, "Download CSV")).toHaveAccessibleName("Download CSV");
  });

  it("says why a download failed, in the server's words", async () => {
    respondWith({
      [`GET ${PDF}`]: {
        status: 403,
        body: { error: { message: "You are not a member of this household", code: "FORBIDDEN", requestId: "r" } },
      },
    });
    const { user, dialog } = await openExport();
    await user.click(linkTo(dialog, "Download PDF"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are not a member of this household");
    expect(saved).toEqual([]);
  });

  it("refuses a period that ends before it starts, and offers no download", async () => {
    const { user, dialog } = await openExport();
    const to = within(dialog).getByLabelText("To");
    await user.clear(to);
    await user.type(to, "2025-12-31");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(DATE_RANGE_MESSAGE);
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(linkTo(dialog, "Download CSV")).not.toHaveAttribute("href");
    expect(linkTo(dialog, "Download CSV")).toHaveAttribute("aria-disabled", "true");
  });
});
