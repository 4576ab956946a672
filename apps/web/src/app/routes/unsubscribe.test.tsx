import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { UNSUBSCRIBE_INVALID_MESSAGE, unsubscribedMessage, type Unsubscribe } from "@housemate/contract";
import { respondWith, type FakeAnswer } from "@/lib/testing/fake-server";
import { renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as UnsubscribePage } from "./unsubscribe";

const TOKEN = "v1.fine_reminder.signed";
const REMINDER = "A reminder that a fine you owe is still unpaid";
const link: Unsubscribe = { type_id: "fine_reminder", description: REMINDER, email_enabled: true };
const answer = (data: Unsubscribe): FakeAnswer => ({ body: { data } });
const notOurs: FakeAnswer = {
  status: 404,
  body: { error: { message: UNSUBSCRIBE_INVALID_MESSAGE, code: "NOT_FOUND", requestId: "r1" } },
};

function renderUnsubscribe(path = `/unsubscribe?token=${TOKEN}`) {
  return renderApp(<Route path="/unsubscribe" element={<UnsubscribePage />} />, [path]);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("the unsubscribe page", () => {
  it("asks first, changing nothing by being opened, then unsubscribes signed out and says so", async () => {
    const server = respondWith({
      "GET /api/mail/unsubscribe": answer(link),
      "POST /api/mail/unsubscribe": answer({ ...link, email_enabled: false }),
    });
    renderUnsubscribe();
    expect(await screen.findByRole("heading", { name: `Stop emails for: ${REMINDER}?` })).toBeInTheDocument();
    // Opening it is a GET: mail scanners open links, and must not unsubscribe anyone.
    expect(server.requests.map((request) => request.method)).toEqual(["GET"]);
    expect(new URL(server.requests[0]?.url ?? "").searchParams.get("token")).toBe(TOKEN);
    expect(server.requests[0]?.headers.get("Authorization")).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Unsubscribe" }));
    // The pressed button is gone: the answer has the focus, so it is read out and the keyboard goes on from it.
    expect(await screen.findByRole("heading", { name: unsubscribedMessage(REMINDER) })).toHaveFocus();
    const posted = server.requests.filter((request) => request.method === "POST");
    expect(posted.map((request) => new URL(request.url).searchParams.get("token"))).toEqual([TOKEN]);
    expect(screen.getByRole("link", { name: "Open Preferences" })).toHaveAttribute(
      "href",
      "/dashboard/profile?tab=preferences",
    );
  });

  it("works the same for someone signed in: the link, not the session, says whose email it is", async () => {
    await signIn({ household_id: null });
    const server = respondWith({
      "GET /api/mail/unsubscribe": answer(link),
      "POST /api/mail/unsubscribe": answer({ ...link, email_enabled: false }),
    });
    renderUnsubscribe();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(unsubscribedMessage(REMINDER))).toBeInTheDocument();
    expect(server.requests.every((request) => request.headers.get("Authorization") === null)).toBe(true);
  });

  it("says so when that email is already off, and offers no button", async () => {
    respondWith({ "GET /api/mail/unsubscribe": answer({ ...link, email_enabled: false }) });
    renderUnsubscribe();
    expect(
      await screen.findByText(`You already get no emails for: ${REMINDER}.`, { exact: false }),
    ).toBeInTheDocument();
    // Opened, not pressed: the page's focus is left as a page load leaves it.
    expect(document.body).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("says a link that is not one of ours is not valid, and a link with no token too", async () => {
    respondWith({ "GET /api/mail/unsubscribe": notOurs });
    const view = renderUnsubscribe();
    expect(await screen.findByRole("alert")).toHaveTextContent(UNSUBSCRIBE_INVALID_MESSAGE);
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
    view.unmount();

    const server = respondWith({});
    renderUnsubscribe("/unsubscribe");
    expect(screen.getByRole("alert")).toHaveTextContent(UNSUBSCRIBE_INVALID_MESSAGE);
    expect(server.requests).toHaveLength(0);
  });

  it("offers another try when the server cannot be reached, rather than calling the link invalid", async () => {
    respondWith({ "GET /api/mail/unsubscribe": { status: 503, body: {} } });
    renderUnsubscribe();
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Failed to load the unsubscribe link.",
    );
    respondWith({ "GET /api/mail/unsubscribe": answer(link) });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("button", { name: "Unsubscribe" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: `Stop emails for: ${REMINDER}?` })).toHaveFocus();
  });
});
