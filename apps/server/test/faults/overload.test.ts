import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { SERVER_BUSY_MESSAGE } from "../../src/lib/errors.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { TEST_ENGINE } from "../helpers/database.js";
import { buildHouseholdWithMembers } from "../helpers/factories.js";
import { timed } from "./helpers/app-over.js";

/**
 * Issue 9 'Load': past capacity the server sheds requests with a prompt 503 and Retry-After instead of
 * letting them queue into the client's time-out. Capacity here is MAX_IN_FLIGHT=4 requests, held in flight
 * by a database lock the test keeps, so whatever comes next is beyond it. PostgreSQL only: embedded PGlite
 * answers each query without giving the event loop back, so its requests are served one after another and
 * never pile up in flight (docs/reliability.md).
 */
describe.runIf(TEST_ENGINE === "postgres")("beyond capacity", () => {
  const MAX_IN_FLIGHT = 4;
  let t: TestContext;
  let base: string;
  let token: string;
  let householdId: string;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    t = await createTestContext({ env: { MAX_IN_FLIGHT: String(MAX_IN_FLIGHT) } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const flat = await buildHouseholdWithMembers(t.db, 1);
    token = flat.owner.token;
    householdId = flat.household.id;
    databaseUrl = t.app.database.pool?.options.connectionString;
  });
  afterAll(async () => {
    // fetch keeps the sockets of requests it aborted open and busy; they would hold close() for a minute.
    t.app.server.closeAllConnections();
    await t.close();
  });

  const addNote = (signal?: AbortSignal) =>
    fetch(`${base}/api/sticky-notes`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Bins out on Tuesday" }),
      ...(signal ? { signal } : {}),
    });

  /** Takes the household's lock on a connection of the test's own: every new note waits in the database. */
  async function holdHousehold() {
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from households where id = $1 for update", [householdId]);
    return async () => {
      await holder.query("commit");
      await holder.end();
    };
  }

  /** How many statements wait for a lock (asked outside the app's pool, which they fill). */
  async function waitingOnLock() {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0]?.n;
    } finally {
      await client.end();
    }
  }

  it("answers the excess at once with 503 and Retry-After, reports itself degraded, and finishes what it took", async () => {
    const release = await holdHousehold();
    const taken = Array.from({ length: MAX_IN_FLIGHT }, () => addNote());
    await expect.poll(waitingOnLock, { timeout: 5_000 }).toBe(MAX_IN_FLIGHT);

    const { result: excess, ms } = await timed(() => Promise.all(Array.from({ length: 20 }, () => addNote())));
    expect(ms).toBeLessThan(1_000);
    for (const res of excess) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(await res.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: SERVER_BUSY_MESSAGE } });
    }
    // Health is never shed, and tells a load balancer the truth: degraded while the server sheds (issue 13).
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      error: { code: "SERVICE_UNAVAILABLE", details: { status: "degraded" } },
    });

    await release();
    expect((await Promise.all(taken)).map((res) => res.status)).toEqual(Array<number>(MAX_IN_FLIGHT).fill(201));
  });

  it("gives back the places of clients that hung up while they waited", async () => {
    const release = await holdHousehold();
    const controllers = Array.from({ length: MAX_IN_FLIGHT }, () => new AbortController());
    // Each waits on the lock until its client hangs up: it can only end aborted.
    const gone = controllers.map((controller) =>
      expect(addNote(controller.signal)).rejects.toMatchObject({ name: "AbortError" }),
    );
    await expect.poll(waitingOnLock, { timeout: 5_000 }).toBe(MAX_IN_FLIGHT);
    for (const controller of controllers) controller.abort();
    await Promise.all(gone);
    await release();

    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, () => addNote()));
      expect(answers.map((res) => res.status)).toEqual(Array<number>(MAX_IN_FLIGHT).fill(201));
    }
  });
});
