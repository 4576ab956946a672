import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { useQueryClient } from "@tanstack/react-query";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";
import { householdBalanceQueryKey } from "@/lib/query-keys";
import { finePageQueryOptions } from "@/features/fines/api/get-fines";
import { FakeWebSocket } from "@/lib/testing/fake-websocket";
import { getNotificationsQueryOptions } from "@/features/notifications/api/get-notifications";
import { NotificationsBell } from "@/features/notifications/components/notifications-bell";
import { useNotificationCountsStore } from "@/features/notifications/stores/notification-counts-store";
import {
  buildNotification,
  HOUSEHOLD_ID,
  listBody,
  renderSignedIn,
  resetNotifications,
  signInMember,
  USER_ID,
} from "@/features/notifications/testing/render-signed-in";
import { useLiveNotifications } from "@/features/notifications/hooks/use-live-notifications";
import { refreshLiveChange } from "./live-refresh";

/** The hook as app/routes/shell.tsx uses it: each message refreshes what it changed (live-refresh.ts). */
function SignedInShell() {
  const queryClient = useQueryClient();
  useLiveNotifications({
    refresh: (message) => refreshLiveChange(queryClient, message, { householdId: HOUSEHOLD_ID, userId: USER_ID }),
  });
  return <NotificationsBell />;
}

const listCalls = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname === "/api/notifications").length;

// Kept before any test fakes the timers, so waiting for the first fetch works under fake timers too.
const realSetTimeout = globalThis.setTimeout;
async function until(check: () => boolean) {
  for (let tries = 0; tries < 200 && !check(); tries += 1) {
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 10)));
  }
  expect(check()).toBe(true);
}

/** Renders the shell's part and waits for the first list fetch and the socket. */
async function renderLive(notifications = [buildNotification({ title: "Older news", is_read: true })]) {
  const server = respondWith({ "GET /api/notifications": { body: listBody(notifications) } });
  const view = renderSignedIn(<SignedInShell />);
  await until(() => view.queryClient.getQueryData(getNotificationsQueryOptions().queryKey) !== undefined);
  const socket = FakeWebSocket.latest();
  act(() => socket.accept());
  return { ...view, server, socket };
}

beforeEach(async () => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
  FakeWebSocket.reset();
  await signInMember();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetNotifications();
});

describe("live notifications in the signed-in shell", () => {
  it("loads the list and connects the socket with the stored token when the user has a household", async () => {
    const { server, socket } = await renderLive();
    expect(listCalls(server.requests)).toBe(1);
    expect(socket.url).toBe(`ws://${window.location.host}/ws?token=session-token`);
  });

  it("neither loads nor connects while the user has no household", async () => {
    storeSession(serverUser({ id: USER_ID, household_id: null }));
    act(() => useAuthStore.getState().checkAuth());
    // Fake timers, skipped well past a reconnect's first delay: time enough for a fetch or a socket to show up,
    // without sleeping through it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = respondWith({});
    renderSignedIn(<SignedInShell />);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(listCalls(server.requests)).toBe(0);
  });

  it("adds a new notification to the list and shows its toast", async () => {
    const { socket, queryClient } = await renderLive();
    const fine = buildNotification({ title: "You were fined", message: "Bo fined you £5.00 for Dishes" });
    act(() => socket.receive({ type: "notification", data: fine }));

    expect(await screen.findByText("You were fined")).toBeInTheDocument();
    expect(screen.getByText("Bo fined you £5.00 for Dishes")).toBeInTheDocument();
    const list = queryClient.getQueryData(getNotificationsQueryOptions().queryKey);
    expect(list?.notifications.map((each) => each.title)).toEqual(["You were fined", "Older news"]);
  });

  it("updates a notification it already has, without another toast", async () => {
    const known = buildNotification({ title: "Older news", is_read: false });
    const { socket, queryClient } = await renderLive([known]);
    act(() => socket.receive({ type: "notification", data: { ...known, is_read: true } }));

    const list = queryClient.getQueryData(getNotificationsQueryOptions().queryKey);
    expect(list?.notifications).toEqual([{ ...known, is_read: true }]);
    expect(screen.queryByText("Older news")).not.toBeInTheDocument();
  });

  it("falls back to 'New Notification' and 'You have a new notification' for a blank one", async () => {
    const { socket } = await renderLive();
    act(() => socket.receive({ type: "notification", data: buildNotification({ title: "", message: "" }) }));
    expect(await screen.findByText("New Notification")).toBeInTheDocument();
    expect(screen.getByText("You have a new notification")).toBeInTheDocument();
  });

  it("shows the pushed counts on the bell", async () => {
    const { socket } = await renderLive();
    act(() => socket.receive({ type: "notification_count", data: { total: 9, unread: 4 } }));
    expect(screen.getByRole("button", { name: "Notifications, 4 unread" })).toBeInTheDocument();
    expect(useNotificationCountsStore.getState()).toMatchObject({ total: 9, unread: 4 });
  });

  it("refreshes the household's fines and balance on fine-related notifications only", async () => {
    const { socket, queryClient } = await renderLive();
    const keys = [
      finePageQueryOptions({ household: HOUSEHOLD_ID }, { limit: 10 }).queryKey,
      finePageQueryOptions({ offender: USER_ID }, { limit: 3, status: "pending" }).queryKey,
      householdBalanceQueryKey(HOUSEHOLD_ID),
    ];
    for (const queryKey of keys) queryClient.setQueryData(queryKey, []);
    const invalidated = () => keys.map((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);

    act(() => socket.receive({ type: "notification", data: buildNotification({ type_id: "rule_created" }) }));
    expect(invalidated()).toEqual([false, false, false]);

    for (const type_id of [
      "fine_received",
      "fine_paid",
      "fine_disputed",
      "dispute_resolved",
      "fine_updated",
    ] as const) {
      for (const queryKey of keys) queryClient.setQueryData(queryKey, []);
      act(() => socket.receive({ type: "notification", data: buildNotification({ type_id }) }));
      expect(invalidated(), type_id).toEqual([true, true, true]);
    }
  });

  it("fetches the list again every 120 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { server } = await renderLive();
    expect(listCalls(server.requests)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(listCalls(server.requests)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(listCalls(server.requests)).toBe(2);
  });

  it("tells the person the connection is lost after five failed reconnects", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { socket } = await renderLive();
    act(() => socket.drop());
    for (const delay of [1_000, 2_000, 4_000, 8_000]) {
      act(() => {
        vi.advanceTimersByTime(delay);
      });
      act(() => FakeWebSocket.latest().drop());
    }
    act(() => {
      vi.advanceTimersByTime(16_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(6);
    // Sonner shows toasts on timers of its own: the last failure happens on real ones.
    vi.useRealTimers();
    expect(screen.queryByText("Connection lost. Please refresh the page.")).not.toBeInTheDocument();
    act(() => FakeWebSocket.latest().drop());
    expect(await screen.findByText("Connection lost. Please refresh the page.")).toBeInTheDocument();
  });

  it("disconnects for good when the person leaves the shell", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { socket, unmount } = await renderLive();
    unmount();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: "Disconnected" });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("disconnects and clears the counts when the person signs out", async () => {
    const { socket } = await renderLive();
    act(() => socket.receive({ type: "notification_count", data: { total: 3, unread: 3 } }));
    act(() => useAuthStore.getState().signOutLocally());
    expect(socket.closedByClient).not.toBeNull();
    expect(useNotificationCountsStore.getState()).toMatchObject({ total: 0, unread: 0 });
    expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
  });
});
