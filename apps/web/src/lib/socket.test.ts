import { afterEach, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from "vitest";
import { SOCKET_CLOSE, type ServerMessage } from "@housemate/contract";
import { connectLiveSocket, MAX_RECONNECT_ATTEMPTS, reconnectDelay, socketUrl, type LiveSocket } from "./socket";
import { FakeWebSocket } from "./testing/fake-websocket";

const notification = {
  id: "7b0d1f8e-4d5c-4a7b-9a3e-1f2c3d4e5f60",
  type_id: "fine_received",
  title: "You were fined",
  message: "Ana fined you £5.00 for Dishes",
  is_read: false,
  created_at: "2026-03-04T15:45:00.000Z",
} as const;

let received: ServerMessage[];
let lost: Mock<() => void>;
let ended: Mock<() => void>;
let warn: MockInstance<typeof console.warn>;
let live: LiveSocket | undefined;

function connect() {
  live = connectLiveSocket("tok/en+1", {
    onMessage: (message) => received.push(message),
    onConnectionLost: lost,
    onSessionEnded: ended,
  });
  return FakeWebSocket.latest();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeWebSocket);
  FakeWebSocket.reset();
  received = [];
  lost = vi.fn<() => void>();
  ended = vi.fn<() => void>();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  live?.disconnect();
  live = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe("live socket address", () => {
  it("is /ws on this origin, with the session token in the query string", () => {
    expect(socketUrl("abc", "http://localhost:3000")).toBe("ws://localhost:3000/ws?token=abc");
    expect(socketUrl("a+b/c=", "https://housemate.example")).toBe("wss://housemate.example/ws?token=a%2Bb%2Fc%3D");
    expect(connect().url).toBe(`ws://${window.location.host}/ws?token=tok%2Fen%2B1`);
  });
});

describe("live socket keep-alive", () => {
  it("pings every 30 seconds while open, and stops when disconnected", () => {
    const socket = connect();
    socket.accept();
    vi.advanceTimersByTime(29_999);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([{ type: "ping" }]);
    vi.advanceTimersByTime(60_000);
    expect(socket.sent).toEqual([{ type: "ping" }, { type: "ping" }, { type: "ping" }]);

    live?.disconnect();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: "Disconnected" });
    vi.advanceTimersByTime(120_000);
    expect(socket.sent).toHaveLength(3);
  });
});

describe("live socket reconnects", () => {
  it("waits 1, 2, 4, 8 and 16 seconds, capped at 30", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("follows the backoff schedule after an unintended close, then gives up after 5 attempts", () => {
    connect().drop();
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      FakeWebSocket.latest().drop();
    }
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    expect(lost).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it("starts counting afresh after a successful reconnect", () => {
    connect().drop();
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2_000);
    const third = FakeWebSocket.latest();
    third.accept();
    third.drop(1001, "Server shutting down");
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(lost).not.toHaveBeenCalled();
  });

  it("does not reconnect after a deliberate disconnect, even one made while waiting to retry", () => {
    connect().drop();
    live?.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(lost).not.toHaveBeenCalled();
  });

  it("closes a socket disconnected while still connecting only once it has opened (a browser logs an error otherwise)", () => {
    const socket = connect();
    live?.disconnect();
    expect(socket.closedByClient).toBeNull();
    socket.accept();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: "Disconnected" });
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.sent).toEqual([]);
  });

  it("does not reconnect when the server ends the session", () => {
    const socket = connect();
    socket.accept();
    socket.drop(SOCKET_CLOSE.SESSION_ENDED, "Session ended");
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ended).toHaveBeenCalledOnce();
    expect(lost).not.toHaveBeenCalled();
  });
});

describe("live socket and the network (issue 22)", () => {
  const setOffline = (offline: boolean) => window.dispatchEvent(new Event(offline ? "offline" : "online"));
  afterEach(() => setOffline(false));

  it("waits for the network rather than spending its attempts, and reconnects the moment it is back", () => {
    connect().accept();
    setOffline(true);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(lost).not.toHaveBeenCalled();
  });

  it("closes the open socket when the network goes, without stopping, and opens a fresh one when it returns", () => {
    const first = connect();
    first.accept();
    setOffline(true);
    // A socket kept through the outage may be half dead and would never report its close: it goes now.
    expect(first.closedByClient).toEqual({ code: 1000, reason: "Offline" });
    expect(FakeWebSocket.instances).toHaveLength(1);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest()).not.toBe(first);
    FakeWebSocket.latest().accept();
    expect(lost).not.toHaveBeenCalled();
  });

  it("cuts a backoff wait short when the network returns", () => {
    connect().drop();
    FakeWebSocket.latest().drop();
    setOffline(true);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("starts afresh after giving up, once the network returns", () => {
    connect().drop();
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      vi.advanceTimersByTime(delay);
      FakeWebSocket.latest().drop();
    }
    expect(lost).toHaveBeenCalledOnce();
    setOffline(true);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(7);
  });

  it("opened offline, connects only once the network is there; a deliberate disconnect stays disconnected", () => {
    setOffline(true);
    live = connectLiveSocket("tok/en+1", { onMessage: () => undefined, onConnectionLost: lost });
    expect(FakeWebSocket.instances).toHaveLength(0);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    live.disconnect();
    setOffline(true);
    setOffline(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe("live socket messages", () => {
  it("hands on notifications and counts, and ignores pong", () => {
    const socket = connect();
    socket.accept();
    socket.receive({ type: "pong" });
    socket.receive({ type: "notification", data: notification });
    socket.receive({ type: "notification_count", data: { total: 4, unread: 2 } });
    expect(received).toEqual([
      { type: "notification", data: notification },
      { type: "notification_count", data: { total: 4, unread: 2 } },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("only logs unknown types, malformed data and unreadable frames", () => {
    const socket = connect();
    socket.accept();
    socket.receive({ type: "fireworks", data: {} });
    socket.receive({ type: "notification", data: "You were fined" });
    socket.receive("{not json");
    expect(received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]?.[0])).toContain("fireworks");
    expect(socket.isOpen).toBe(true);
  });
});
