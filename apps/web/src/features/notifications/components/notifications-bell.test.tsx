import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { respondWith, type FakeAnswer } from "@/lib/testing/fake-server";
import { NOTIFICATION_COUNTS_KEY, useNotificationCountsStore } from "../stores/notification-counts-store";
import {
  buildNotification,
  listBody,
  renderSignedIn,
  resetNotifications,
  signInMember,
} from "../testing/render-signed-in";
import { NotificationsBell } from "./notifications-bell";

const failure: FakeAnswer = { status: 500, body: { error: { message: "Boom", code: "INTERNAL", requestId: "r1" } } };

/** An answer the test releases when it has looked at the screen in between. */
function held() {
  let release: (answer: FakeAnswer) => void = () => undefined;
  const answer = new Promise<FakeAnswer>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}

const listCalls = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname === "/api/notifications").length;

async function openPanel() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: /^Notifications/ }));
  return { user, panel: await screen.findByRole("dialog", { name: "Notifications" }) };
}

beforeEach(signInMember);
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetNotifications();
});

describe("notifications bell", () => {
  it("says how many are unread, and keeps the counts on the device", () => {
    respondWith({});
    act(() => useNotificationCountsStore.getState().setCounts({ total: 5, unread: 3 }));
    renderSignedIn(<NotificationsBell />);
    expect(screen.getByRole("button", { name: "Notifications, 3 unread" })).toHaveTextContent("3");
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_COUNTS_KEY) ?? "null")).toMatchObject({
      state: { total: 5, unread: 3 },
    });

    act(() => useNotificationCountsStore.getState().setCounts({ total: 5, unread: 0 }));
    expect(screen.getByRole("button", { name: "Notifications" })).toHaveTextContent("");
  });
});

describe("notifications panel", () => {
  it("shows the empty state when there is nothing yet", async () => {
    respondWith({ "GET /api/notifications": { body: listBody([]) } });
    renderSignedIn(<NotificationsBell />);
    const { panel } = await openPanel();
    expect(await within(panel).findByText("No notifications yet")).toBeInTheDocument();
    expect(within(panel).getByText("We'll notify you when something happens")).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("lists each notification with its title, message, time and unread marker, newest first", async () => {
    const fresh = buildNotification({ title: "You were fined", message: "Bo fined you £5.00 for Dishes" });
    const old = buildNotification({
      type_id: "rule_created",
      title: "New rule",
      message: "Bins out on Monday",
      is_read: true,
      created_at: "2025-12-31T12:00:00.000Z",
    });
    respondWith({ "GET /api/notifications": { body: listBody([fresh, old]) } });
    renderSignedIn(<NotificationsBell />);
    const { panel } = await openPanel();

    const items = await within(panel).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent("You were fined");
    expect(first).toHaveTextContent("Bo fined you £5.00 for Dishes");
    expect(within(first).getByText("Unread")).toBeInTheDocument();
    expect(within(first).getByRole("button")).toBeInTheDocument();
    expect(second).toHaveTextContent("New rule");
    expect(second).toHaveTextContent("Dec 31, 2025");
    expect(within(second).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(second).queryByRole("button")).not.toBeInTheDocument();
    // The list's counts reach the bell.
    expect(screen.getByLabelText("Notifications, 1 unread")).toBeInTheDocument();
  });

  it("marks everything read at once with 'Mark all as read'", async () => {
    const readAll = held();
    const server = respondWith({
      "GET /api/notifications": { body: listBody([buildNotification(), buildNotification()]) },
      "PUT /api/notifications/read-all": readAll.answer,
    });
    renderSignedIn(<NotificationsBell />);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole("button", { name: "Mark all as read" }));

    // Before the server answers.
    expect(within(panel).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
    expect(useNotificationCountsStore.getState().unread).toBe(0);
    readAll.release({ body: { data: { total: 2, unread: 0 } } });
    await waitFor(() => expect(server.requests.some((request) => request.method === "PUT")).toBe(true));
  });

  it("puts everything back as unread with a toast when marking all fails", async () => {
    respondWith({
      "GET /api/notifications": { body: listBody([buildNotification(), buildNotification()]) },
      "PUT /api/notifications/read-all": failure,
    });
    renderSignedIn(<NotificationsBell />);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole("button", { name: "Mark all as read" }));

    expect(await screen.findByText("Failed to mark all notifications as read")).toBeInTheDocument();
    expect(within(panel).getAllByText("Unread")).toHaveLength(2);
    expect(within(panel).getByRole("button", { name: "Mark all as read" })).toBeInTheDocument();
    expect(useNotificationCountsStore.getState().unread).toBe(2);
  });

  it("marks an unread item read when it is clicked", async () => {
    const fine = buildNotification({ title: "You were fined" });
    const markRead = held();
    const server = respondWith({
      "GET /api/notifications": { body: listBody([fine, buildNotification()]) },
      [`PUT /api/notifications/${fine.id}/read`]: markRead.answer,
    });
    renderSignedIn(<NotificationsBell />);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole("button", { name: /You were fined/ }));

    expect(within(panel).queryByRole("button", { name: /You were fined/ })).not.toBeInTheDocument();
    expect(within(panel).getAllByText("Unread")).toHaveLength(1);
    expect(useNotificationCountsStore.getState().unread).toBe(1);
    markRead.release({ body: { data: { ...fine, is_read: true } } });
    await waitFor(() =>
      expect(server.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toContain(
        `PUT /api/notifications/${fine.id}/read`,
      ),
    );
  });

  it("puts a clicked item back as unread with a toast when the server refuses", async () => {
    const fine = buildNotification({ title: "You were fined" });
    respondWith({
      "GET /api/notifications": { body: listBody([fine]) },
      [`PUT /api/notifications/${fine.id}/read`]: failure,
    });
    renderSignedIn(<NotificationsBell />);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole("button", { name: /You were fined/ }));

    expect(await screen.findByText("Failed to mark notification as read")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: /You were fined/ })).toHaveTextContent("Unread");
    expect(useNotificationCountsStore.getState().unread).toBe(1);
  });

  it("says so when the list cannot be loaded", async () => {
    respondWith({ "GET /api/notifications": failure });
    renderSignedIn(<NotificationsBell />);
    await openPanel();
    expect(await screen.findByText("Failed to load notifications")).toBeInTheDocument();
  });

  it("does not fetch again when reopened within 60 seconds of the last fetch", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const server = respondWith({
      "GET /api/notifications": { body: listBody([buildNotification({ title: "First" })]) },
    });
    renderSignedIn(<NotificationsBell />);
    const { user, panel } = await openPanel();
    await within(panel).findByText("First");
    expect(listCalls(server.requests)).toBe(1);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    vi.setSystemTime(Date.now() + 59_000);
    await openPanel();
    await screen.findByText("First");
    expect(listCalls(server.requests)).toBe(1);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    vi.setSystemTime(Date.now() + 2_000);
    await openPanel();
    await waitFor(() => expect(listCalls(server.requests)).toBe(2));
  });
});

describe("notifications panel offline (decision 053)", () => {
  afterEach(() => act(() => void window.dispatchEvent(new Event("online"))));

  it("says 'Not available offline' rather than loading for ever, as notifications are not kept on the device", async () => {
    const server = respondWith({ "GET /api/notifications": { body: listBody([buildNotification()]) } });
    act(() => void window.dispatchEvent(new Event("offline")));
    renderSignedIn(<NotificationsBell />);
    const { panel } = await openPanel();
    expect(await within(panel).findByRole("status")).toHaveTextContent("Not available offline");
    expect(within(panel).queryByRole("status", { name: "Loading notifications" })).toBeNull();
    expect(listCalls(server.requests)).toBe(0);
  });
});
