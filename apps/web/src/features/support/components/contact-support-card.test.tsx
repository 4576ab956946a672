import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import {
  STATUS_MESSAGES,
  SUPPORT_MESSAGE_SHORT,
  SUPPORT_OFF_MESSAGE,
  SUPPORT_SENT_DESCRIPTION,
  SUPPORT_SENT_TITLE,
  SUPPORT_SUBJECT_MAX,
} from "@housemate/contract";
import { createQueryClient } from "@/lib/query-client";
import { heldAnswer, respondWith, storeSession, type FakeAnswer } from "@/lib/testing/fake-server";
import { ContactSupportCard } from "./contact-support-card";

const SENT: FakeAnswer = { status: 201, body: { data: { success: true, priority: false } } };
const refusal = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { error: { message, code, requestId: "test" } },
});

async function openForm() {
  storeSession();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactSupportCard />
      <Toaster />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole("button", { name: "Contact support" }));
  const dialog = await screen.findByRole("dialog", { name: "Contact support" });
  return { user, dialog };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, subject: string, message: string) {
  if (subject) await user.type(within(dialog).getByLabelText("Subject"), subject);
  if (message) await user.type(within(dialog).getByLabelText("Message"), message);
}

const send = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole("button", { name: "Send message" }));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("ContactSupportCard", () => {
  it("sends the subject and message, says so, and closes", async () => {
    const { requests, bodies } = respondWith({ "POST /api/support": SENT });
    const { user, dialog } = await openForm();
    await fillIn(user, dialog, "Fines page is empty", "Nothing shows since this morning.");
    await send(user, dialog);

    expect(await screen.findByText(SUPPORT_SENT_TITLE)).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_SENT_DESCRIPTION)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      "POST /api/support",
    ]);
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer session-token");
    expect(bodies).toEqual([{ subject: "Fines page is empty", message: "Nothing shows since this morning." }]);
  });

  it("refuses a short message with the contract's words before sending anything", async () => {
    const { requests } = respondWith({ "POST /api/support": SENT });
    const { user, dialog } = await openForm();
    await fillIn(user, dialog, "Hello", "Too short");
    await send(user, dialog);

    const message = within(dialog).getByLabelText("Message");
    expect(message).toHaveAttribute("aria-invalid", "true");
    expect(message).toHaveAccessibleDescription(SUPPORT_MESSAGE_SHORT);
    expect(requests).toEqual([]);
    // Typing again clears the complaint, back to the hint.
    await user.type(message, " at all");
    expect(message).toHaveAttribute("aria-invalid", "false");
    expect(message).toHaveAccessibleDescription("At least 10 characters.");
  });

  it("asks for a subject, and refuses one too long", async () => {
    const { requests } = respondWith({ "POST /api/support": SENT });
    const { user, dialog } = await openForm();
    await fillIn(user, dialog, "", "A message long enough.");
    await send(user, dialog);
    expect(within(dialog).getByLabelText("Subject")).toHaveAccessibleDescription("Subject is required");

    await user.type(within(dialog).getByLabelText("Subject"), "s".repeat(SUPPORT_SUBJECT_MAX + 1));
    await send(user, dialog);
    expect(within(dialog).getByLabelText("Subject")).toHaveAccessibleDescription(
      `Subject can be at most ${String(SUPPORT_SUBJECT_MAX)} characters`,
    );
    expect(requests).toEqual([]);
  });

  it.each([
    ["too many messages", refusal(429, "RATE_LIMITED", STATUS_MESSAGES[429])],
    ["support switched off meanwhile", refusal(404, "NOT_FOUND", SUPPORT_OFF_MESSAGE)],
  ])("keeps the dialog and what was typed when refused (%s), with the server's message", async (_what, answer) => {
    respondWith({ "POST /api/support": answer });
    const { user, dialog } = await openForm();
    await fillIn(user, dialog, "Hello", "A message long enough.");
    await send(user, dialog);

    const body = answer.body as { error: { message: string } };
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(body.error.message);
    expect(within(dialog).getByLabelText("Subject")).toHaveValue("Hello");
    expect(within(dialog).getByLabelText("Message")).toHaveValue("A message long enough.");
    expect(screen.queryByText(SUPPORT_SENT_TITLE)).not.toBeInTheDocument();
  });

  it("says it is sending, and sends once however often it is pressed", async () => {
    const answer = heldAnswer();
    const { requests } = respondWith({ "POST /api/support": answer.route });
    const { user, dialog } = await openForm();
    await fillIn(user, dialog, "Hello", "A message long enough.");
    await send(user, dialog);
    const busy = within(dialog).getByRole("button", { name: "Sending..." });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute("aria-busy", "true");
    await user.keyboard("{Enter}");
    answer.give(SENT);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests).toHaveLength(1);
  });

  it("is closed by Cancel or Escape without sending, and gives focus back to its button", async () => {
    const { requests } = respondWith({ "POST /api/support": SENT });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Contact support" }));
    await screen.findByRole("dialog", { name: "Contact support" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Contact support" })).toHaveFocus());
    expect(requests).toEqual([]);
  });
});
