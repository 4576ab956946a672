import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { SOCKET_CLOSE } from "@housemate/contract";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { notifications } from "../src/db/schema.js";
import { recordNotification } from "../src/features/notifications/record.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { TEST_ENGINE } from "./helpers/database.js";
import { buildMember } from "./helpers/factories.js";
import { listen, openSocket } from "./helpers/socket-client.js";

/** An event recorded `times` over in one transaction through `app` (either instance), as a feature would. */
async function happenOn(app: FastifyInstance, recipientIds: string[], title = "New fine", times = 1) {
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < times; i++) {
      await recordNotification(
        tx,
        { type: "fine_received", householdId: null, recipientIds, title, message: "Sam fined you" },
        PUBLIC_URL,
      );
    }
  });
}

/** The ids of a user's stored notifications with this title. */
async function storedIds(app: FastifyInstance, userId: string, title: string) {
  const rows = await app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
  return rows.map((row) => row.id);
}

// LISTEN/NOTIFY needs PostgreSQL; PGlite runs one instance, in-process (see socket.test.ts).
describe.runIf(TEST_ENGINE === "postgres")("two server instances on one PostgreSQL database", () => {
  let t: TestContext; // instance A, which owns the database
  let b: FastifyInstance;
  let bDatabase: DatabaseHandle;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    t = await createTestContext();
    const connectionString = t.app.database.pool?.options.connectionString;
    if (!connectionString) throw new Error("instance A is not on PostgreSQL");
    bDatabase = await openDatabase({ url: connectionString, poolSize: 5 });
    const config = loadConfig({ PUBLIC_URL, SMTP_URL: t.smtp.url, LOG_LEVEL: "silent" });
    b = await buildApp({ config, database: bDatabase, now: () => t.clock.now, logger: false, webRoot: null });
    urlA = await listen(t.app);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await b.close();
    await bDatabase.close();
    await t.close();
  });

  it("a socket on instance A receives a notification delivered through instance B within 1 s", async () => {
    const { user, token } = await buildMember(t.db);
    const socket = await openSocket(urlA, token);
    await socket.next("notification_count");

    const started = Date.now();
    await happenOn(b, [user.id], "Fined through B");
    const pushed = await socket.next("notification", undefined, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(pushed.data).toMatchObject({
      id: (await storedIds(b, user.id, "Fined through B"))[0],
      title: "Fined through B",
    });
    expect((await socket.next("notification_count", undefined, 1000)).data).toEqual({ total: 1, unread: 1 });
    socket.close();
  });

  it("the instance that recorded the event pushes it once, hearing its commit like every other instance", async () => {
    const { user, token } = await buildMember(t.db);
    const onB = await openSocket(urlB, token);
    await onB.next("notification_count");

    await happenOn(b, [user.id], "First, through B");
    await onB.next("notification", (m) => m.data.title === "First, through B");
    // NOTIFYs arrive in commit order: once B has pushed A's later event, its own echo has come and gone.
    await happenOn(t.app, [user.id], "Second, through A");
    await onB.next("notification", (m) => m.data.title === "Second, through A");
    const titles = onB.received.flatMap((m) => (m.type === "notification" ? [m.data.title] : []));
    expect(titles).toEqual(["First, through B", "Second, through A"]);
    onB.close();
  });

  it("sends many notifications at once in several payloads, all arriving", async () => {
    const { user, token } = await buildMember(t.db);
    const socket = await openSocket(urlA, token);
    await socket.next("notification_count");

    await happenOn(b, [user.id], "Batch", 150);
    const stored = await storedIds(b, user.id, "Batch");
    expect(stored).toHaveLength(150);
    const pushed = [];
    for (let i = 0; i < 150; i++) pushed.push((await socket.next("notification", undefined, 5000)).data.id);
    expect(new Set(pushed)).toEqual(new Set(stored));
    expect((await socket.next("notification_count", (m) => m.data.total === 150)).data.unread).toBe(150);
    socket.close();
  });

  it("marking read through B updates the count on A's sockets", async () => {
    const { user, token } = await buildMember(t.db);
    await happenOn(b, [user.id]);
    const socket = await openSocket(urlA, token);
    expect((await socket.next("notification_count")).data).toEqual({ total: 1, unread: 1 });

    const res = await b.inject({
      method: "PUT",
      url: "/api/notifications/read-all",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    // The event's own push may reach A after the socket opened and still say unread 1; what matters is that
    // the read through B arrives as a count of 0 within the second.
    const count = await socket.next("notification_count", (message) => message.data.unread === 0, 1000);
    expect(count.data).toEqual({ total: 1, unread: 0 });
    socket.close();
  });

  it("a session revoked through B closes its socket on A at once", async () => {
    const { token } = await buildMember(t.db);
    const socket = await openSocket(urlA, token);
    const res = await b.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.SESSION_ENDED);
  });

  it("re-listens after losing its database connection, bringing counts up to date", async () => {
    const { user, token } = await buildMember(t.db);
    const socket = await openSocket(urlA, token);
    await socket.next("notification_count");

    const killed = await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'housemate-realtime' and datname = current_database()`);
    expect(killed).toMatchObject({ rows: [{}, {}] }); // one listener per instance

    // Anything sent while it was away is lost, so the reconnected listener resends the counts.
    await socket.next("notification_count", undefined, 5000);
    await happenOn(b, [user.id], "After the outage");
    expect((await socket.next("notification", undefined, 1000)).data.title).toBe("After the outage");
    socket.close();
  });
});
