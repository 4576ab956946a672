import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { heldAnswer, respondWith } from "@/lib/testing/fake-server";
import { createInvite } from "../api/create-invite";
import { openInviteDialog, useInviteDialogStore } from "../stores/invite-dialog-store";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "../testing/render-app";
import { COPIED_MS, InviteDialog } from "./invite-dialog";

const INVITE_PATH = `POST /api/households/${HOUSEHOLD_ID}/invites`;
const INVITE_URL = "http://localhost:3000/invite/abc123";
const created = { status: 201, body: { data: { inviteUrl: INVITE_URL, expires: "2026-01-08T00:00:00.000Z" } } };

/** The invites asked for (the dialog also asks whether plans are on, issue 21). */
const invitesMade = (server: ReturnType<typeof respondWith>) =>
  server.requests.filter((request) => request.method === "POST");

function renderDialog() {
  renderApp(<Route path="/dashboard" element={<InviteDialog />} />, ["/dashboard"]);
  act(() => openInviteDialog());
}

beforeEach(() => signIn({ household_id: HOUSEHOLD_ID }));
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetApp();
});

describe("invite dialog", () => {
  it("makes a link when it opens and shows it read-only with SPEC's note", async () => {
    const server = respondWith({ [INVITE_PATH]: created });
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Invite Housemates" })).toBeInTheDocument();
    const field = screen.getByLabelText("Invite Link");
    await waitFor(() => expect(field).toHaveValue(INVITE_URL));
    expect(field).toHaveAttribute("readonly");
    expect(screen.getByText("This link expires in 7 days and can be used by multiple people.")).toBeInTheDocument();
    expect(invitesMade(server)).toHaveLength(1);
  });

  it("shows that it is generating and offers no copy until the link is there", async () => {
    const invite = heldAnswer();
    respondWith({ [INVITE_PATH]: invite.route });
    renderDialog();
    expect(await screen.findByRole("status", { name: "Generating invite link" })).toBeInTheDocument();
    expect(useInviteDialogStore.getState().isGenerating).toBe(true);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeDisabled();
    act(() => invite.give(created));
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy link" })).toBeEnabled());
    expect(useInviteDialogStore.getState()).toMatchObject({ isGenerating: false, inviteLink: INVITE_URL });
  });

  it("makes one link, not two, under React's StrictMode double effects", async () => {
    const server = respondWith({ [INVITE_PATH]: created });
    renderApp(
      <Route
        path="/dashboard"
        element={
          <StrictMode>
            <InviteDialog />
          </StrictMode>
        }
      />,
      ["/dashboard"],
    );
    act(() => openInviteDialog());
    await waitFor(() => expect(screen.getByLabelText("Invite Link")).toHaveValue(INVITE_URL));
    expect(invitesMade(server)).toHaveLength(1);
  });

  it("copies the link, says 'Link copied!' and shows the copied state for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    respondWith({ [INVITE_PATH]: created });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDialog();
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy link" })).toBeEnabled());

    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await expect(navigator.clipboard.readText()).resolves.toBe(INVITE_URL);
    expect(await screen.findByText("Link copied!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(COPIED_MS - 100);
    });
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(COPIED_MS).toBe(2000);
  });

  it("says so when the clipboard refuses the link", async () => {
    respondWith({ [INVITE_PATH]: created });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    renderDialog();
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy link" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Failed to copy link to clipboard")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
  });

  it("closes with 'Failed to generate invite link' when the server refuses", async () => {
    respondWith({
      [INVITE_PATH]: { status: 500, body: { error: { message: "boom", code: "INTERNAL", requestId: "r1" } } },
    });
    renderDialog();
    expect(await screen.findByText("Failed to generate invite link")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(useInviteDialogStore.getState()).toMatchObject({
      isOpen: false,
      inviteLink: "",
      isGenerating: false,
      isCopied: false,
    });
  });

  it("closes when the answer carries no link", async () => {
    respondWith({ [INVITE_PATH]: { status: 201, body: { data: {} } } });
    renderDialog();
    expect(await screen.findByText("Failed to generate invite link")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("tells someone without a household that they need one, without asking the server", async () => {
    await signIn({ household_id: null });
    const server = respondWith({ [INVITE_PATH]: created });
    renderDialog();
    expect(await screen.findByText("You must be part of a household to invite others")).toBeInTheDocument();
    expect(useInviteDialogStore.getState().isOpen).toBe(false);
    expect(invitesMade(server)).toHaveLength(0);
  });

  it("forgets the link when closed, and makes a fresh one next time", async () => {
    const server = respondWith({ [INVITE_PATH]: created });
    const user = userEvent.setup();
    renderDialog();
    await waitFor(() => expect(screen.getByLabelText("Invite Link")).toHaveValue(INVITE_URL));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(useInviteDialogStore.getState()).toMatchObject({ isOpen: false, inviteLink: "" });
    act(() => openInviteDialog());
    await waitFor(() => expect(screen.getByLabelText("Invite Link")).toHaveValue(INVITE_URL));
    expect(invitesMade(server)).toHaveLength(2);
  });
});

describe("createInvite", () => {
  it("requires a household ID", async () => {
    await expect(createInvite("")).rejects.toThrow("Household ID is required");
    await expect(createInvite(null)).rejects.toThrow("Household ID is required");
  });

  it("rejects an answer without inviteUrl", async () => {
    respondWith({ [INVITE_PATH]: { status: 201, body: { data: { expires: "2026-01-08T00:00:00.000Z" } } } });
    await expect(createInvite(HOUSEHOLD_ID)).rejects.toThrow("Invalid response from server");
  });

  it("returns the link", async () => {
    respondWith({ [INVITE_PATH]: created });
    await expect(createInvite(HOUSEHOLD_ID)).resolves.toBe(INVITE_URL);
  });
});
