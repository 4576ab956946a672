import { once } from "node:events";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SOCKET_CLOSE, SOCKET_MAX_MESSAGE_BYTES } from "@housemate/contract";
import { notifications, sessions, users } from "../src/db/schema.js";
import { recordNotification } from "../src/features/notifications/record.js";
import { MAX_SOCKETS_PER_USER } from "../src/features/notifications/socket-hub.js";
import { redactTokens } from "../src/lib/request-log.js";
import { sha256 } from "../src/lib/tokens.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildMember, buildSession } from "./helpers/factories.js";
import { listen, openSocket, refusedUpgrade } from "./helpers/socket-client.js";

/** An event for `recipientIds`, recorded the way features record theirs: its commit delivers it. */
async function happen(t: TestContext, recipientIds: string[], title = "New fine") {
  await t.db.transaction((tx) =>
    recordNotification(
      tx,
      { type: "fine_received", householdId: null, recipientIds, title, message: "Sam fined you" },
      PUBLIC_URL,
    ),
  );
}

describe("live socket", () => {
  let t: TestContext;
  let url: string;
  beforeAll(async () => {
    t = await createTestContext();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  describe("refuses the upgrade with 401", () => {
    it("without a token", async () => {
      const refused = await refusedUpgrade(url);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body).error.code).toBe("UNAUTHENTICATED");
    });

    it("with an unknown token", async () => {
      expect((await refusedUpgrade(`${url}?token=not-a-session`)).status).toBe(401);
    });

    it("with an expired or revoked session", async () => {
      const { user } = await buildMember(t.db);
      const expired = await buildSession(t.db, user.id, new Date(t.clock.now.getTime() - 1000));
      expect((await refusedUpgrade(`${url}?token=${expired}`)).status).toBe(401);
      const revoked = await buildSession(t.db, user.id);
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, sha256(revoked)));
      expect((await refusedUpgrade(`${url}?token=${revoked}`)).status).toBe(401);
    });
  });

  it("greets with the current count and answers ping with pong", async () => {
    const { user, token } = await buildMember(t.db);
    await happen(t, [user.id]);
    const socket = await openSocket(url, token);
    expect((await socket.next("notification_count")).data).toEqual({ total: 1, unread: 1 });
    socket.send({ type: "ping" });
    await socket.next("pong");
    socket.close();
  });

  it("ignores messages it does not understand and stays open", async () => {
    const { token } = await buildMember(t.db);
    const socket = await openSocket(url, token);
    await socket.next("notification_count");
    socket.send("{not json");
    socket.send({ type: "subscribe", data: "everything" });
    socket.send(Buffer.from([1, 2, 3]));
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send({ type: "ping" });
    await socket.next("pong");
    expect(socket.inbox).toEqual([]);
    socket.close();
  });

  it("closes a socket that sends an oversized message", async () => {
    const { token } = await buildMember(t.db);
    const socket = await openSocket(url, token);
    socket.send({ type: "ping", padding: "x".repeat(SOCKET_MAX_MESSAGE_BYTES) });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.TOO_BIG);
  });

  it("pushes a notification and the new count to every open socket of the recipient, and to no one else", async () => {
    const recipient = await buildMember(t.db);
    const bystander = await buildMember(t.db);
    const phone = await openSocket(url, recipient.token);
    const laptop = await openSocket(url, recipient.token);
    const other = await openSocket(url, bystander.token);
    for (const socket of [phone, laptop, other]) await socket.next("notification_count");

    await happen(t, [recipient.user.id], "New fine");
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.userId, recipient.user.id));
    for (const socket of [phone, laptop]) {
      const pushed = await socket.next("notification");
      expect(pushed.data).toMatchObject({ id: stored?.id, title: "New fine", is_read: false });
      expect((await socket.next("notification_count")).data).toEqual({ total: 1, unread: 1 });
    }

    // Pushes go out in order: once the bystander has their own, the recipient's has long gone by.
    await happen(t, [bystander.user.id], "Yours");
    expect((await other.next("notification")).data.title).toBe("Yours");
    expect(other.received.filter((m) => m.type === "notification")).toHaveLength(1);
    for (const socket of [phone, laptop, other]) socket.close();
  });

  it("pushes the new count when notifications are marked read", async () => {
    const { user, token } = await buildMember(t.db);
    await happen(t, [user.id]);
    await happen(t, [user.id]);
    const [first] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const socket = await openSocket(url, token);
    expect((await socket.next("notification_count")).data).toEqual({ total: 2, unread: 2 });

    await t.request({ method: "PUT", url: `/api/notifications/${first?.id}/read`, token });
    expect((await socket.next("notification_count")).data).toEqual({ total: 2, unread: 1 });
    await t.request({ method: "PUT", url: "/api/notifications/read-all", token });
    expect((await socket.next("notification_count")).data).toEqual({ total: 2, unread: 0 });
    socket.close();
  });

  describe("closes with 4401 when the session ends", () => {
    it("as soon as it is revoked (logout), the same session's sockets only", async () => {
      const { user, token } = await buildMember(t.db);
      const otherDevice = await buildSession(t.db, user.id);
      const socket = await openSocket(url, token);
      const stays = await openSocket(url, otherDevice);
      expect((await t.request({ method: "POST", url: "/api/auth/logout", token })).statusCode).toBe(200);
      expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.SESSION_ENDED, reason: "Session ended" });

      stays.send({ type: "ping" });
      await stays.next("pong");
      stays.close();
    });

    it("as soon as the account is deleted", async () => {
      const { user, token } = await buildMember(t.db);
      const socket = await openSocket(url, token);
      expect((await t.request({ method: "DELETE", url: `/api/users/${user.id}`, token })).statusCode).toBe(200);
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.SESSION_ENDED);
    });

    it("at the next heartbeat when the account was deleted behind the server's back", async () => {
      const { user, token } = await buildMember(t.db);
      const socket = await openSocket(url, token);
      await t.db.update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, user.id));
      await t.app.notifications.heartbeat();
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.SESSION_ENDED);
    });

    it("at the next heartbeat when it expired", async () => {
      const { user } = await buildMember(t.db);
      const token = await buildSession(t.db, user.id, new Date(t.clock.now.getTime() + 60_000));
      const socket = await openSocket(url, token);
      t.clock.advance(61_000);
      await t.app.notifications.heartbeat();
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.SESSION_ENDED);
    });
  });

  it("drops a connection that stops answering the heartbeat", async () => {
    const { token } = await buildMember(t.db);
    // The server's end of the live socket, which tells when a pong has reached it.
    const accepted = new Promise<WebSocket>((resolve) => t.app.websocketServer.once("connection", resolve));
    const alive = await openSocket(url, token);
    const aliveOnServer = await accepted;
    const dead = await openSocket(url, token, { autoPong: false });
    await alive.next("notification_count");
    await dead.next("notification_count");
    const before = t.app.notifications.connections;

    const ponged = once(aliveOnServer, "pong");
    await t.app.notifications.heartbeat(); // pings; the live client answers
    await ponged; // rather than a sleep that hopes the pong has arrived
    await t.app.notifications.heartbeat(); // no answer since the last one: dropped
    expect((await dead.closed).code).toBe(1006);
    expect(t.app.notifications.connections).toBe(before - 1);
    alive.send({ type: "ping" });
    await alive.next("pong");
    alive.close();
  });

  it("lets one user hold a bounded number of sockets, the oldest giving way", async () => {
    const { token } = await buildMember(t.db);
    const sockets = [];
    for (let i = 0; i <= MAX_SOCKETS_PER_USER; i++) sockets.push(await openSocket(url, token));
    const [oldest, ...rest] = sockets;
    expect((await oldest?.closed)?.code).toBe(SOCKET_CLOSE.TOO_MANY_CONNECTIONS);
    const newest = rest.at(-1);
    newest?.send({ type: "ping" });
    await newest?.next("pong");
    for (const socket of rest) socket.close();
  });

  it("keeps session tokens out of request logs", () => {
    expect(redactTokens("/ws?token=abc.def-123")).toBe("/ws?token=[redacted]");
    expect(redactTokens("/auth/verify?x=1&token=abc#top")).toBe("/auth/verify?x=1&token=[redacted]#top");
    expect(redactTokens("/api/notifications")).toBe("/api/notifications");
  });
});

describe("live socket on shutdown", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("closes every socket with 1001 so clients reconnect elsewhere", async () => {
    const url = await listen(t.app);
    const { token } = await buildMember(t.db);
    const socket = await openSocket(url, token);
    await socket.next("notification_count");
    await t.app.close();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.GOING_AWAY);
  });
});
