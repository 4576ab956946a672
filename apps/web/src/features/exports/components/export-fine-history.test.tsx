import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DATE_RANGE_MESSAGE } from "@housemate/contract";
import { onSessionExpired } from "@/lib/api-client";
import { heldAnswer, respondWith, storeSession } from "@/lib/testing/fake-server";
import { SAVED_FILE_LIFETIME_MS } from "../api/download-export";
import { ExportFineHistory } from "./export-fine-history";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const BEN = "22222222-2222-4222-8222-222222222222";
const CSV = `/api/households/${HOUSEHOLD_ID}/exports/fines.csv`;
const PDF = `/api/households/${HOUSEHOLD_ID}/exports/fines.pdf`;
const MEMBERS = [
  { id: "33333333-3333-4333-8333-333333333333", name: "Zoë" },
  { id: BEN, name: "Ben" },
];

/** 09:30 UTC on 26 November 2026. */
const NOW = new Date("2026-11-26T09:30:00Z");

async function openExport(today: Date = NOW) {
  storeSession();
  const user = userEvent.setup();
  const view = render(<ExportFineHistory householdId={HOUSEHOLD_ID} members={MEMBERS} today={today} />);
  await user.click(screen.getByRole("button", { name: "Export" }));
  const dialog = await screen.findByRole("dialog", { name: "Export fine history" });
  return { user, dialog, view };
}

const buttonFor = (dialog: HTMLElement, name: string) => within(dialog).getByRole("button", { name });
const asked = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).map((url) => url.pathname + url.search);

/** What the browser was asked to save: jsdom has no object URLs, so these two are stood in for. */
let saved: { name: string; blob: Blob }[];
let revoked: string[];
beforeEach(() => {
  saved = [];
  revoked = [];
  let lastBlob: Blob | undefined;
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL(blob: Blob) {
        lastBlob = blob;
        return "blob:export";
      }
      static override revokeObjectURL(address: string) {
        revoked.push(address);
      }
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
  it("offers this UTC year so far for everyone by default, as two buttons (a link would meet a 401 in a new tab)", async () => {
    const { requests } = respondWith({ [`GET ${CSV}`]: { body: "Date issued" } });
    const { user, dialog } = await openExport();
    expect(within(dialog).getByLabelText("From")).toHaveValue("2026-01-01");
    expect(within(dialog).getByLabelText("To")).toHaveValue("2026-11-26");
    expect(within(dialog).getByLabelText("Member")).toHaveDisplayValue("All members");
    expect(within(dialog).queryAllByRole("link")).toEqual([]);
    await user.click(buttonFor(dialog, "Download CSV"));
    await waitFor(() => expect(asked(requests)).toEqual([`${CSV}?from=2026-01-01&to=2026-11-26`]));
  });

  it("counts the default period in the server's UTC days, not the device's own (ahead of UTC here)", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      // 20:00 UTC on New Year's Eve is already 1 January 2026 in Auckland; the server still counts 2025.
      const { dialog } = await openExport(new Date("2025-12-31T20:00:00Z"));
      expect(within(dialog).getByLabelText("From")).toHaveValue("2025-01-01");
      expect(within(dialog).getByLabelText("To")).toHaveValue("2025-12-31");
    } finally {
      process.env.TZ = zone;
    }
  });

  it("asks for the period and the housemate chosen", async () => {
    const { requests } = respondWith({ [`GET ${PDF}`]: { body: "%PDF-" } });
    const { user, dialog } = await openExport();
    const from = within(dialog).getByLabelText("From");
    await user.clear(from);
    await user.type(from, "2026-03-01");
    await user.selectOptions(within(dialog).getByLabelText("Member"), "Ben");
    await user.click(buttonFor(dialog, "Download PDF"));
    await waitFor(() => expect(asked(requests)).toEqual([`${PDF}?from=2026-03-01&to=2026-11-26&member=${BEN}`]));
  });

  it("downloads with the session's token, says it is preparing meanwhile, and saves the file under the server's name", async () => {
    const answer = heldAnswer();
    const { requests } = respondWith({ [`GET ${CSV}`]: answer.route });
    const { user, dialog } = await openExport();
    await user.click(buttonFor(dialog, "Download CSV"));
    expect(buttonFor(dialog, "Preparing CSV...")).toHaveAttribute("aria-busy", "true");
    expect(buttonFor(dialog, "Download PDF")).toBeDisabled();
    answer.give({
      body: "Date issued",
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="housemate-fines-flat-2026-01-01-2026-11-26.csv"`,
      },
    });
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(["housemate-fines-flat-2026-01-01-2026-11-26.csv"]),
    );
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer session-token");
    expect(await within(dialog).findByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  it("keeps the saved file for the browser to read, and frees it after 30 s", async () => {
    respondWith({ [`GET ${CSV}`]: { body: "Date issued" } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, dialog } = await openExport();
      await user.click(buttonFor(dialog, "Download CSV"));
      await vi.waitFor(() => expect(saved).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(SAVED_FILE_LIFETIME_MS - 1_000);
      expect(revoked).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(revoked).toEqual(["blob:export"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("frees the saved files when the dialog closes", async () => {
    respondWith({ [`GET ${CSV}`]: { body: "Date issued" } });
    const { user, dialog } = await openExport();
    await user.click(buttonFor(dialog, "Download CSV"));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(revoked).toEqual(["blob:export"]);
  });

  it("cancels a download under way when the dialog closes", async () => {
    const answer = heldAnswer();
    respondWith({ [`GET ${PDF}`]: answer.route });
    const { user, dialog } = await openExport();
    await user.click(buttonFor(dialog, "Download PDF"));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    const signal = vi.mocked(fetch).mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(signal?.aborted).toBe(true);
    answer.give({ body: "%PDF-" });
    expect(saved).toEqual([]);
  });

  it("says why a download failed, in the server's words", async () => {
    respondWith({
      [`GET ${PDF}`]: {
        status: 403,
        body: { error: { message: "You are not a member of this household", code: "FORBIDDEN", requestId: "r" } },
      },
    });
    const { user, dialog } = await openExport();
    await user.click(buttonFor(dialog, "Download PDF"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are not a member of this household");
    expect(saved).toEqual([]);
  });

  it("signs the person out when the server no longer knows the session (401), as every other call does", async () => {
    respondWith({
      [`GET ${CSV}`]: {
        status: 401,
        body: { error: { message: "Unauthorized", code: "UNAUTHORIZED", requestId: "r" } },
      },
    });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    try {
      const { user, dialog } = await openExport();
      await user.click(buttonFor(dialog, "Download CSV"));
      await waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    } finally {
      stop();
    }
  });

  it("gives SPEC's words when the server cannot be reached", async () => {
    storeSession();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const { user, dialog } = await openExport();
    await user.click(buttonFor(dialog, "Download CSV"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Unable to connect to the server. Please check your internet connection.",
    );
  });

  it("refuses a period that ends before it starts, and offers no download", async () => {
    const { user, dialog } = await openExport();
    const to = within(dialog).getByLabelText("To");
    await user.clear(to);
    await user.type(to, "2025-12-31");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(DATE_RANGE_MESSAGE);
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(buttonFor(dialog, "Download CSV")).toBeDisabled();
    expect(buttonFor(dialog, "Download PDF")).toBeDisabled();
  });
});
